// No card hold outlives its booking, across a crash: a real server process is killed (SIGKILL) right after a
// booking's card was authorised and before the booking was written; a new process, once the sweep's grace has
// passed, releases the hold at the provider (the embedded provider's books, and Stripe through the local server
// replaying its answers), and a retry with the booking's Idempotency-Key is told the booking was not made. A booking
// that was written keeps its hold. On PGlite (a data directory the two processes open in turn) and PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { BOOKING_NOT_MADE_CODE, BOOKING_NOT_MADE_MESSAGE } from "@meridian/shared/payments";
import { openDatabase, type Database } from "../db/client";
import { bookings, embeddedPaymentIntents, idempotencyKeys, jobs, payments } from "../db/schema";
import { giveCapacityThroughApi, laDate } from "../test/factories";
import { freshPostgres } from "../test/harness";
import { startServer, stopServer, TEST_ADMIN, type ServerProcess } from "../test/server-process";
import { startStripeReplay } from "../test/stripe-replay";
import { stripeCustomerAnswer, stripeEnv, stripeIntent as intentOf } from "../test/stripe-fixtures";
import { HOLD_SWEEP_GRACE_MS } from "./hold-sweep";
import { bookingCharge } from "./charges";

const onPostgres = process.env.TEST_DB === "postgres";
const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  await Promise.all(started.map((s) => stopServer(s.child, "SIGKILL")));
  for (const c of cleanups.reverse()) await c();
});

/** A database for one scenario: PostgreSQL (a fresh database) or a PGlite data directory. */
async function newDatabase(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  if (onPostgres) {
    const pg = await freshPostgres();
    let open: Database | undefined;
    cleanups.push(async () => {
      await open?.close();
      await pg.drop();
    });
    return { env: { DATABASE_URL: pg.url }, open: async () => (open ??= await openDatabase({ url: pg.url })) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-sweep-"));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  // PGlite is one process's: the test opens the directory only while no server has it (and closes it again).
  return { env: { DATA_DIR: dir, DATABASE_URL: "" }, open: async () => (await processGone(dir), openDatabase({ dataDir: dir })) };
}

/** A killed server's node process may outlive its process group's leader by a moment: wait until its pid is gone. */
async function processGone(dir: string) {
  const lock = path.join(dir, "meridian.lock");
  await waitFor("the killed process to be gone", async () => {
    const pid = fs.existsSync(lock) ? Number(fs.readFileSync(lock, "utf8").trim()) : 0;
    if (!pid) return true;
    try {
      process.kill(pid, 0);
      return false;
    } catch {
      return true;
    }
  });
}

async function start(env: Record<string, string>) {
  const s = await startServer(env.DATABASE_URL ?? "", { JOB_POLL_MS: "200", MAILBOX: "true", ...env });
  started.push(s);
  return s;
}

async function call(s: ServerProcess, method: string, p: string, json?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.base}${p}`, {
    method,
    headers: { origin: s.base, ...(json ? { "content-type": "application/json" } : {}), ...headers },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as any) : null, headers: res.headers };
}

/** A verified customer's session on `s` (the verification link read from the development mailbox). */
async function customer(s: ServerProcess): Promise<string> {
  const email = `sweep-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = "correct-horse-battery";
  expect((await call(s, "POST", "/api/auth/sign-up/email", { name: "Sweep Customer", email, password })).status).toBe(200);
  const mail = await call(s, "GET", `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = (mail.body.emails as { text: string }[])[0]!.text.match(/https?:\/\/\S+/)![0];
  const verify = await fetch(`${s.base}${new URL(link).pathname}${new URL(link).search}`, { redirect: "manual" });
  expect(verify.status).toBe(302);
  const signIn = await fetch(`${s.base}/api/auth/sign-in/email`, { method: "POST", headers: { "content-type": "application/json", origin: s.base }, body: JSON.stringify({ email, password }) });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Chauffeurs on shift and cars on the day quoteId books, through the admin API: the rides need them to be sold. */
async function giveCapacity(s: ServerProcess) {
  const signIn = await fetch(`${s.base}/api/auth/sign-in/email`, { method: "POST", headers: { "content-type": "application/json", origin: s.base }, body: JSON.stringify(TEST_ADMIN) });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await giveCapacityThroughApi(s.base, cookie, { dates: [laDate(2)], chauffeurs: 2, unitsPerType: 2 });
}

async function quoteId(s: ServerProcess, days = 2): Promise<string> {
  const vehicles = (await call(s, "GET", "/api/vehicles")).body.vehicles as { id: string }[];
  const q = await call(s, "POST", "/api/quotes", {
    pickupPlaceId: "emb:apt:LAX",
    dropoffPlaceId: "emb:zip:90210",
    vehicleTypeId: vehicles[0]!.id,
    passengers: 1,
    luggage: 0,
    date: laDate(days),
    time: "12:00",
  });
  expect(q.status).toBe(200);
  return q.body.quoteId;
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Sends the booking to a process that stops right after authorising the card, and kills it there (SIGKILL). */
async function bookAndKill(s: ServerProcess, cookie: string, key: string, paymentMethod: string) {
  const body = { service: "ride", paymentMethod, quoteId: await quoteId(s) };
  const pending = call(s, "POST", "/api/bookings", body, { cookie, "Idempotency-Key": key }).catch((err: unknown) => err);
  await waitFor("the process to reach the crash point", async () => s.log.join("").includes("paused at booking:authorised"));
  await stopServer(s.child, "SIGKILL");
  expect(await pending).toBeInstanceOf(Error); // the connection died with the process: no answer
  return body;
}

/** What the sweep's grace and the key's takeover wait for, passed: the sweep and the dead request's claim come due. */
async function letTimePass(db: Database) {
  await db.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, "payment.hold_sweep"));
  await db.db.update(idempotencyKeys).set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '20 minutes'` });
}

