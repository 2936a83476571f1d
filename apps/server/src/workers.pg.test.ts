// WORKERS=2 on PostgreSQL: the real server (src/main.ts) as a primary process (migrations, seed, background
// jobs) and two worker processes, each with its own pool, that answer HTTP on one port. Each new connection
// goes to the next worker, so requests on separate connections reach both. PostgreSQL only (vitest.config.ts).
import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveCapacityThroughApi, laDate } from "./test/factories";
import { freshPostgres } from "./test/harness";
import { startServerProcess, TEST_ADMIN } from "./test/server-process";
import { sseClient } from "./test/sse-client";

const ADMIN = TEST_ADMIN;

let child: ChildProcess;
let base: string;
let dataDir: string;
let pg: { url: string; drop: () => Promise<void> };
let log: string[] = [];
let customerCookie: string;
let vehicleId: string;


const workerPids = () => {
  try {
    return execFileSync("pgrep", ["-P", String(child.pid), "-f", "main.js"], { encoding: "utf8" }).trim().split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/** A request on a connection of its own (so it goes to the next worker in turn), answered as a fetch Response. */
function request(p: string, init: { method?: string; body?: string; cookie?: string; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: base, ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body) headers["content-type"] = "application/json";
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${p}`, { method: init.method ?? "GET", headers, agent: false, signal: init.signal }, (res) => {
      const h = new Headers();
      for (const [k, v] of Object.entries(res.headers)) for (const one of ([] as string[]).concat(v ?? [])) h.append(k, one);
      resolve(new Response(Readable.toWeb(res) as ReadableStream, { status: res.statusCode, headers: h }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await request("/api/auth/sign-in/email", { method: "POST", body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function quoteId(): Promise<string> {
  const res = await request("/api/quotes", {
    method: "POST",
    body: JSON.stringify({ pickupPlaceId: "emb:apt:LAX", dropoffPlaceId: "emb:zip:90210", vehicleTypeId: vehicleId, passengers: 1, luggage: 0, date: laDate(1), time: "12:00" }),
  });
  const body = (await res.json()) as { quoteId: string };
  if (res.status !== 200) throw new Error(`quote failed: ${res.status} ${JSON.stringify(body)}`);
  return body.quoteId;
}

const book = (key: string, quote: string) =>
  request("/api/bookings", { method: "POST", cookie: customerCookie, headers: { "idempotency-key": key }, body: JSON.stringify({ service: "ride", paymentMethod: "pm_card_visa", quoteId: quote }) });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-workers-"));
  pg = await freshPostgres();
  const server = await startServerProcess({ WORKERS: "2", DATA_DIR: dataDir, DATABASE_URL: pg.url });
  ({ child, base, log } = server);
  expect(log.join("")).toContain("2 worker processes");

  // A verified customer: sign up, follow the link from the embedded outbox.
  const email = `workers-${Date.now()}@example.com`;
  const password = "correct-horse-battery";
  const signUp = await request("/api/auth/sign-up/email", { method: "POST", body: JSON.stringify({ name: "Worker Customer", email, password }) });
  expect(signUp.status).toBe(200);
  const mailbox = (await (await request(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { emails: { text: string }[] };
  const link = new URL(mailbox.emails[0]!.text.match(/https?:\/\/\S+/)![0]);
  await request(link.pathname + link.search);
  customerCookie = await signIn(email, password);
  const vehicles = (await (await request("/api/vehicles")).json()) as { vehicles: { id: string }[] };
  vehicleId = vehicles.vehicles[0]!.id;
  // A few rides tomorrow at 12:00: chauffeurs on shift and cars for them.
  await giveCapacityThroughApi(base, await signIn(TEST_ADMIN.email, TEST_ADMIN.password), { dates: [laDate(1)], chauffeurs: 4, unitsPerType: 4, vehicleTypeIds: [vehicleId] });
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGKILL");
    for (const pid of workerPids()) process.kill(pid, "SIGKILL");
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  await pg?.drop();
});

describe("WORKERS=2 on PostgreSQL", () => {
  it("runs a primary and two worker processes on one port", () => {
    expect(log.join("")).toContain(`Meridian is running at ${base}`);
    expect(workerPids()).toHaveLength(2);
  });

  it("announces a booking made on one worker to admin streams on both, exactly once each", async () => {
    const adminCookie = await signIn(ADMIN.email, ADMIN.password);
    const controllers = [new AbortController(), new AbortController()];
    const streams = await Promise.all(
      controllers.map(async (c) => {
        const res = await request("/api/realtime", { cookie: adminCookie, signal: c.signal });
        expect(res.status).toBe(200);
        return sseClient(res);
      }),
    );
    try {
      const booked = await book(crypto.randomUUID(), await quoteId());
      expect(booked.status).toBe(201);
      const body = (await booked.json()) as { booking: { id: string } };
      for (const stream of streams) {
        const ev = await stream.next(1000);
        expect(ev.event).toBe("booking.created");
        expect(JSON.parse(ev.data).bookingId).toBe(body.booking.id);
      }
      await new Promise((r) => setTimeout(r, 200));
      for (const stream of streams) expect(stream.events).toHaveLength(1);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
      for (const c of controllers) c.abort();
    }
  });

  it("makes exactly one booking from 50 concurrent requests with one key across the workers", async () => {
    const key = crypto.randomUUID();
    const quote = await quoteId();
    const before = ((await (await request("/api/me/bookings", { cookie: customerCookie })).json()) as { bookings: unknown[] }).bookings.length;
    const results = await Promise.all(Array.from({ length: 50 }, () => book(key, quote)));
    const bodies = (await Promise.all(results.map((r) => r.json()))) as { booking?: { id: string }; error?: { code: string } }[];
    const after = ((await (await request("/api/me/bookings", { cookie: customerCookie })).json()) as { bookings: { id: string }[] }).bookings;
    expect(after.length).toBe(before + 1);
    for (const [i, r] of results.entries()) {
      expect([201, 409]).toContain(r.status);
      if (r.status === 201) expect(bodies[i]!.booking!.id).toBe(after[0]!.id);
      else expect(bodies[i]!.error!.code).toBe("idempotency_in_progress");
    }
    expect(results.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
  });

  it("replaces a worker that dies, and keeps answering meanwhile", async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim!, "SIGKILL");
    // Once the primary has seen it go (it says so), no new connection is handed to it.
    await expect.poll(() => log.join(""), { timeout: 5000 }).toContain("a worker process stopped; starting another");
    for (let i = 0; i < 6; i++) expect((await request("/api/health")).status).toBe(200);
    await expect.poll(() => workerPids().length, { timeout: 10_000 }).toBe(2);
    expect(workerPids()).toContain(survivor);
    expect(workerPids()).not.toContain(victim);
    expect(await quoteId()).toMatch(/\./);
  });

  it("stops cleanly on SIGTERM: workers first, then the primary, within 10 s", async () => {
    const pids = workerPids();
    const t0 = Date.now();
    child.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});
