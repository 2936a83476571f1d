// SIGTERM during a stream of bookings, on the real server: the embedded default (one process) on PGlite, or
// WORKERS=2 on PostgreSQL. Every booking request either succeeded (201) with its row, or was refused before
// any write (its connection refused or closed, and no row with its key); bookings in flight at the signal
// complete and are answered; an admin's event stream ends with a retry hint; the server exits 0 within 10 s.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres } from "./db/postgres-url";
import { giveCapacityThroughApi, laDate } from "./test/factories";
import { freshPostgres } from "./test/harness";
import { startServerProcess, TEST_ADMIN, type ServerProcess } from "./test/server-process";
import { sseClient } from "./test/sse-client";

const onPostgres = process.env.TEST_DB === "postgres";
let server: ServerProcess;
let dataDir: string;
let pg: { url: string; drop: () => Promise<void> } | undefined;

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** A request on `agent`; resolves its answer, rejects on a connection error. */
function request(agent: http.Agent | false, p: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      server.base + p,
      { method: init.method ?? "GET", agent, headers: { origin: server.base, ...(payload ? { "content-type": "application/json" } : {}), ...init.headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, body: text, headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function signUpAndIn(email: string, password: string): Promise<string> {
  const signUp = await request(false, "/api/auth/sign-up/email", { method: "POST", body: { name: "Shutdown Customer", email, password } });
  expect(signUp.status).toBe(200);
  const mailbox = JSON.parse((await request(false, `/api/dev/mailbox?to=${encodeURIComponent(email)}`)).body) as { emails: { text: string }[] };
  const link = new URL(mailbox.emails[0]!.text.match(/https?:\/\/\S+/)![0]);
  await request(false, link.pathname + link.search);
  return signIn(email, password);
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await request(false, "/api/auth/sign-in/email", { method: "POST", body: { email, password } });
  expect(res.status).toBe(200);
  return ([] as string[])
    .concat(res.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .join("; ");
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-shutdown-"));
  if (onPostgres) pg = await freshPostgres();
  server = await startServerProcess(onPostgres ? { DATABASE_URL: pg!.url, WORKERS: "2", DATA_DIR: dataDir } : { DATABASE_URL: "", WORKERS: "1", DATA_DIR: dataDir });
}, 120_000);

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
  await pg?.drop();
});

describe(`SIGTERM during bookings (${onPostgres ? "PostgreSQL, WORKERS=2" : "embedded PGlite, one process"})`, () => {
  it("answers every booking it took with a row, refuses the rest before writing, ends event streams with a retry hint, exits 0 in time", async () => {
    const cookie = await signUpAndIn(`shutdown-${Date.now()}@example.com`, "correct-horse-battery");
    const adminCookie = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const vehicles = JSON.parse((await request(false, "/api/vehicles")).body) as { vehicles: { id: string }[] };
    // A ride every quarter hour round the clock: about five under way at any moment.
    await giveCapacityThroughApi(server.base, adminCookie, { dates: [laDate(2), laDate(3), laDate(4)], chauffeurs: 8, unitsPerType: 8, vehicleTypeIds: [vehicles.vehicles[0]!.id] });
    const quoteIds: string[] = [];
    for (let n = 0; n < 240; n++) {
      const q = await request(false, "/api/quotes", {
        method: "POST",
        body: { pickupPlaceId: "emb:apt:LAX", dropoffPlaceId: "emb:zip:90210", vehicleTypeId: vehicles.vehicles[0]!.id, passengers: 1, luggage: 0, date: laDate(2 + Math.floor(n / 96)), time: `${String(Math.floor((n % 96) / 4)).padStart(2, "0")}:${String((n % 4) * 15).padStart(2, "0")}` },
      });
      expect(q.status).toBe(200);
      quoteIds.push((JSON.parse(q.body) as { quoteId: string }).quoteId);
    }
    expect((await request(false, "/api/health/ready")).status).toBe(200);

    const streamAbort = new AbortController();
    const streamRes = await fetch(`${server.base}/api/realtime`, { headers: { cookie: adminCookie }, signal: streamAbort.signal });
    expect(streamRes.status).toBe(200);
    const stream = sseClient(streamRes);

    // Eight customers' worth of connections booking one distinct quote after another until the server is gone.
    type Outcome = { key: string; started: number; finished: number; status?: number; bookingId?: string; error?: string };
    const outcomes: Outcome[] = [];
    let next = 0;
    let sigtermAt = Infinity;
    const loops = Array.from({ length: 8 }, async (_, loop) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = next++; i < quoteIds.length; i = next++) {
        const o: Outcome = { key: `shutdown-${loop}-${i}`, started: performance.now(), finished: 0 };
        outcomes.push(o);
        try {
          const res = await request(agent, "/api/bookings", { method: "POST", headers: { cookie, "idempotency-key": o.key }, body: { service: "ride", paymentMethod: "pm_card_visa", quoteId: quoteIds[i] } });
          o.status = res.status;
          if (res.status === 201) o.bookingId = (JSON.parse(res.body) as { booking: { id: string } }).booking.id;
        } catch (err) {
          o.error = (err as NodeJS.ErrnoException).code ?? String(err);
          if (performance.now() > sigtermAt && o.error === "ECONNREFUSED") break; // the port is closed: stop trying
        } finally {
          o.finished = performance.now();
        }
      }
      agent.destroy();
    });

    while (outcomes.filter((o) => o.status === 201).length < 20) await new Promise((r) => setTimeout(r, 5));
    sigtermAt = performance.now();
    server.child.kill("SIGTERM");
    const code = await server.exited;
    const stoppedIn = performance.now() - sigtermAt;
    await Promise.all(loops);
    streamAbort.abort();

    expect(code).toBe(0);
    expect(stoppedIn).toBeLessThan(10_000);
    // The event stream was told to come back in a second, and ended.
    expect(stream.retries).toContain(1000);
    expect(stream.ended).toBe(true);

    // Every answer was a booking or a refusal before any work: no 5xx, no other error.
    for (const o of outcomes) {
      if (o.status !== undefined) expect(o.status, o.key).toBe(201);
      else expect(["ECONNREFUSED", "ECONNRESET", "EPIPE"], `${o.key}: ${o.error}`).toContain(o.error);
    }
    const booked = outcomes.filter((o) => o.status === 201);
    const refused = outcomes.filter((o) => o.status === undefined);
    // Bookings in flight at the signal were completed and answered.
    expect(booked.filter((o) => o.started < sigtermAt && o.finished > sigtermAt).length).toBeGreaterThan(0);

    // The database afterwards: a row for every 201, none for any refused request.
    const rows = async (query: string, params: unknown[]) => {
      if (pg) {
        const sql = connectPostgres(pg.url, { max: 1, onnotice: () => {} });
        try {
          return await sql.unsafe(query, params as never[]);
        } finally {
          await sql.end();
        }
      }
      const db = await PGlite.create(path.join(dataDir, "pglite"));
      try {
        return (await db.query(query, params)).rows;
      } finally {
        await db.close();
      }
    };
    // A booking's payment_ref is its card authorisation, which carries the booking request's key.
    const written = (await rows(
      "select b.id::text as id, i.metadata->>'bookingKey' as key from bookings b join embedded_payment_intents i on i.id = b.payment_ref where i.metadata->>'bookingKey' like 'shutdown-%'",
      [],
    )) as unknown as { id: string; key: string }[];
    const byKey = new Map(written.map((r) => [r.key, r.id]));
    for (const o of booked) expect(byKey.get(o.key), o.key).toBe(o.bookingId);
    for (const o of refused) expect(byKey.has(o.key), o.key).toBe(false);
    expect(written).toHaveLength(booked.length);
  }, 120_000);
});
