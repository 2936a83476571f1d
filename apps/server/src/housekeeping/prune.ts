// Housekeeping: rows that only matter for a while are deleted once they are stale, so tables stay small
// on a server that runs for months. Runs at start-up and then every hour (see main.ts).
import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { FAILURE_MEMORY_MS } from "../auth";
import { embeddedIdempotencyKeys, geoCache, idempotencyKeys, jobs, mailQueue, paymentWebhookEvents, session, signInLockouts, verification } from "../db/schema";
import type { Logger } from "../lib/logger";

/** A retried booking replays its first answer for this long; after it, the same key books anew. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600 * 1000;
/** Cached suggestions, places and routes are not read after this age (see geo/cache.ts). */
export const GEO_CACHE_RETENTION_MS = 30 * 24 * 3600 * 1000;
/** Delivered e-mail (it holds sign-in links) is kept this long for inquiries, failed e-mail a little longer. */
export const SENT_MAIL_RETENTION_MS = 7 * 24 * 3600 * 1000;
export const FAILED_MAIL_RETENTION_MS = 30 * 24 * 3600 * 1000;
/** The embedded payment provider forgets an idempotency key after 24 hours, as Stripe does. */
export const PAYMENT_KEY_RETENTION_MS = 24 * 3600 * 1000;
/** Stripe redelivers an event for up to 3 days; its id is kept well beyond, so a late replay is still ignored. */
export const WEBHOOK_EVENT_RETENTION_MS = 30 * 24 * 3600 * 1000;
/** Finished background jobs (done, cancelled, failed) are kept this long for inquiries; pending ones always. */
export const FINISHED_JOB_RETENTION_MS = 30 * 24 * 3600 * 1000;
export const PRUNE_INTERVAL_MS = 3600 * 1000;

export type PruneCounts = {
  idempotencyKeys: number;
  geoCache: number;
  sessions: number;
  verifications: number;
  mailQueue: number;
  paymentKeys: number;
  webhookEvents: number;
  jobs: number;
  signInLockouts: number;
};

export async function pruneStaleRows(db: Db, now = new Date()): Promise<PruneCounts> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const keys = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before(IDEMPOTENCY_RETENTION_MS))).returning({ key: idempotencyKeys.key });
  const geo = await db.delete(geoCache).where(lt(geoCache.createdAt, before(GEO_CACHE_RETENTION_MS))).returning({ key: geoCache.key });
  const sessions = await db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id });
  const verifications = await db.delete(verification).where(lt(verification.expiresAt, now)).returning({ id: verification.id });
  const mail = await db
    .delete(mailQueue)
    .where(
      or(
        and(eq(mailQueue.status, "sent"), lt(mailQueue.updatedAt, before(SENT_MAIL_RETENTION_MS))),
        and(eq(mailQueue.status, "failed"), lt(mailQueue.updatedAt, before(FAILED_MAIL_RETENTION_MS))),
      ),
    )
    .returning({ id: mailQueue.id });
  const paymentKeys = await db
    .delete(embeddedIdempotencyKeys)
    .where(lt(embeddedIdempotencyKeys.createdAt, before(PAYMENT_KEY_RETENTION_MS)))
    .returning({ key: embeddedIdempotencyKeys.key });
  const events = await db
    .delete(paymentWebhookEvents)
    .where(lt(paymentWebhookEvents.receivedAt, before(WEBHOOK_EVENT_RETENTION_MS)))
    .returning({ id: paymentWebhookEvents.id });
  const finishedJobs = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ["done", "cancelled", "failed"]), lt(jobs.finishedAt, before(FINISHED_JOB_RETENTION_MS))))
    .returning({ id: jobs.id });
  // A run of sign-in failures is forgotten a day after its last failure (auth/lockout.ts), long after its lock ended.
  const lockouts = await db
    .delete(signInLockouts)
    .where(and(lt(signInLockouts.lastFailureAt, before(FAILURE_MEMORY_MS)), or(isNull(signInLockouts.lockedUntil), lt(signInLockouts.lockedUntil, now))))
    .returning({ email: signInLockouts.email });
  return {
    idempotencyKeys: keys.length,
    geoCache: geo.length,
    sessions: sessions.length,
    verifications: verifications.length,
    mailQueue: mail.length,
    paymentKeys: paymentKeys.length,
    webhookEvents: events.length,
    jobs: finishedJobs.length,
    signInLockouts: lockouts.length,
  };
}

/** Prunes now and every PRUNE_INTERVAL_MS; a failure is logged and retried on the next tick. Returns a stop function. */
export function startHousekeeping(db: Db, logger: Logger, intervalMs = PRUNE_INTERVAL_MS): () => void {
  const run = async () => {
    try {
      const counts = await pruneStaleRows(db);
      if (Object.values(counts).some((n) => n > 0)) logger.info("housekeeping: pruned stale rows", counts);
    } catch (err) {
      logger.warn("housekeeping failed", { err: String(err) });
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