const sweepJobs = (db: Database) => db.db.select().from(jobs).where(eq(jobs.kind, "payment.hold_sweep"));

describe("a server killed between the card's authorisation and the booking's write", () => {
  it("the embedded provider: a restarted process releases the hold after the grace; the retry is told; a written booking keeps its hold", async () => {
    const database = await newDatabase();
    const a = await start({ ...database.env, TEST_PAUSE_AT: "booking:authorised" });
    await giveCapacity(a);
    const cookie = await customer(a);
    const key = crypto.randomUUID();
    const body = await bookAndKill(a, cookie, key, "pm_card_visa");

    // What the dead process left: a hold on the card, no booking, the key in progress, the sweep scheduled.
    let db = await database.open();
    const [held] = await db.db.select().from(embeddedPaymentIntents);
    expect(held).toMatchObject({ status: "requires_capture", amountCapturableCents: expect.any(Number) });
    expect(await db.db.select().from(bookings)).toEqual([]);
    expect(await db.db.select().from(payments)).toEqual([]);
    const [sweep] = await sweepJobs(db);
    expect(sweep).toMatchObject({ status: "pending" });
    expect(sweep!.runAt.getTime() - sweep!.createdAt.getTime()).toBeGreaterThanOrEqual(HOLD_SWEEP_GRACE_MS - 1000);
    if (!onPostgres) await db.close();

    // Before the grace is over, a booking is written normally (on a new process): it keeps its hold, whatever its own sweep finds.
    const b = await start(database.env);
    const kept = await call(b, "POST", "/api/bookings", { service: "ride", paymentMethod: "pm_card_visa", quoteId: await quoteId(b) }, { cookie, "Idempotency-Key": crypto.randomUUID() });
    expect(kept.status).toBe(201);
    await stopServer(b.child);

    // The grace passes (both sweeps come due, the dead request's claim is past its takeover) while nothing runs.
    db = await database.open();
    await letTimePass(db);
    if (!onPostgres) await db.close();
    const c = await start(database.env);
    await waitFor("the sweep to release the hold", async () => c.log.join("").includes("released a card hold no booking recorded"));
    const retry = await call(c, "POST", "/api/bookings", body, { cookie, "Idempotency-Key": key });
    expect(retry.status).toBe(409);
    expect(retry.body.error).toEqual({ code: BOOKING_NOT_MADE_CODE, message: BOOKING_NOT_MADE_MESSAGE });
    if (onPostgres) await waitFor("every sweep to run", async () => (await sweepJobs(db)).every((j) => j.status === "done"));
    else await new Promise((r) => setTimeout(r, 2000)); // a few more passes of the job runner (every 200 ms)
    await stopServer(c.child);
    if (!onPostgres) db = await database.open();

    const intents = await db.db.select().from(embeddedPaymentIntents);
    expect(intents.find((i) => i.id === held!.id)).toMatchObject({ status: "canceled", amountCapturableCents: 0, amountReceivedCents: 0 });
    const keptCharge = await bookingCharge(db.db, kept.body.booking.id);
    expect(keptCharge).toMatchObject({ status: "requires_capture" });
    expect(intents.find((i) => i.id === keptCharge!.intentId)).toMatchObject({ status: "requires_capture" });
    expect(intents).toHaveLength(2);
    expect(await db.db.select({ id: bookings.id }).from(bookings)).toEqual([{ id: kept.body.booking.id }]);
    const results = (await sweepJobs(db)).map((j) => `${j.status}: ${j.result}`).sort();
    expect(results).toEqual([`done: released ${held!.id}`, `done: skipped: booked`]);
    if (!onPostgres) await db.close();
  }, 300_000);

  it("Stripe: the restarted process replays the authorisation with its key and cancels the PaymentIntent", async () => {
    const replay = await startStripeReplay();
    cleanups.push(() => replay.close());
    const database = await newDatabase();
    const stripe = stripeEnv(replay.url);
    const a = await start({ ...database.env, ...stripe, TEST_PAUSE_AT: "booking:authorised" });
    await giveCapacity(a);
    const cookie = await customer(a);
    replay.expect([customer_, { method: "POST", path: "/v1/payment_intents", body: stripeIntent("pi_Orphan1", 11190, "requires_capture") }]);
    const key = crypto.randomUUID();
    const body = await bookAndKill(a, cookie, key, "pm_1Saved");
    const authorise = replay.requests.find((r) => r.path === "/v1/payment_intents")!;
    expect(replay.pending()).toEqual([]);

    const db = await database.open();
    await letTimePass(db);
    if (!onPostgres) await db.close();
    // The new process: the same call (its Idempotency-Key answers the first PaymentIntent), read back, cancelled.
    replay.expect([
      { method: "GET", path: "/v1/payment_intents/pi_Orphan1", body: stripeIntent("pi_Orphan1", 11190, "requires_capture") },
      { method: "POST", path: "/v1/payment_intents/pi_Orphan1/cancel", body: stripeIntent("pi_Orphan1", 11190, "canceled") },
    ]);
    const b = await start({ ...database.env, ...stripe });
    await waitFor("the sweep to release the hold", async () => b.log.join("").includes("released a card hold no booking recorded"));
    const retry = await call(b, "POST", "/api/bookings", body, { cookie, "Idempotency-Key": key });
    expect(retry.body.error?.code).toBe(BOOKING_NOT_MADE_CODE);
    expect(replay.pending()).toEqual([]);
    const [again, , cancel] = replay.requests;
    expect(again).toMatchObject({ method: "POST", path: "/v1/payment_intents" });
    expect(again!.headers["idempotency-key"]).toBe(authorise.headers["idempotency-key"]);
    expect(again!.form.toString()).toBe(authorise.form.toString());
    expect(cancel!.headers["idempotency-key"]).toBe(`${authorise.headers["idempotency-key"]}:sweep-release`);
  }, 240_000);
});

const customer_ = stripeCustomerAnswer("cus_Sweep1");
const stripeIntent = (id: string, amount: number, status: string) => intentOf(id, amount, status, "cus_Sweep1");
