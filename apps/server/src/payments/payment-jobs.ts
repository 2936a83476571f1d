// The payment jobs (durable, jobs/job-runner.ts), docs/decisions/011:
// - payment.settle: the retry of a booking's settlement (capture / fee / release) after its status move.
// - payment.reauthorize: 48 hours before a far-off service (whose booking-time hold was released), the total is
//   authorised again off-session on the kept card. Declined or needing authentication: the customer is e-mailed a
//   link to confirm a card, and the booking reads "payment needed" (the dispatch board shows it).
// - payment.unpaid_cancel: still unpaid 12 hours before the service, the booking is cancelled without a fee.
// The provider steps are two-step jobs: the call outside any transaction, then the record with the job's "done".
// A re-authorisation's hold is swept like a request's (hold-sweep.ts): the sweep is scheduled before the call, and
// the record takes the hold only while the booking is still on at the same time (it reads the booking under a row
// lock, so a cancellation or a completion made during the call is seen); else the sweep releases the hold.
import { and, eq } from "drizzle-orm";
import { callerPaymentDueAt, keepHoldAtBooking, reauthorizeAt, unpaidCancelAt } from "@meridian/shared/payment-policy";
import { PAID_CHARGE_STATUSES, paymentKeys, UNPAID_CANCEL_REASON } from "@meridian/shared/payment-lifecycle";
import { CALLER_UNPAID_CANCEL_REASON } from "@meridian/shared/caller-booking";
import { toCents } from "@meridian/shared/pricing";
import type { Tx } from "../db/client";
import { bookings, jobs } from "../db/schema";
import { cancelJobs, payloadIs, scheduleJob, type Job, type JobHandler, type JobHandlers, type TwoStepJobHandler } from "../jobs/job-runner";
import type { Deps } from "../lib/context";
import type { Mail } from "../mail/mailer";
import { emailLayout, greeting, nameInEmail } from "../mail/templates";
import { type BookingRow, cancelRideReminders, moveBooking, SETTLE_JOB, startOf } from "../bookings";
import { formatWhen } from "../lib/format-when";
import { getOperationsSettings } from "../settings/settings.service";
import { bookingCharge } from "./charges";
import { recordAuthorisation, recordFailedAuthorisation, releaseUnusedHold, savedCard, settleCall, settleRecord, type SettleOutcome } from "./payment-lifecycle";
import { recordPayment } from "./payments.service";
import { PaymentError, type PaymentIntent } from "../lib/payment-provider";
import { customerOf, serviceName, tellPaymentNeeded } from "./payment-needed";
import { scheduleHoldSweep } from "./hold-sweep";

export const REAUTHORIZE_JOB = "payment.reauthorize";
export const UNPAID_CANCEL_JOB = "payment.unpaid_cancel";

const isOn = (b: BookingRow) => b.status === "pending" || b.status === "confirmed";

/**
 * Called by the booking code inside its transaction (and again after a reschedule): for a far-off service (one
 * whose booking-time hold is released, see keepHoldAtBooking) the re-authorisation 48 hours before it and the
 * unpaid cancellation 12 hours before it. A near service keeps its hold until completion: nothing to schedule.
 */
export async function schedulePaymentJobs(tx: Tx, booking: BookingRow, now = new Date()): Promise<void> {
  const { timeZone } = await getOperationsSettings(tx);
  const startsAt = startOf(booking, timeZone);
  if (keepHoldAtBooking(startsAt, now)) return;
  const { reauthorize, unpaidCancel } = paymentJobsAt(booking.id, startsAt);
  await scheduleJob(tx, reauthorize);
  await scheduleJob(tx, unpaidCancel);
}

/** A booking's payment jobs for a service starting at `startsAt`: their keys carry that instant. */
function paymentJobsAt(bookingId: string, startsAt: Date) {
  const at = startsAt.toISOString();
  const reauthorizeOn = reauthorizeAt(startsAt);
  const payload = { bookingId, startsAt: at, day: reauthorizeOn.toISOString().slice(0, 10) };
  return {
    at,
    payload,
    reauthorize: { kind: REAUTHORIZE_JOB, key: `${REAUTHORIZE_JOB}:${bookingId}:${at}`, runAt: reauthorizeOn, payload },
    unpaidCancel: { kind: UNPAID_CANCEL_JOB, key: `${UNPAID_CANCEL_JOB}:${bookingId}:${at}`, runAt: unpaidCancelAt(startsAt), payload },
  };
}

/** A booking's pending payment jobs (before scheduling them again for a new time). */
export const cancelPaymentJobs = (tx: Tx, bookingId: string) => cancelJobs(tx, [REAUTHORIZE_JOB, UNPAID_CANCEL_JOB], "bookingId", bookingId);

