// The orphan-hold sweep (docs/decisions/011, "No hold outlives its booking"). A request that authorises a card
// outside any transaction and records it afterwards (the booking, the customer confirming a card, a reschedule) can
// die in between: the card would keep a 7-day hold that nothing in our books knows of. So BEFORE the provider call
// the request schedules one durable job, `payment.hold_sweep`, carrying the call itself (the exact request and its
// provider idempotency key), due after a grace longer than the booking key's takeover. When it comes due (on any
// process, after any restart), it replays the call: the provider answers the PaymentIntent that key made (or makes
// it now and it is released at once); an intent our books record is left to its booking; any other is released.
// A booking request's key still "in progress" is taken over first (as a retry would), so the request, should it
// still be alive, can no longer write its booking, and its key answers 409 booking_not_made afterwards.
import { and, eq, isNull, lt } from "drizzle-orm";
import { keepHoldAtBooking } from "@meridian/shared/payment-policy";
import { BOOKING_NOT_MADE_CODE, BOOKING_NOT_MADE_MESSAGE } from "@meridian/shared/payments";
import type { Db, Tx } from "../db/client";
import { bookings, idempotencyKeys, payments } from "../db/schema";
import { scheduleJob, type NewJob, type TwoStepJobHandler } from "../jobs/job-runner";
import type { Deps } from "../lib/context";
import { getOperationsSettings } from "../settings/settings.service";
import { startOf } from "../bookings";
import { recordPayment } from "./charge-gate";
import { bookingCharge } from "./charges";
import { PaymentError, type AuthorizeInput, type PaymentIntent } from "../lib/payment-provider";
import { recordTip, releaseTipClaim } from "./tips.service";

export const HOLD_SWEEP_JOB = "payment.hold_sweep";
/** An Idempotency-Key "in progress" this long is taken over (its request died between claiming and answering). */
export const STALE_CLAIM_MS = 2 * 60_000;
/** The sweep comes due this long after the authorisation: well past the key's takeover and any request's life. */
export const HOLD_SWEEP_GRACE_MS = 15 * 60_000;

type SweepPayload = {
  providerKey: string;
  /** The authorisation request as sent (JSON text: a jsonb object would not keep its keys' order, and the replay must match). */
  request: string;
  /** The booking request's Idempotency-Key (its sender and key), when the call was made by POST /api/bookings. */
  claim?: { userId: string; key: string };
};

/**
 * Schedules the sweep of one authorisation; call it right before `payments.authorize(request, providerKey)`.
 * Scheduling is idempotent (a retry replaying the same call schedules nothing more).
 */
export async function scheduleHoldSweep(db: Db | Tx, call: SweepCall, now = new Date()): Promise<void> {
  await scheduleJob(db, holdSweepJob(call, now));
}

export type SweepCall = { providerKey: string; request: AuthorizeInput; claim?: { userId: string; key: string } };

/** The sweep's job, for a statement that schedules it with its own rows (jobInsertFrom: the booking's key claim). */
export function holdSweepJob(call: SweepCall, now = new Date()): NewJob {
  const payload: SweepPayload = { providerKey: call.providerKey, request: JSON.stringify(call.request), ...(call.claim ? { claim: call.claim } : {}) };
  return { kind: HOLD_SWEEP_JOB, key: `${HOLD_SWEEP_JOB}:${call.providerKey}`, runAt: new Date(now.getTime() + HOLD_SWEEP_GRACE_MS), payload };
}

type SweepOutcome =
  | { kind: "skip"; reason: string }
  /** The intent our books do not know: released (or it held nothing). `claimedAt`: the booking key the sweep took over. */
  | { kind: "released"; intent: PaymentIntent | null; reason: string; claim?: { userId: string; key: string; at: Date }; tip?: TipCall }
  /** A tip captured and never recorded (the process died right after the capture). */
  | ({ kind: "tip"; intent: PaymentIntent } & TipCall)
  /** A far-off booking whose hold was to be released right after it was saved, and was not (the process died there). */
  | { kind: "far-off"; bookingId: string; intent: PaymentIntent };

const HOLDING = ["requires_capture", "requires_action", "requires_payment_method"];

/** A tip's authorisation (payments/tips.service.ts names its booking and customer in the metadata). */
type TipCall = { bookingId: string; userId: string; paymentMethod: string };
const tipOf = (request: AuthorizeInput): TipCall | undefined =>
  request.metadata?.kind === "tip" && request.metadata.bookingId && request.metadata.userId
    ? { bookingId: request.metadata.bookingId, userId: request.metadata.userId, paymentMethod: request.paymentMethod }
    : undefined;

