// The durable job runner and the ride reminder, on PGlite and PostgreSQL: a reminder is written exactly once
// (run twice, run by a "restarted" process, run by two runners at once), never for a cancelled ride, and a job
// whose handler fails leaves nothing behind and is retried.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Tx } from "../db/client";
import { jobs, outboxEmails } from "../db/schema";
import { createLogger } from "../lib/logger";
import { createMailer } from "../mail/mailer";
import { RIDE_REMINDER_JOB } from "../bookings/ride-reminders";
import { rideReminderHandler } from "../rides/ride-notices";
import type { TestApp } from "../test/harness";
import { outboxFor } from "../test/helpers";
import { createFleetTestApp, createTestFleet, giveCapacityForDays, laDate, rideInput } from "../test/factories";
import { runDueJobs, runOneJob, scheduleJob, type Job, type JobHandlers } from "./job-runner";

let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;
let customer: Awaited<ReturnType<TestApp["userWithSession"]>>;
const logger = createLogger("silent");
const farFuture = () => new Date(Date.now() + 30 * 86_400_000);

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  await giveCapacityForDays(t);
  customer = await t.userWithSession({ fullName: "Rosa Reminder" });
});
afterAll(() => t.close());

const reminderHandlers = (db = t.db): JobHandlers => ({
  [RIDE_REMINDER_JOB]: rideReminderHandler({ mailer: createMailer({ from: "x@meridian.local", db, logger }), publicUrl: "http://localhost:3000" }),
});

async function book(time: string, days = 3): Promise<string> {
  const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: laDate(days), time }) });
  const res = await t.call("POST", "/api/bookings", { cookie: customer.cookie, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId: q.body.quoteId }, headers: { "Idempotency-Key": crypto.randomUUID() } });
  expect(res.status).toBe(201);
  return res.body.booking.id;
}
const remindersTo = async () => (await outboxFor(t.db, customer.user.email)).filter((m) => m.subject.startsWith("Reminder:"));
// A booking's reminder jobs (a cancelled or completed booking also has its payment settlement job).
const jobsOf = async (bookingId: string) => (await t.db.select().from(jobs)).filter((j) => j.payload.bookingId === bookingId && j.kind === RIDE_REMINDER_JOB);