/**
 * A booking's payment jobs follow it to its new time (a reschedule, in its transaction, after the move's new hold is
 * recorded): those of the old time cancelled, schedulePaymentJobs for the new one; and a booking still unpaid (its
 * last authorisation failed, or it holds nothing and no card is kept) keeps its unpaid cancellation even when the new
 * time is within the hold window (where schedulePaymentJobs schedules nothing): 12 hours before the new time, or,
 * for a caller's booking waiting on its payment link, when the link's time runs out for the new time.
 */
export async function movePaymentJobs(tx: Tx, booking: BookingRow, now = new Date()): Promise<void> {
  const [byLink] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, UNPAID_CANCEL_JOB), eq(jobs.status, "pending"), payloadIs("bookingId", booking.id), payloadIs("reason", "link")))
    .limit(1);
  await cancelPaymentJobs(tx, booking.id);
  await schedulePaymentJobs(tx, booking, now);
  const charge = await bookingCharge(tx, booking.id);
  if (!charge || (PAID_CHARGE_STATUSES as readonly string[]).includes(charge.status)) return;
  const { timeZone } = await getOperationsSettings(tx);
  const startsAt = startOf(booking, timeZone);
  const { at, payload, unpaidCancel } = paymentJobsAt(booking.id, startsAt);
  if (byLink) {
    await scheduleJob(tx, { kind: UNPAID_CANCEL_JOB, key: `${UNPAID_CANCEL_JOB}:${booking.id}:link:${at}`, runAt: callerPaymentDueAt(booking.createdAt, startsAt), payload: { ...payload, reason: "link" } });
  } else {
    // The same job (and key) schedulePaymentJobs schedules for a far-off time.
    await scheduleJob(tx, unpaidCancel);
  }
}

/** The job's booking while it is still on at the job's time, else why to skip; `lock`: read under a row lock (in a transaction). */
async function bookingFor(db: Deps["database"]["db"] | Tx, job: Job, lock = false): Promise<{ b: BookingRow; skip?: undefined } | { skip: string }> {
  const query = db.select().from(bookings).where(eq(bookings.id, String(job.payload.bookingId ?? "")));
  const [b] = lock ? await query.for("update") : await query;
  if (!b) return { skip: "booking deleted" };
  if (!isOn(b)) return { skip: b.status };
  const { timeZone } = await getOperationsSettings(db);
  if (startOf(b, timeZone).toISOString() !== job.payload.startsAt) return { skip: "rescheduled" };
  return { b };
}

// ---- e-mails

/** `because`: why, after "has been cancelled because" (default: no card could be authorised for it). */
export function unpaidCancelledEmail(f: { to: string; name: string; what: string; when: string; url: string; because?: string }): Mail {
  const lines = [greeting(f.name), `Your ${f.what} on ${f.when} has been cancelled because ${f.because ?? "no card could be authorised for it"}. No fee was charged.`, "You are welcome to book again."];
  return { to: f.to, subject: `Your ${f.what} on ${f.when} was cancelled`, text: `${lines.join("\n\n")}\n\n${f.url}\n`, html: emailLayout("Booking cancelled", lines, { label: "Book again", url: f.url }), kind: "unpaid_cancelled", vars: { customerName: nameInEmail(f.name), service: f.what, when: f.when } };
}

export { paymentNeededEmail, paymentPageUrl } from "./payment-needed";

// ---- handlers

function settleHandler(deps: Deps): TwoStepJobHandler<SettleOutcome> {
  return {
    call: (job) => settleCall(deps, String(job.payload.bookingId ?? "")),
    record: (tx, _job, _now, outcome) => settleRecord(tx, deps, outcome),
  };
}

type ReauthOutcome =
  | { kind: "skip"; reason: string }
  | { kind: "authorised"; b: BookingRow; intent: PaymentIntent; card: { paymentMethod: string; customerRef: string | null }; released?: PaymentIntent }
  | { kind: "failed"; b: BookingRow; intentId?: string; status?: "requires_payment_method" | "requires_action"; message: string; card: { paymentMethod: string; customerRef: string | null } | null; key: string };

