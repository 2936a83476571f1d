// Durable background jobs, run by every server process. A job is a row in `jobs` (kind, unique key, payload,
// run_at). A runner claims one due row at a time with SELECT ... FOR UPDATE SKIP LOCKED and runs its handler
// inside that same transaction: the handler's writes (e.g. an e-mail into the outbox or the SMTP queue) and the
// row's "done" commit together, or neither does. So a job takes effect exactly once: two processes never hold
// the same row, and a process that dies mid-job leaves it pending (its transaction rolls back) for the next.
// A handler that throws is retried with backoff; after MAX_ATTEMPTS the job is marked failed.
import { and, asc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { jobs } from "../db/schema";
import type { Logger } from "../lib/logger";

export type Job = typeof jobs.$inferSelect;
/** Runs one job inside the claiming transaction; answers a short result note ("sent", "skipped: cancelled"). */
export type JobHandler = (tx: Tx, job: Job, now: Date) => Promise<string>;
/**
 * A job whose work calls another service (a payment provider), which must never run inside a database
 * transaction: the row is claimed on a lease (its run_at pushed LEASE_MS ahead, committed), `call` runs outside any
 * transaction, then `record` runs in one transaction with the row's "done". A process that dies in between
 * leaves the row pending; it is claimed again once the lease lapses, so `call` must be idempotent (a fixed
 * provider idempotency key). `call` throwing is a failed attempt, retried with backoff like any job.
 */
export type TwoStepJobHandler<T = any> = {
  call: (job: Job, now: Date) => Promise<T>;
  /** The result note, or the note and what to do once the job's transaction has committed (e.g. a realtime event). */
  record: (tx: Tx, job: Job, now: Date, outcome: T) => Promise<string | { result: string; afterCommit: () => void }>;
};
export type JobHandlers = Record<string, JobHandler | TwoStepJobHandler>;

export const MAX_ATTEMPTS = 8;
/** How long a two-step job's claim holds before another process may take the row again. */
export const LEASE_MS = 5 * 60_000;
/** Wait before retry n (1-based): 1, 2, 4 ... minutes, at most an hour. */
export const retryDelayMs = (attempt: number) => Math.min(60, 2 ** (attempt - 1)) * 60_000;

export type NewJob = { kind: string; key: string; runAt: Date; payload: Record<string, unknown> };

/**
 * Schedules a job; the same key again changes nothing (scheduling is idempotent), unless that job was cancelled: it
 * is then due again, as now scheduled (a ride moved away from a time and back to it needs that time's jobs again).
 */
export async function scheduleJob(db: Db | Tx, job: NewJob): Promise<void> {
  await db
    .insert(jobs)
    .values(job)
    .onConflictDoUpdate({
      target: jobs.key,
      set: { status: "pending", runAt: job.runAt, payload: job.payload, attempts: 0, lastError: null, result: null, finishedAt: null, updatedAt: new Date() },
      setWhere: eq(jobs.status, "cancelled"),
    });
}

/**
 * The same as part of a caller's statement: `job` inserted for the row of `from` (a CTE of that statement), so it is
 * scheduled with that row or not at all, and costs no round trip of its own.
 */
export const jobInsertFrom = (job: NewJob, from: SQL) =>
  sql`insert into jobs (kind, key, run_at, payload) select ${job.kind}, ${job.key}, ${job.runAt.toISOString()}::timestamptz, ${JSON.stringify(job.payload)}::jsonb from ${from} on conflict (key) do nothing`;

/** Cancels the pending jobs of these kinds whose payload has this field value (e.g. a booking's reminders). */
/** Jobs whose payload has `field` equal to `value` (e.g. one booking's: "bookingId"). */
export const payloadIs = (field: string, value: string) => sql`${jobs.payload}->>${field} = ${value}`;

export async function cancelJobs(db: Db | Tx, kinds: string[], field: string, value: string): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: "cancelled", finishedAt: new Date() })
    .where(and(inArray(jobs.kind, kinds), eq(jobs.status, "pending"), payloadIs(field, value)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** `bookingId`: only that booking's jobs (the development tools run one booking's schedule ahead of time). */
type RunOptions = { logger?: Logger; now?: () => Date; limit?: number; bookingId?: string };

/** Claims and runs one due job; answers it (with its new status) or null when none is due. */
export async function runOneJob(db: Db, handlers: JobHandlers, opts: RunOptions = {}): Promise<Job | null> {
  const now = (opts.now ?? (() => new Date()))();
  const claimed = await db.transaction(async (tx): Promise<Job | { lease: Job } | null> => {
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, "pending"), lte(jobs.runAt, now), opts.bookingId ? payloadIs("bookingId", opts.bookingId) : undefined))
      .orderBy(asc(jobs.runAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!job) return null;
    const attempts = job.attempts + 1;
    const handler = handlers[job.kind];
    if (handler && typeof handler !== "function") {
      // Two steps: take a lease now; the work happens outside this transaction.
      const [leased] = await tx.update(jobs).set({ attempts, runAt: new Date(now.getTime() + LEASE_MS) }).where(eq(jobs.id, job.id)).returning();
      return { lease: leased! };
    }
    try {
      if (!handler) throw new Error(`No handler for job kind "${job.kind}".`);
      // A savepoint: a handler that fails leaves none of its writes behind, and the row still records the attempt.
      const result = await tx.transaction((inner) => handler(inner, job, now));
      return await finish(tx, job.id, attempts, { result }, now, opts, job.kind);
    } catch (err) {
      return finish(tx, job.id, attempts, { err, final: !handler }, now, opts, job.kind);
    }
  });
  if (!claimed || !("lease" in claimed)) return claimed;
  return runTwoStep(db, handlers[claimed.lease.kind] as TwoStepJobHandler, claimed.lease, now, opts);
}

