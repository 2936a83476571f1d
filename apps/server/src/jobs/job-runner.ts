// Durable background jobs, run by every server process. A job is a row in `jobs` (kind, unique key, payload,
// run_at). A runner claims one due row at a time with SELECT ... FOR UPDATE SKIP LOCKED and runs its handler
// inside that same transaction: the handler's writes (e.g. an e-mail into the outbox or the SMTP queue) and the
// row's "done" commit together, or neither does. So a job takes effect exactly once: two processes never hold
// the same row, and a process that dies mid-job leaves it pending (its transaction rolls back) for the next.
// A handler that throws is retried with backoff; after MAX_ATTEMPTS the job is marked failed.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { jobs } from "../db/schema";
import type { Logger } from "../lib/logger";

export type Job = typeof jobs.$inferSelect;
/** Runs one job inside the claiming transaction; answers a short result note ("sent", "skipped: cancelled"). */
export type JobHandler = (tx: Tx, job: Job, now: Date) => Promise<string>;
export type JobHandlers = Record<string, JobHandler>;

export const MAX_ATTEMPTS = 8;
/** Wait before retry n (1-based): 1, 2, 4 ... minutes, at most an hour. */
export const retryDelayMs = (attempt: number) => Math.min(60, 2 ** (attempt - 1)) * 60_000;

/** Schedules a job; the same key again changes nothing (scheduling is idempotent). */
export async function scheduleJob(db: Db | Tx, job: { kind: string; key: string; runAt: Date; payload: Record<string, unknown> }): Promise<void> {
  await db.insert(jobs).values(job).onConflictDoNothing({ target: jobs.key });
}

/** Cancels the pending jobs of these kinds whose payload has this field value (e.g. a booking's reminders). */
export async function cancelJobs(db: Db | Tx, kinds: string[], field: string, value: string): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: "cancelled", finishedAt: new Date() })
    .where(and(inArray(jobs.kind, kinds), eq(jobs.status, "pending"), sql`${jobs.payload}->>${field} = ${value}`))
    .returning({ id: jobs.id });
  return rows.length;
}

type RunOptions = { logger?: Logger; now?: () => Date; limit?: number };

/** Claims and runs one due job; answers it (with its new status) or null when none is due. */
export async function runOneJob(db: Db, handlers: JobHandlers, opts: RunOptions = {}): Promise<Job | null> {
  const now = (opts.now ?? (() => new Date()))();
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, "pending"), lte(jobs.runAt, now)))
      .orderBy(asc(jobs.runAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!job) return null;
    const attempts = job.attempts + 1;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind "${job.kind}".`);
      // A savepoint: a handler that fails leaves none of its writes behind, and the row still records the attempt.
      const result = await tx.transaction((inner) => handler(inner, job, now));
      const [done] = await tx
        .update(jobs)
        .set({ status: "done", attempts, result, lastError: null, finishedAt: now })
        .where(eq(jobs.id, job.id))
        .returning();
      opts.logger?.info("job done", { jobId: job.id, kind: job.kind, result });
      return done!;
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const failed = attempts >= MAX_ATTEMPTS || !handler;
      const [row] = await tx
        .update(jobs)
        .set(failed ? { status: "failed", attempts, lastError: error, finishedAt: now } : { attempts, lastError: error, runAt: new Date(now.getTime() + retryDelayMs(attempts)) })
        .where(eq(jobs.id, job.id))
        .returning();
      opts.logger?.[failed ? "error" : "warn"](failed ? "job failed for good" : "job failed; will retry", { jobId: job.id, kind: job.kind, attempt: attempts, err: error });
      return row!;
    }
  });
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