function reauthorizeHandler(deps: Deps): TwoStepJobHandler<ReauthOutcome> {
  return {
    async call(job) {
      const db = deps.database.db;
      const found = await bookingFor(db, job);
      if (found.skip !== undefined) return { kind: "skip", reason: found.skip };
      const { b } = found;
      const charge = await bookingCharge(db, b.id);
      if (!charge) return { kind: "skip", reason: "no card charge" }; // booked without a card (before payments)
      // A hold that would lapse before the service (the booking-time hold whose release failed): replaced, like a released one.
      const stale = charge.status === "requires_capture" && !keepHoldAtBooking(new Date(String(job.payload.startsAt)), charge.createdAt);
      if ((PAID_CHARGE_STATUSES as readonly string[]).includes(charge.status) && !stale) return { kind: "skip", reason: "already authorised" };
      const key = paymentKeys.reauthorize(b.id, String(job.payload.day));
      const card = await savedCard(db, b.id);
      if (!card) return { kind: "failed", b, message: "There is no card on file for this booking.", card: null, key };
      const request = { amountCents: toCents(b.price ?? 0), paymentMethod: card.paymentMethod, offSession: true, ...(card.customerRef ? { customer: card.customerRef } : {}), description: `Booking ${b.id}`, metadata: { bookingId: b.id } };
      // Should the hold not be recorded (the booking cancelled or completed meanwhile, or this process gone), the sweep releases it.
      await scheduleHoldSweep(db, { providerKey: key, request });
      try {
        const intent = await deps.payments.authorize(request, key);
        if (intent.status === "requires_capture") return { kind: "authorised", b, intent, card, released: stale ? await releaseUnusedHold(deps, b.id, charge.intentId, "a booking's stale hold", false) : undefined };
        return { kind: "failed", b, intentId: intent.id, status: "requires_action", message: "Your card needs an authentication step.", card, key };
      } catch (err) {
        if (err instanceof PaymentError && err.code !== "provider_unavailable") {
          return { kind: "failed", b, intentId: err.intentId, message: err.message, card, key };
        }
        throw err; // the provider is down: retried with backoff
      }
    },
    async record(tx, job, _now, outcome) {
      if (outcome.kind === "skip") return `skipped: ${outcome.reason}`;
      // Cancelled, completed or moved while the card was being authorised: the new hold is not the booking's (the
      // sweep lets it go), and nobody is asked to pay for it.
      const still = await bookingFor(tx, job, true);
      if (still.skip !== undefined) {
        if (outcome.kind !== "authorised") return `skipped: ${still.skip} during the authorisation`;
        // The stale hold this call let go is recorded as let go all the same.
        if (outcome.released) await recordPayment(tx, deps.payments.kind, outcome.released, outcome.b.id, "booking");
        return `skipped: ${still.skip} during the authorisation (the sweep releases ${outcome.intent.id})`;
      }
      if (outcome.kind === "authorised") {
        await recordAuthorisation(tx, deps.payments.kind, outcome.intent, outcome.b.id, outcome.card);
        if (outcome.released) await recordPayment(tx, deps.payments.kind, outcome.released, outcome.b.id, "booking");
        return `authorised ${outcome.intent.amountCents}`;
      }
      const { b } = outcome;
      await recordFailedAuthorisation(tx, deps.payments.kind, b, outcome);
      await tellPaymentNeeded(tx, deps, b, { amountUsd: b.price ?? 0, reason: outcome.message, beforeService: true });
      return `payment needed: ${outcome.message}`;
    },
  };
}

function unpaidCancelHandler(deps: Deps): JobHandler {
  return async (tx, job, now) => {
    const found = await bookingFor(tx, job);
    if (found.skip !== undefined) return `skipped: ${found.skip}`;
    const { b } = found;
    const charge = await bookingCharge(tx, b.id);
    if (!charge) return "skipped: no card charge";
    if ((PAID_CHARGE_STATUSES as readonly string[]).includes(charge.status)) return "skipped: paid";
    // "link": a booking made for a caller whose payment link was never used (checkout/caller-booking.service.ts).
    const byLink = job.payload.reason === "link";
    const reason = byLink ? CALLER_UNPAID_CANCEL_REASON : UNPAID_CANCEL_REASON;
    await moveBooking(tx, b, "cancelled", "admin", { id: null, name: "Meridian", role: "system" }, {
      set: { cancelledAt: now, cancelledBy: "system", cancelReason: reason, cancellationFee: 0 },
      note: `Cancelled: ${reason}`,
    });
    await cancelRideReminders(tx, b.id);
    await cancelPaymentJobs(tx, b.id);
    const who = await customerOf(tx, b);
    const { timeZone } = await getOperationsSettings(tx);
    const when = formatWhen(startOf(b, timeZone), timeZone);
    const because = byLink ? "it was not paid through the link we sent in time" : undefined;
    if (who) await deps.mailer.send(unpaidCancelledEmail({ ...who, what: serviceName(b), when, url: `${deps.config.publicUrl}/`, because }), { tx });
    // Told by SMS too when the link went by SMS (sent last: a provider's failure here is retried with the job).
    if (byLink && b.phone) {
      const intro = `Meridian: your ${serviceName(b)} on ${when} has been cancelled.`;
      await deps.sms.send(b.phone, `${intro} Reason: ${because}. No fee was charged.`, { tx, message: { kind: "unpaid_cancelled_sms", vars: { service: serviceName(b), when }, intro } });
    }
    return "cancelled: unpaid";
  };
}

/** Every payment job kind (registered in main.ts next to jobHandlers(deps)). */
export const paymentJobHandlers = (deps: Deps): JobHandlers => ({
  [SETTLE_JOB]: settleHandler(deps),
  [REAUTHORIZE_JOB]: reauthorizeHandler(deps),
  [UNPAID_CANCEL_JOB]: unpaidCancelHandler(deps),
});