async function finish(tx: Tx, id: string, attempts: number, outcome: { result: string } | { err: unknown; final?: boolean }, now: Date, opts: RunOptions, kind: string): Promise<Job> {
  if ("result" in outcome) {
    const [done] = await tx.update(jobs).set({ status: "done", attempts, result: outcome.result, lastError: null, finishedAt: now }).where(eq(jobs.id, id)).returning();
    opts.logger?.info("job done", { jobId: id, kind, result: outcome.result });
    return done!;
  }
  const error = outcome.err instanceof Error ? outcome.err.message : String(outcome.err);
  const failed = attempts >= MAX_ATTEMPTS || outcome.final === true;
  const [row] = await tx
    .update(jobs)
    .set(failed ? { status: "failed", attempts, lastError: error, finishedAt: now } : { attempts, lastError: error, runAt: new Date(now.getTime() + retryDelayMs(attempts)) })
    .where(eq(jobs.id, id))
    .returning();
  opts.logger?.[failed ? "error" : "warn"](failed ? "job failed for good" : "job failed; will retry", { jobId: id, kind, attempt: attempts, err: error });
  return row!;
}

/** The leased row, still ours: pending with the run_at we set (after the lease lapsed, another process may hold it). */
const stillLeased = (job: Job) => and(eq(jobs.id, job.id), eq(jobs.status, "pending"), eq(jobs.runAt, job.runAt));

async function runTwoStep(db: Db, handler: TwoStepJobHandler, job: Job, now: Date, opts: RunOptions): Promise<Job> {
  let outcome: unknown;
  try {
    outcome = await handler.call(job, now);
  } catch (err) {
    return db.transaction(async (tx) => {
      const [mine] = await tx.select().from(jobs).where(stillLeased(job)).for("update");
      return mine ? finish(tx, job.id, job.attempts, { err }, now, opts, job.kind) : job;
    });
  }
  let afterCommit: (() => void) | undefined;
  const done = await db.transaction(async (tx) => {
    const [mine] = await tx.select().from(jobs).where(stillLeased(job)).for("update");
    if (!mine) return job; // the lease lapsed and another process took the row: its run records the outcome
    try {
      const recorded = await tx.transaction((inner) => handler.record(inner, job, now, outcome));
      const result = typeof recorded === "string" ? recorded : recorded.result;
      const row = await finish(tx, job.id, job.attempts, { result }, now, opts, job.kind);
      if (typeof recorded !== "string") afterCommit = recorded.afterCommit;
      return row;
    } catch (err) {
      afterCommit = undefined;
      return finish(tx, job.id, job.attempts, { err }, now, opts, job.kind);
    }
  });
  afterCommit?.();
  return done;
}

/** Runs due jobs until none is due (or `limit` ran); answers how many ran. */
export async function runDueJobs(db: Db, handlers: JobHandlers, opts: RunOptions = {}): Promise<number> {
  const limit = opts.limit ?? 100;
  let ran = 0;
  while (ran < limit && (await runOneJob(db, handlers, opts))) ran++;
  return ran;
}

/**
 * Runs due jobs now and every `intervalMs` (one pass at a time); a failing pass is logged and tried again on the
 * next tick. The timer does not keep the process alive. `stop()` waits for the pass in progress.
 */
export function startJobRunner(db: Db, handlers: JobHandlers, opts: RunOptions & { intervalMs: number }): () => Promise<void> {
  let current: Promise<unknown> = Promise.resolve();
  let running = false;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = true;
    current = runDueJobs(db, handlers, opts)
      .catch((err: unknown) => opts.logger?.warn("job runner pass failed", { err: String(err) }))
      .finally(() => (running = false));
  };
  tick();
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