describe("the ride reminder", () => {
  it("is scheduled with the booking, the lead time before pickup, and sent exactly once however often the runner runs", async () => {
    const id = await book("09:30");
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ kind: RIDE_REMINDER_JOB, status: "pending" });
    expect(new Date(job!.payload.pickupAt as string).getTime() - job!.runAt.getTime()).toBe(24 * 3_600_000);

    // A second before its time the reminder is not run (the booking's other jobs, such as the hold sweep, may be).
    await runDueJobs(t.db, reminderHandlers(), { now: () => new Date(job!.runAt.getTime() - 1000) });
    expect((await jobsOf(id))[0]).toMatchObject({ status: "pending", attempts: 0 });
    expect(await remindersTo()).toHaveLength(0);
    expect(await runDueJobs(t.db, reminderHandlers(), { now: farFuture })).toBeGreaterThanOrEqual(1);
    // Run again, and as a restarted process would (a new mailer and runner on the same database).
    await runDueJobs(t.db, reminderHandlers(), { now: farFuture });
    await runDueJobs(t.db, reminderHandlers(t.db), { now: farFuture });
    const mails = await remindersTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Pickup: Test Airport");
    expect((await jobsOf(id))[0]).toMatchObject({ status: "done", result: "sent", attempts: 1 });
  });

  it("is not sent for a cancelled ride, even if its job were still pending", async () => {
    const id = await book("10:30");
    const cancel = await t.call("POST", `/api/me/bookings/${id}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: 0 } });
    expect(cancel.status).toBe(200);
    expect((await jobsOf(id))[0]!.status).toBe("cancelled");
    await t.db.update(jobs).set({ status: "pending" }).where(eq(jobs.id, (await jobsOf(id))[0]!.id));
    const before = (await remindersTo()).length;
    await runDueJobs(t.db, reminderHandlers(), { now: farFuture });
    expect((await jobsOf(id))[0]).toMatchObject({ status: "done", result: "skipped: cancelled" });
    expect(await remindersTo()).toHaveLength(before);
  });

  it("is sent once when two runners (two connection pools on PostgreSQL) race for twenty due reminders", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await book(`${String(6 + (i % 12)).padStart(2, "0")}:${i < 12 ? "00" : "30"}`, 5));
    const second: Database = t.databaseUrl ? await openDatabase({ url: t.databaseUrl }) : t.database;
    try {
      await Promise.all([runDueJobs(t.db, reminderHandlers(), { now: farFuture }), runDueJobs(second.db, reminderHandlers(second.db), { now: farFuture })]);
    } finally {
      if (second !== t.database) await second.close();
    }
    const mails = await remindersTo();
    for (const id of ids) expect(await jobsOf(id)).toEqual([expect.objectContaining({ status: "done", result: "sent", attempts: 1 })]);
    expect(mails.length).toBe(1 + 20); // the first test's one, and one for each
  });
});

describe("the job runner", () => {
  it("rolls back a failing handler's writes, records the attempt, retries later, and takes effect once", async () => {
    await scheduleJob(t.db, { kind: "test.flaky", key: "test.flaky:1", runAt: new Date(0), payload: { n: 1 } });
    await scheduleJob(t.db, { kind: "test.flaky", key: "test.flaky:1", runAt: new Date(0), payload: { n: 2 } }); // same key: ignored
    let calls = 0;
    const handlers: JobHandlers = {
      "test.flaky": async (tx) => {
        calls++;
        await tx.insert(outboxEmails).values({ to: "flaky@example.com", subject: `attempt ${calls}`, text: "x" });
        if (calls === 1) throw new Error("the mail server hung up");
        return "sent";
      },
    };
    const now = new Date();
    const failed = await runOneJob(t.db, handlers, { now: () => now });
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastError: "the mail server hung up" });
    expect(failed!.runAt.getTime()).toBe(now.getTime() + 60_000);
    expect(await outboxFor(t.db, "flaky@example.com")).toHaveLength(0);
    expect(await runOneJob(t.db, handlers, { now: () => now })).toBeNull(); // not due yet
    expect(await runOneJob(t.db, handlers, { now: () => new Date(now.getTime() + 61_000) })).toMatchObject({ status: "done", attempts: 2, result: "sent" });
    expect((await outboxFor(t.db, "flaky@example.com")).map((m) => m.subject)).toEqual(["attempt 2"]);
    expect((await t.db.select().from(jobs).where(eq(jobs.key, "test.flaky:1")))[0]!.payload).toEqual({ n: 1 });
  });

  it("scheduling a key again changes nothing, unless its job was cancelled: then it is due again as now scheduled", async () => {
    const row = async (key: string) => (await t.db.select().from(jobs).where(eq(jobs.key, key)))[0]!;
    const first = new Date("2031-01-01T10:00:00Z");
    const later = new Date("2031-02-01T10:00:00Z");
    await scheduleJob(t.db, { kind: "test.again", key: "test.again:pending", runAt: first, payload: { n: 1 } });
    await scheduleJob(t.db, { kind: "test.again", key: "test.again:pending", runAt: later, payload: { n: 2 } });
    expect(await row("test.again:pending")).toMatchObject({ status: "pending", runAt: first, payload: { n: 1 } });

    await scheduleJob(t.db, { kind: "test.again", key: "test.again:cancelled", runAt: first, payload: { n: 1 } });
    await t.db.update(jobs).set({ status: "cancelled", finishedAt: new Date(), attempts: 2, lastError: "boom" }).where(eq(jobs.key, "test.again:cancelled"));
    await scheduleJob(t.db, { kind: "test.again", key: "test.again:cancelled", runAt: later, payload: { n: 2 } });
    expect(await row("test.again:cancelled")).toMatchObject({ status: "pending", runAt: later, payload: { n: 2 }, attempts: 0, lastError: null, finishedAt: null });

    await scheduleJob(t.db, { kind: "test.again", key: "test.again:done", runAt: first, payload: { n: 1 } });
    await t.db.update(jobs).set({ status: "done", result: "ran", finishedAt: new Date() }).where(eq(jobs.key, "test.again:done"));
    await scheduleJob(t.db, { kind: "test.again", key: "test.again:done", runAt: later, payload: { n: 2 } });
    expect(await row("test.again:done")).toMatchObject({ status: "done", result: "ran", runAt: first, payload: { n: 1 } });
  });

  it("marks a job of an unknown kind failed", async () => {
    await scheduleJob(t.db, { kind: "test.unknown", key: "test.unknown:1", runAt: new Date(0), payload: {} });
    await runDueJobs(t.db, {}, { now: farFuture });
    expect((await t.db.select().from(jobs).where(eq(jobs.key, "test.unknown:1")))[0]).toMatchObject({ status: "failed", lastError: 'No handler for job kind "test.unknown".' });
  });
});

describe("two-step jobs (a provider call outside any transaction, then its record)", () => {
  const at = new Date("2000-01-01T00:00:00Z"); // before every other job of this file, so only these are due
  const calls: string[] = [];
  let down = false;
  const handlers: JobHandlers = {
    "test.two-step": {
      // Reads through the database pool while the job is leased: on PGlite (one connection) this would wait
      // forever inside the claiming transaction, so it finishing shows the call runs outside it.
      call: async (job: Job) => {
        if (down) throw new Error("provider down");
        const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
        calls.push(`${job.key}:${row!.attempts}`);
        return { leasedUntil: row!.runAt.toISOString() };
      },
      record: async (tx: Tx, job: Job, _now: Date, outcome: { leasedUntil: string }) => {
        await tx.update(jobs).set({ payload: { ...job.payload, recorded: outcome.leasedUntil } }).where(eq(jobs.id, job.id));
        return "recorded";
      },
    },
  };

  it("leases the row, calls outside the transaction, records with the row's done; a failed call is retried", async () => {
    await scheduleJob(t.db, { kind: "test.two-step", key: "two-step-1", runAt: at, payload: {} });
    down = true;
    await runOneJob(t.db, handlers, { now: () => at });
    const [failed] = await t.db.select().from(jobs).where(eq(jobs.key, "two-step-1"));
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lastError: "provider down" });
    expect(failed!.runAt.getTime()).toBe(at.getTime() + 60_000);

    down = false;
    const later = new Date(at.getTime() + 60_000);
    const done = await runOneJob(t.db, handlers, { now: () => later });
    expect(done).toMatchObject({ status: "done", attempts: 2, result: "recorded" });
    // During the call the row was leased five minutes ahead, and the record step wrote in the job's transaction.
    expect(calls).toEqual(["two-step-1:2"]);
    expect(done!.payload).toMatchObject({ recorded: new Date(later.getTime() + 5 * 60_000).toISOString() });
  });

  it("a process that died after taking the lease: the row is claimed again once the lease lapses", async () => {
    await scheduleJob(t.db, { kind: "test.two-step", key: "two-step-2", runAt: at, payload: {} });
    // As a claim that was never finished leaves it: attempted once, run_at pushed by the lease.
    await t.db.update(jobs).set({ attempts: 1, runAt: new Date(at.getTime() + 5 * 60_000) }).where(eq(jobs.key, "two-step-2"));
    expect(await runDueJobs(t.db, handlers, { now: () => new Date(at.getTime() + 4 * 60_000) })).toBe(0);
    await runDueJobs(t.db, handlers, { now: () => new Date(at.getTime() + 5 * 60_000) });
    expect((await t.db.select().from(jobs).where(eq(jobs.key, "two-step-2")))[0]).toMatchObject({ status: "done", attempts: 2, result: "recorded" });
  });
});
