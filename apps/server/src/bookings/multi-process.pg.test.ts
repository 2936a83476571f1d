// Two real server processes on one PostgreSQL database: one idempotency key makes one booking whichever
// process each request reaches, and a booking made on one process is announced on the other (LISTEN/NOTIFY).
// PostgreSQL only (vitest.config.ts runs *.pg.test.ts in the server-postgres project).
import type { ChildProcess } from "node:child_process";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres } from "../db/postgres-url";
import { demoFleet } from "../seed/seed";
import { giveCapacityThroughApi, laDate } from "../test/factories";
import { freshPostgres } from "../test/harness";
import { startServer as startServerProcess, stopServer, TEST_ADMIN, type ServerProcess } from "../test/server-process";
import { sseClient } from "../test/sse-client";

const ADMIN = TEST_ADMIN;

type Server = ServerProcess;
/** Every process started, stopped in afterAll even when another failed to start. */
const started: ChildProcess[] = [];
let db: { url: string; drop: () => Promise<void> };
let sql: postgres.Sql;
let a: Server;
let b: Server;

async function startServer(url: string): Promise<Server> {
  const server = await startServerProcess(url);
  started.push(server.child);
  return server;
}

async function signIn(s: Server, email: string, password: string): Promise<string> {
  const res = await fetch(`${s.base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: s.base },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function post(s: Server, p: string, json: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.base}${p}`, { method: "POST", headers: { "content-type": "application/json", origin: s.base, ...headers }, body: JSON.stringify(json) });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

let customerCookie: string;
let vehicleId: string;

beforeAll(async () => {
  db = await freshPostgres();
  sql = connectPostgres(db.url, { max: 2, onnotice: () => {} });
  // Both start at once on the empty database: one migrates and seeds, the other waits and finds the data.
  [a, b] = await Promise.all([startServer(db.url), startServer(db.url)]);

  const email = `multi-${Date.now()}@example.com`;
  const password = "correct-horse-battery";
  const signUp = await post(a, "/api/auth/sign-up/email", { name: "Multi Process", email, password });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  await sql`update "user" set email_verified = true where email = ${email}`;
  customerCookie = await signIn(a, email, password);
  const vehicles = (await (await fetch(`${b.base}/api/vehicles`)).json()) as { vehicles: { id: string; name: string }[] };
  vehicleId = vehicles.vehicles[0]!.id;
  // A few rides tomorrow at 12:00: chauffeurs on shift and cars for them.
  await giveCapacityThroughApi(a.base, await signIn(a, ADMIN.email, ADMIN.password), { dates: [laDate(1)], chauffeurs: 4, unitsPerType: 4, vehicleTypeIds: [vehicleId] });
}, 180_000);

afterAll(async () => {
  await Promise.all(started.map((child) => stopServer(child)));
  await sql?.end();
  await db?.drop();
});

async function freshQuoteId(s: Server): Promise<string> {
  const res = await post(s, "/api/quotes", {
    pickupPlaceId: "emb:apt:LAX",
    dropoffPlaceId: "emb:zip:90210",
    vehicleTypeId: vehicleId,
    passengers: 1,
    luggage: 0,
    date: laDate(1),
    time: "12:00",
  });
  if (res.status !== 200) throw new Error(`quote failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.quoteId;
}

it("two processes starting together on an empty database migrate it and seed the demo data once", async () => {
  const [vehicles] = await sql`select count(*)::int as n from vehicle_types`;
  expect(vehicles!.n).toBe(demoFleet.length);
  const admins = await sql`select u.email, count(a.id)::int as accounts from "user" u join account a on a.user_id = u.id where u.role = 'admin' group by u.email`;
  expect(admins.map((r) => ({ ...r }))).toEqual([{ email: ADMIN.email, accounts: 1 }]);
  const [methods] = await sql`select count(*)::int as n from pricing_methods`;
  expect(methods!.n).toBe(1);
});

describe("two server processes on one PostgreSQL database", () => {
  it("announces a booking made on process B to an admin's stream on process A within a second", async () => {
    const adminCookie = await signIn(a, ADMIN.email, ADMIN.password);
    const controller = new AbortController();
    const res = await fetch(`${a.base}/api/realtime`, { headers: { cookie: adminCookie }, signal: controller.signal });
    expect(res.status).toBe(200);
    const stream = sseClient(res);
    try {
      const booked = await post(b, "/api/bookings", { service: "ride", paymentMethod: "pm_card_visa", quoteId: await freshQuoteId(b) }, { cookie: customerCookie, "Idempotency-Key": crypto.randomUUID() });
      expect(booked.status).toBe(201);
      const answered = Date.now();
      const ev = await stream.next(1000);
      expect(Date.now() - answered).toBeLessThan(1000);
      expect(ev.event).toBe("booking.created");
      expect(JSON.parse(ev.data)).toEqual({ bookingId: booked.body.booking.id, service: "ride", createdAt: booked.body.booking.createdAt });
      await new Promise((r) => setTimeout(r, 200));
      expect(stream.events).toHaveLength(1); // exactly once, no echo
    } finally {
      await stream.close();
      controller.abort();
    }
  });

  it("makes exactly one booking from 50 concurrent requests with one key, alternating between the processes", async () => {
    const key = crypto.randomUUID();
    const body = { service: "ride", paymentMethod: "pm_card_visa", quoteId: await freshQuoteId(a) };
    const [before] = await sql<{ n: number }[]>`select count(*)::int as n from embedded_payment_intents where metadata->>'bookingKey' = ${key}`;
    expect(before!.n).toBe(0);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(i % 2 ? b : a, "/api/bookings", body, { cookie: customerCookie, "Idempotency-Key": key })),
    );
    const rows = await sql<{ id: string }[]>`select b.id from bookings b join embedded_payment_intents i on i.id = b.payment_ref where i.metadata->>'bookingKey' = ${key}`;
    expect(rows).toHaveLength(1);
    // One card authorisation for the one booking.
    const [intents] = await sql<{ n: number }[]>`select count(*)::int as n from embedded_payment_intents where metadata->>'bookingKey' = ${key}`;
    expect(intents!.n).toBe(1);
    const ticketsForIt = await sql<{ ticket_code: string }[]>`select ticket_code from tickets where booking_id = ${rows[0]!.id}`;
    expect(ticketsForIt).toHaveLength(1);
    for (const r of results) {
      expect([201, 409]).toContain(r.status);
      if (r.status === 201)
        expect(r.body).toEqual({
          booking: expect.objectContaining({ id: rows[0]!.id }),
          ticket: { ticketCode: ticketsForIt[0]!.ticket_code, status: "active" },
          payment: { cardBrand: "visa", cardLast4: "4242", held: true },
        });
      else expect(r.body.error.code).toBe("idempotency_in_progress");
    }
    expect(results.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
    // The key is claimed before the card is authorised (decision 011): a retry waits a moment for the first
    // answer, then gets 409; how many see the 201 depends on the machine's speed, at least the first does.
    expect(results.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1);
  });
});