export function holdSweepHandler(deps: Pick<Deps, "database" | "payments" | "logger">): TwoStepJobHandler<SweepOutcome> {
  return {
    async call(job, now) {
      const p = job.payload as SweepPayload;
      const db = deps.database.db;
      let claim: { userId: string; key: string; at: Date } | undefined;
      if (p.claim) {
        const [row] = await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, p.claim.userId), eq(idempotencyKeys.key, p.claim.key)));
        // Booked: the booking, its charge and the answer were written by one statement.
        if (row?.responseStatus === 201) return afterBooking(deps, db, row.responseBody as BookedAnswer, now);
        if (row && row.responseStatus === null) {
          // A request may still hold the key (a retry took it over lately): looked at again later (the job's backoff).
          if (row.createdAt.getTime() > now.getTime() - STALE_CLAIM_MS) throw new Error("A booking request still holds this key; the hold is looked at again later.");
          const at = new Date();
          const taken = await db
            .update(idempotencyKeys)
            .set({ createdAt: at })
            .where(
              and(
                eq(idempotencyKeys.userId, p.claim.userId),
                eq(idempotencyKeys.key, p.claim.key),
                isNull(idempotencyKeys.responseStatus),
                lt(idempotencyKeys.createdAt, new Date(now.getTime() - STALE_CLAIM_MS)),
              ),
            )
            .returning({ key: idempotencyKeys.key });
          if (!taken.length) throw new Error("A booking request took this key over; the hold is looked at again later.");
          claim = { ...p.claim, at };
        }
      }
      // The same call again: the provider answers the intent this key made (a call that never reached it makes one now).
      let intent: PaymentIntent;
      try {
        intent = await deps.payments.authorize(JSON.parse(p.request) as AuthorizeInput, p.providerKey);
      } catch (err) {
        if (!(err instanceof PaymentError) || err.code === "provider_unavailable") throw err; // retried with backoff
        return { kind: "released", intent: null, reason: `nothing held (${err.code})`, claim };
      }
      const [known] = await db.select({ bookingId: payments.bookingId }).from(payments).where(eq(payments.intentId, intent.id));
      if (known) return { kind: "skip", reason: `recorded for booking ${known.bookingId ?? "(none)"}` };
      // A replay is the first answer, not where the intent stands now (a failed request may have released it already).
      intent = await deps.payments.retrieve(intent.id);
      const tip = tipOf(JSON.parse(p.request) as AuthorizeInput);
      // A tip captured by a process that died before recording it: recorded now (the money was taken).
      if (tip && intent.status === "succeeded") return { kind: "tip", intent, ...tip };
      if (!HOLDING.includes(intent.status)) return { kind: "released", intent, reason: `nothing held (${intent.status})`, claim, tip };
      const released = await deps.payments.cancel(intent.id, `${p.providerKey}:sweep-release`);
      return { kind: "released", intent: released, reason: `released ${released.id}`, claim, tip };
    },
    async record(tx, _job, _now, outcome) {
      if (outcome.kind === "skip") return `skipped: ${outcome.reason}`;
      if (outcome.kind === "far-off") {
        await recordPayment(tx, deps.payments.kind, outcome.intent, outcome.bookingId, "booking");
        return `released the far-off booking's hold ${outcome.intent.id}`;
      }
      if (outcome.kind === "tip") {
        const [booking] = await tx.select().from(bookings).where(eq(bookings.id, outcome.bookingId));
        if (!booking) return `skipped: the tipped booking ${outcome.bookingId} is gone`;
        await recordTip(tx, deps.payments.kind, booking, outcome.intent, outcome);
        deps.logger.warn("recorded a tip captured by a request that died before recording it", { intentId: outcome.intent.id, bookingId: outcome.bookingId });
        return `recorded the tip ${outcome.intent.id}`;
      }
      // A tip not charged: its claim is freed, so the customer can tip again.
      if (outcome.tip) await releaseTipClaim(tx, outcome.tip.userId, outcome.tip.bookingId);
      if (outcome.claim) {
        const { userId, key, at } = outcome.claim;
        await tx
          .update(idempotencyKeys)
          .set({ responseStatus: 409, responseBody: { error: { code: BOOKING_NOT_MADE_CODE, message: BOOKING_NOT_MADE_MESSAGE } } })
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.createdAt, at), isNull(idempotencyKeys.responseStatus)));
      }
      if (outcome.intent) deps.logger.warn("released a card hold no booking recorded", { intentId: outcome.intent.id, status: outcome.intent.status });
      return outcome.reason;
    },
  };
}

type BookedAnswer = { booking?: { id?: string }; payment?: { held?: boolean } | null };

/**
 * Booked. A far-off booking's hold is released right after the booking commits (the re-authorisation takes one again
 * 48 hours before the service); a process that died just then left it held: released here, while it is still the
 * booking's charge and the service still far off.
 */
async function afterBooking(deps: Pick<Deps, "database" | "payments" | "logger">, db: Db, answer: BookedAnswer, now: Date): Promise<SweepOutcome> {
  const bookingId = answer.booking?.id;
  if (!bookingId || answer.payment?.held !== false) return { kind: "skip", reason: "booked" };
  const charge = await bookingCharge(db, bookingId);
  if (charge?.status !== "requires_capture") return { kind: "skip", reason: "booked" };
  const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!b || !["pending", "confirmed"].includes(b.status)) return { kind: "skip", reason: "booked" };
  const { timeZone } = await getOperationsSettings(db);
  if (keepHoldAtBooking(startOf(b, timeZone), now)) return { kind: "skip", reason: "booked (the service is near now: the hold is kept)" };
  const intent = await deps.payments.cancel(charge.intentId, `booking:${bookingId}:release:${charge.intentId}`);
  return { kind: "far-off", bookingId, intent };
}

export const holdSweepJobHandlers = (deps: Deps) => ({ [HOLD_SWEEP_JOB]: holdSweepHandler(deps) });
