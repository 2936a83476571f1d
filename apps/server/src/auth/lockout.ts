// Per-account sign-in lockout (issue 21), on top of the per-address rate limit: someone guessing one account's
// password from many addresses is slowed down too. Failures are counted per e-mail address, whether or not an
// account has it, so the answers (401, then 429 with Retry-After) never tell whether the account exists. From the
// 5th failure in a row the address is locked for 1 minute, and each further failure after a lock doubles the
// delay (2, 4, 8 ... at most 60 minutes). While locked even the right password is refused. The owner of an
// existing account is e-mailed once per run of failures; a successful sign-in or a password reset clears it.
// A run is forgotten a day after its last failure.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInLockouts, user } from "../db/schema";
import { errorBody } from "../lib/errors";
import type { Deps } from "../lib/context";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/mailer";
import { signInLockedEmail } from "../mail/templates";

export const LOCKOUT_AFTER_FAILURES = 5;
export const FIRST_LOCK_MS = 60_000;
export const MAX_LOCK_MS = 60 * 60_000;
/** A run of failures older than this (since its last failure) starts again from zero. */
export const FAILURE_MEMORY_MS = 24 * 3600_000;

export const LOCKED_MESSAGE = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or reset your password.`;

/** How long the address is locked after its `failures`-th failure in a row (0: not locked). */
export function lockDelayMs(failures: number): number {
  if (failures < LOCKOUT_AFTER_FAILURES) return 0;
  return Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (failures - LOCKOUT_AFTER_FAILURES));
}

const normalise = (email: string) => email.trim().toLowerCase();

/** The 429 answer for an address locked until `until`, or null when it is not locked now. */
export async function lockedAnswer(db: Db, email: string, now = new Date()): Promise<Response | null> {
  const [row] = await db.select({ lockedUntil: signInLockouts.lockedUntil }).from(signInLockouts).where(eq(signInLockouts.email, normalise(email)));
  if (!row?.lockedUntil || row.lockedUntil <= now) return null;
  const seconds = Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000));
  const body = errorBody("account_locked", LOCKED_MESSAGE(Math.ceil(seconds / 60)));
  return new Response(JSON.stringify(body), { status: 429, headers: { "content-type": "application/json", "retry-after": String(seconds) } });
}

/** Counts a failed sign-in; locks the address from the 5th in a row and tells an existing account's owner once. */
export async function recordSignInFailure(deps: { db: Db; mailer: Mailer; logger: Logger; publicUrl: string }, email: string, now = new Date()): Promise<void> {
  const key = normalise(email);
  // Raw SQL gets timestamps as ISO text (postgres.js does not serialise a Date inside sql``).
  const forgetBefore = sql`${new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString()}::timestamptz`;
  const [row] = await deps.db
    .insert(signInLockouts)
    .values({ email: key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: signInLockouts.email,
      set: {
        failures: sql`case when ${signInLockouts.lastFailureAt} < ${forgetBefore} then 1 else ${signInLockouts.failures} + 1 end`,
        notifiedAt: sql`case when ${signInLockouts.lastFailureAt} < ${forgetBefore} then null else ${signInLockouts.notifiedAt} end`,
        lastFailureAt: now,
      },
    })
    .returning();
  if (!row) return;
  const delay = lockDelayMs(row.failures);
  if (delay === 0) return;
  // Only the request that moves notified_at from null sends the e-mail: two racing failures notify once.
  const [lock] = await deps.db
    .update(signInLockouts)
    .set({ lockedUntil: new Date(now.getTime() + delay), notifiedAt: sql`coalesce(${signInLockouts.notifiedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(signInLockouts.email, key))
    .returning({ notifiedAt: signInLockouts.notifiedAt });
  if (lock?.notifiedAt?.getTime() !== now.getTime()) return;
  const [owner] = await deps.db.select({ email: user.email, name: user.name }).from(user).where(eq(user.email, key));
  if (!owner) return;
  await deps.mailer
    .send(signInLockedEmail(owner.email, owner.name, row.failures, `${deps.publicUrl}/`))
    .catch((err: unknown) => deps.logger.error("mail failed", { to: owner.email, err: String(err) }));
}

/** A successful sign-in or a password reset: the address starts again from zero. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInLockouts).where(eq(signInLockouts.email, normalise(email)));
}

/**
 * POST /api/auth/sign-in/email through the lockout: a locked address is answered 429 before better-auth checks
 * anything; a wrong e-mail or password (401) counts; a successful sign-in clears the count.
 */
export async function signInWithLockout(deps: Deps, req: Request, handle: (req: Request) => Promise<Response>): Promise<Response> {
  const { email } = (await req.clone().json()) as { email: string };
  const db = deps.database.db;
  const locked = await lockedAnswer(db, email);
  if (locked) return locked;
  const res = await handle(req);
  if (res.status === 401) await recordSignInFailure({ db, mailer: deps.mailer, logger: deps.logger, publicUrl: deps.config.publicUrl }, email);
  else if (res.ok) await clearSignInFailures(db, email);
  return res;
}
