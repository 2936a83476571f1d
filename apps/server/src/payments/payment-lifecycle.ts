// The money after booking (docs/decisions/011): settling a booking's card when it ends (capture at completion,
// the fee or a release at cancellation), and the customer confirming a card when a far-off booking's card could
// not be authorised again. Provider calls never run inside a database transaction: each is made first, with a
// fixed idempotency key (a settlement's: the booking's and the intent's it settles), and its answer recorded
// afterwards in one transaction.
import { RECEIPT_JOB, receiptJobKey } from "./receipts";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { fromCents, toCents } from "@meridian/shared/pricing";
import {
  ALREADY_PAID_MESSAGE,
  FAILED_CHARGE_STATUSES,
  NOT_PAYABLE_MESSAGE,
  NOT_YET_MESSAGE,
  PAID_CHARGE_STATUSES,
  PAID_MEANWHILE_MESSAGE,
  paymentKeys,
  settlementFor,
  settlementKey,
  type BookingPaymentState,
  type Settlement,
  type ConfirmCardInput,
} from "@meridian/shared/payment-lifecycle";
import type { Db, Tx } from "../db/client";
import { bookings, jobs, payments, user } from "../db/schema";
import { scheduleJob } from "../jobs/job-runner";
import type { Deps } from "../lib/context";
import { conflict, HttpError, notFound } from "../lib/errors";
import { announceBooking, type BookingRow, SETTLE_JOB } from "../bookings";
import { noteCharge, recordAttempt, recordPayment } from "./charge-gate";
import { bookingCharge, bookingCharges, newestChargeFirst, paymentErrorToHttp } from "./charges";
import { customerRefFor } from "./customers";
import { scheduleHoldSweep } from "./hold-sweep";
import { PaymentError, type AuthorizeInput, type PaymentIntent, type PaymentProvider } from "../lib/payment-provider";
import { tellPaymentNeeded } from "./payment-needed";


/** The card kept for the booking (the newest of its charges that names one): to authorise again off-session. */
export async function savedCard(db: Db | Tx, bookingId: string): Promise<{ paymentMethod: string; customerRef: string | null } | null> {
  const [row] = await db
    .select({ paymentMethod: payments.paymentMethod, customerRef: payments.customerRef })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, "booking"), isNotNull(payments.paymentMethod)))
    .orderBy(...newestChargeFirst)
    .limit(1);
  return row?.paymentMethod ? { paymentMethod: row.paymentMethod, customerRef: row.customerRef } : null;
}

/**
 * Releases a hold the booking no longer uses, outside any transaction, and records it (unless `record` is false:
 * the caller records it in its own transaction, or it must never become a row: a hold no row knows, taken for a
 * change that did not happen, recorded now would be the booking's newest charge and hide the one it has). A failure
 * is logged, not thrown: an unused hold lapses by itself (or the hold sweep releases it), and only the booking's
 * current charge is ever captured.
 */
export async function releaseUnusedHold(deps: Pick<Deps, "database" | "payments" | "logger">, bookingId: string, intentId: string, why: string, record = true): Promise<PaymentIntent | undefined> {
  try {
    const released = await deps.payments.cancel(intentId, `booking:${bookingId}:release:${intentId}`);
    if (record) await recordPayment(deps.database.db, deps.payments.kind, released, bookingId, "booking");
    return released;
  } catch (err) {
    deps.logger.error(`could not release ${why}`, { bookingId, intentId, err: String(err) });
    return undefined;
  }
}

/** Records an authorisation made for a booking, with the card it used (kept for later). */
export async function recordAuthorisation(tx: Tx, provider: PaymentProvider["kind"], intent: PaymentIntent, bookingId: string, card: { paymentMethod: string; customerRef: string | null }, lastError: string | null = null) {
  await recordPayment(tx, provider, intent, bookingId, "booking", { paymentMethod: card.paymentMethod, customerRef: card.customerRef, lastError });
}

/**
 * A failed authorisation attempt (declined, or the card needs its 3-D Secure step) becomes the booking's charge,
 * so the booking reads "payment needed" until a card is confirmed. Stripe and the embedded provider leave a
 * PaymentIntent behind; when none is known, the row gets a placeholder id that no provider call ever uses.
 */
export async function recordFailedAuthorisation(
  tx: Tx,
  provider: PaymentProvider["kind"],
  b: Pick<BookingRow, "id" | "price">,
  attempt: { intentId?: string; status?: "requires_payment_method" | "requires_action"; message: string; card: { paymentMethod: string; customerRef: string | null } | null; key: string; amountCents?: number },
) {
  await recordAttempt(tx, {
    provider,
    intentId: attempt.intentId ?? `unpaid_${attempt.key}`,
    bookingId: b.id,
    status: attempt.status ?? "requires_payment_method",
    amountCents: attempt.amountCents ?? toCents(b.price ?? 0),
    lastError: attempt.message,
    paymentMethod: attempt.card?.paymentMethod ?? null,
    customerRef: attempt.card?.customerRef ?? null,
  });
}

// ---- Settlement: completed, no-show, cancelled

export type SettleOutcome =
  | { kind: "skip"; reason: string; receiptFor?: string }
  | { kind: "settled"; bookingId: string; intent: PaymentIntent; note: string; error?: string; card?: SavedCard; replaced?: PaymentIntent }
  | { kind: "unpaid"; b: BookingRow; amountCents: number; intentId?: string; status?: "requires_payment_method" | "requires_action"; message: string; card: SavedCard | null; key: string; replaced?: PaymentIntent };

type SavedCard = { paymentMethod: string; customerRef: string | null };

/** The provider step of a booking's settlement (no transaction held). Throws only when worth retrying (provider down). */
export async function settleCall(deps: Pick<Deps, "database" | "payments">, bookingId: string): Promise<SettleOutcome> {
  const db = deps.database.db;
  const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!b) return { kind: "skip", reason: "booking deleted" };
  const plan = settlementFor({ id: b.id, status: b.status, cancellationFeeCents: toCents(b.cancellationFee ?? 0) });
  if (!plan) return { kind: "skip", reason: `booking ${b.status}` };
  const charge = await bookingCharge(db, b.id);
  if (!charge) return { kind: "skip", reason: "no card charge" }; // booked without a card (before payments)
  // Already settled (by the request, or an earlier run): make sure the receipt is on its way.
  if (charge.status === "succeeded") return { kind: "skip", reason: "already captured", receiptFor: b.id };
  if (charge.status === "requires_capture") {
    const owedCents = plan.action === "capture" ? (plan.amountCents ?? (b.price === null ? charge.amountCents : toCents(b.price))) : undefined;
    // This hold's own key: a retry of this call replays it (captured once); another hold is another call.
    const key = settlementKey(b.id, plan, charge.intentId);
    if (plan.action === "capture" && owedCents! > charge.amountCents) {
      // More is owed than was held (an airport pickup's waiting, added at completion): the hold is let go and the
      // whole amount authorised off-session and captured, as with no hold (a decline: payment needed).
      const released = await deps.payments.cancel(charge.intentId, `${key}:owed-more-than-held`);
      return chargeWithoutHold(deps, b, plan, released);
    }
    const amountCents = owedCents;
    try {
      const intent =
        plan.action === "capture" ? await deps.payments.capture(charge.intentId, amountCents, key) : await deps.payments.cancel(charge.intentId, key);
      return { kind: "settled", bookingId: b.id, intent, note: plan.action === "capture" ? `captured ${intent.amountReceivedCents} (${plan.why})` : "released" };
    } catch (err) {
      if (!(err instanceof PaymentError) || err.code === "provider_unavailable") throw err;
      // The provider refused: where does the intent stand now?
      const intent = await deps.payments.retrieve(charge.intentId);
      // Money is owed and the hold is gone (it lapsed): charged as with no hold, below.
      if (plan.action === "capture" && intent.status === "canceled") return chargeWithoutHold(deps, b, plan, intent);
      // Still held: the refusal moved nothing, so nothing is settled. Never recorded as if it were (the charge
      // would read "authorised" with no retry left, and the hold lapse uncaptured): thrown, so the settlement job
      // tries again with backoff and, refused to the end, fails for good with the provider's reason.
      if (intent.status === "requires_capture") throw new Error(`The provider refused to ${plan.action === "capture" ? "capture" : "release"} ${intent.id} (${err.code}: ${err.message})`, { cause: err });
      // Settled by an earlier call (whose key the provider has since forgotten): recorded as it stands.
      return { kind: "settled", bookingId: b.id, intent, note: `provider refused: ${err.code}`, error: err.message };
    }
  }
  // No live hold (a far-off service completed before its re-authorisation, a hold let go by a reschedule, a
  // failed re-authorisation): nothing to release; money owed is authorised off-session and captured now.
  if (plan.action !== "capture") return { kind: "skip", reason: `no authorisation held (${charge.status})` };
  return chargeWithoutHold(deps, b, plan);
}

/**
 * A completed service (or a no-show, or a late cancellation's fee) with no live hold: the amount owed is
 * authorised off-session on the kept card and captured at once, with fixed keys (a retry, or two completions
 * racing, replay the same PaymentIntent: charged once). Declined or needing authentication: payment needed.
 */
async function chargeWithoutHold(deps: Pick<Deps, "database" | "payments">, b: BookingRow, plan: Extract<Settlement, { action: "capture" }>, replaced?: PaymentIntent): Promise<SettleOutcome> {
  const amountCents = plan.amountCents ?? toCents(b.price ?? 0);
  if (amountCents <= 0) return { kind: "skip", reason: "nothing owed" };
  const key = paymentKeys.settleAuthorize(b.id, plan.why);
  const card = await savedCard(deps.database.db, b.id);
  if (!card) return { kind: "unpaid", b, amountCents, message: "There is no card on file for this booking.", card: null, key, replaced };
  try {
    const held = await deps.payments.authorize(
      { amountCents, paymentMethod: card.paymentMethod, offSession: true, ...(card.customerRef ? { customer: card.customerRef } : {}), description: `Booking ${b.id}`, metadata: { bookingId: b.id } },
      key,
    );
    if (held.status !== "requires_capture") return { kind: "unpaid", b, amountCents, intentId: held.id, status: "requires_action", message: "Your card needs an authentication step.", card, key, replaced };
    const intent = await deps.payments.capture(held.id, undefined, paymentKeys.settleCapture(b.id, plan.why));
    return { kind: "settled", bookingId: b.id, intent, card, replaced, note: `authorised off-session and captured ${intent.amountReceivedCents} (${plan.why}, no hold)` };
  } catch (err) {
    if (err instanceof PaymentError && (err.code === "card_declined" || err.code === "authentication_required")) {
      return { kind: "unpaid", b, amountCents, intentId: err.intentId, message: err.message, card, key, replaced };
    }
    throw err; // the provider is down (or refused for another reason): retried with backoff
  }
}

/** The database step: the charge brought up to date, and the receipt e-mail scheduled with a capture. */
export async function settleRecord(tx: Tx, deps: Pick<Deps, "payments" | "mailer" | "config">, outcome: SettleOutcome): Promise<string> {
  const provider = deps.payments.kind;
  if (outcome.kind === "skip") {
    if (outcome.receiptFor) await scheduleReceipt(tx, outcome.receiptFor);
    return `skipped: ${outcome.reason}`;
  }
  if (outcome.kind === "unpaid") {
    const { b } = outcome;
    // The lapsed hold reads as let go (never "authorised"), before the failed attempt becomes the charge.
    if (outcome.replaced) await recordPayment(tx, provider, outcome.replaced, b.id, "booking");
    await recordFailedAuthorisation(tx, provider, b, outcome);
    await tellPaymentNeeded(tx, deps, b, { amountUsd: fromCents(outcome.amountCents), reason: outcome.message, beforeService: false });
    return `payment needed: ${outcome.message}`;
  }
  if (outcome.replaced) await recordPayment(tx, provider, outcome.replaced, outcome.bookingId, "booking");
  await recordPayment(tx, provider, outcome.intent, outcome.bookingId, "booking", outcome.card ? { paymentMethod: outcome.card.paymentMethod, customerRef: outcome.card.customerRef } : {});
  if (outcome.error) await noteCharge(tx, outcome.intent.id, { lastError: outcome.error });
  if (outcome.intent.amountReceivedCents > 0) await scheduleReceipt(tx, outcome.bookingId);
  return outcome.note;
}

/** The receipt e-mail (pay-after's handler, payments/receipts.ts), once per booking. */
export const scheduleReceipt = (tx: Tx, bookingId: string) => scheduleJob(tx, { kind: RECEIPT_JOB, key: receiptJobKey(bookingId), runAt: new Date(), payload: { bookingId } });

/**
 * Right after a booking's completing, cancelling or no-show move has committed: settle its card now. Never fails
 * the request: when the provider is down, the settlement job scheduled with the move retries it.
 */
export async function settleBookingNow(deps: Deps, bookingId: string): Promise<void> {
  try {
    const outcome = await settleCall(deps, bookingId);
    const note = await deps.database.db.transaction(async (tx) => {
      const note = await settleRecord(tx, deps, outcome);
      // Settled (or nothing to settle): the retry job scheduled with the move has nothing left to do.
      await tx
        .update(jobs)
        .set({ status: "done", attempts: sql`${jobs.attempts} + 1`, result: `${note} (by the request)`, finishedAt: new Date() })
        .where(and(eq(jobs.kind, SETTLE_JOB), eq(jobs.status, "pending"), sql`${jobs.payload}->>'bookingId' = ${bookingId}`));
      return note;
    });
    deps.logger.info("booking payment settled", { bookingId, note });
  } catch (err) {
    deps.logger.warn("booking payment not settled yet; the settlement job will retry", { bookingId, err: String(err) });
  }
}

// ---- Payment needed: the customer confirms a card

const ON = ["pending", "confirmed"];
/** The service is over and money is owed (completed, no-show, or cancelled with a fee): settled by a capture. */
const owes = (b: Pick<BookingRow, "id" | "status" | "cancellationFee">) => settlementFor({ id: b.id, status: b.status, cancellationFeeCents: toCents(b.cancellationFee ?? 0) })?.action === "capture";
const isFailed = (status: string | undefined) => (FAILED_CHARGE_STATUSES as readonly string[]).includes(status ?? "");

export async function bookingPaymentState(deps: Deps, userId: string, bookingId: string): Promise<BookingPaymentState> {
  const db = deps.database.db;
  const [b] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!b) throw notFound("Booking not found.");
  const charge = await bookingCharge(db, b.id);
  const state: BookingPaymentState["state"] = !charge
    ? "none"
    : charge.status === "requires_capture"
      ? "authorised"
      : charge.status === "succeeded"
        ? "captured"
        : (FAILED_CHARGE_STATUSES as readonly string[]).includes(charge.status)
          ? "needed"
          : "released";
  return {
    bookingId: b.id,
    service: b.service,
    bookingDate: b.bookingDate,
    amountUsd: b.price ?? 0,
    state,
    card: charge?.cardBrand && charge.cardLast4 ? { brand: charge.cardBrand, last4: charge.cardLast4 } : null,
    lastError: state === "needed" ? (charge?.lastError ?? null) : null,
    provider: deps.payments.kind,
    cardOnFile: (await savedCard(db, b.id)) !== null,
    // On, or over with the money still owed (its card failed at completion): a card can be confirmed.
    payable: ON.includes(b.status) || (owes(b) && state === "needed"),
  };
}

async function ownerOf(db: Db, userId: string): Promise<{ id: string; email: string; name: string }> {
  const [row] = await db.select({ id: user.id, email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  if (!row) throw notFound("Booking not found.");
  return row;
}

/**
 * POST /api/me/bookings/:id/payment: the customer, signed in, authorises the booking's total on a card (embedded:
 * a test card; stripe: the card on file, on-session), or finishes the 3-D Secure step of that attempt. 402 with
 * the provider's reason on a decline; 402 authentication_required with the intent id when the step is needed.
 */
export async function confirmBookingCard(deps: Deps, userId: string, bookingId: string, input: ConfirmCardInput, idemKey: string): Promise<BookingPaymentState> {
  const db = deps.database.db;
  const [b] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!b) throw notFound("Booking not found.");
  const charge = await bookingCharge(db, b.id);
  // A service already done is payable only while its charge failed at completion (payment needed).
  const afterService = !ON.includes(b.status);
  if (afterService && !(owes(b) && isFailed(charge?.status))) throw conflict(NOT_PAYABLE_MESSAGE, "not_payable");
  if (charge && (PAID_CHARGE_STATUSES as readonly string[]).includes(charge.status)) throw conflict(ALREADY_PAID_MESSAGE, "already_paid");
  // A far-off booking waiting for its re-authorisation (hold released at booking): a hold taken now could lapse
  // before the service, so the card is authorised by the job 48 hours before, not here.
  if (charge?.status === "canceled") throw conflict(NOT_YET_MESSAGE, "not_yet");
  const kept = await savedCard(db, b.id);
  // A new card (the Payment Element's, or a test card) is saved for the off-session charges after it (the
  // re-authorisation before a far-off service, tips): stripe attaches it to the customer's Customer, reused from
  // their earlier payments or made now (a caller booked at the desk has none yet).
  const newCard = input.paymentMethod ? { paymentMethod: input.paymentMethod, customerRef: kept?.customerRef ?? (await customerRefFor(deps, await ownerOf(db, b.userId ?? userId))) } : null;
  const card = newCard ?? kept;
  if (!card) throw new HttpError(422, "no_card", "Choose a card.", { paymentMethod: "Choose a card." });
  const key = `booking:${b.id}:authorize:customer:${idemKey}`;
  let intent: PaymentIntent;
  try {
    if (input.paymentIntentId) {
      const [mine] = await db.select().from(payments).where(and(eq(payments.intentId, input.paymentIntentId), eq(payments.bookingId, b.id)));
      if (!mine) throw notFound("Payment not found.");
      intent = await deps.payments.completeAuthentication(input.paymentIntentId, `${key}:complete`);
    } else {
      const request: AuthorizeInput = {
        amountCents: toCents(b.price ?? 0),
        paymentMethod: card.paymentMethod,
        ...(card.customerRef ? { customer: card.customerRef } : {}),
        ...(newCard ? { saveCard: { customerRef: newCard.customerRef } } : {}),
        description: `Booking ${b.id}`,
        metadata: { bookingId: b.id },
      };
      // Should this process die before the answer is recorded, the sweep releases the hold no charge row knows.
      await scheduleHoldSweep(db, { providerKey: key, request });
      intent = await deps.payments.authorize(request, key);
    }
  } catch (err) {
    if (!(err instanceof PaymentError)) throw err;
    if (err.code === "card_declined" || err.code === "authentication_required") {
      const recorded = await recordConfirmation(db, b.id, err.intentId, (tx) => recordFailedAuthorisation(tx, deps.payments.kind, b, { intentId: err.intentId, message: err.message, card, key }));
      // Another confirmation paid the booking meanwhile: this declined card is moot (it holds nothing).
      if (!recorded) throw conflict(ALREADY_PAID_MESSAGE, "already_paid");
    }
    throw paymentErrorToHttp(err);
  }
  const recorded = await recordConfirmation(db, b.id, intent.id, async (tx) => {
    if (intent.status === "requires_capture") {
      await recordAuthorisation(tx, deps.payments.kind, intent, b.id, card);
      // The service is done: this hold is captured right below; should that fail (the provider down, the process
      // gone), this job captures it (the booking's settlement job already ran, answering "payment needed").
      if (afterService) await scheduleJob(tx, { kind: SETTLE_JOB, key: `${SETTLE_JOB}:${b.id}:${intent.id}`, runAt: new Date(Date.now() + 60_000), payload: { bookingId: b.id } });
    } else await recordFailedAuthorisation(tx, deps.payments.kind, b, { intentId: intent.id, status: "requires_action", message: "The card needs its authentication step.", card, key });
  });
  if (!recorded) {
    // Lost to a confirmation that recorded its hold first: this one is let go now (the booking keeps one hold;
    // should the release fail, the hold sweep scheduled above releases it, as no charge row knows it). A hold
    // after its 3-D Secure step has its row already: recorded as released; a new one gets none (it would read as
    // the booking's newest charge).
    await releaseUnusedHold(deps, b.id, intent.id, "a confirmation's hold that lost to another", Boolean(input.paymentIntentId));
    throw conflict(PAID_MEANWHILE_MESSAGE, "already_paid");
  }
  if (intent.status !== "requires_capture") {
    // Stripe.js runs the step in the browser with the client secret (stripe mode), then the page sends paymentIntentId.
    throw new HttpError(402, "authentication_required", "Your card needs an authentication step. Complete it to confirm the payment.", { paymentIntentId: intent.id }, { paymentIntent: { id: intent.id, clientSecret: intent.clientSecret } });
  }
  // The service is done: the hold just taken is captured now (the settlement, with that hold's key).
  if (afterService) await settleBookingNow(deps, b.id);
  announceBooking(deps, b);
  return bookingPaymentState(deps, userId, b.id);
}

/**
 * Records a confirmation's answer, unless another confirmation of the booking paid it meanwhile (two at once: the
 * payment link on a phone and the e-mail's on a laptop, or a double submit; each passed the "already paid" check
 * before either authorised). Serialized on the booking's row: the first to record is the booking's hold; a later
 * one finds the booking's charge held or captured by another intent and writes nothing (false).
 */
async function recordConfirmation(db: Db, bookingId: string, intentId: string | undefined, write: (tx: Tx) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for("update");
    const charge = await bookingCharge(tx, bookingId);
    if (charge && charge.intentId !== intentId && (PAID_CHARGE_STATUSES as readonly string[]).includes(charge.status)) return false;
    await write(tx);
    return true;
  });
}

/**
 * Which of these bookings need payment: still on, or over with money owed (completed, no-show, or cancelled late
 * with a fee), and their charge's last authorisation attempt failed.
 */
export async function bookingsNeedingPayment(db: Db | Tx, rows: Pick<BookingRow, "id" | "status" | "cancellationFee">[]): Promise<Set<string>> {
  const on = rows.filter((r) => ON.includes(r.status) || owes(r)).map((r) => r.id);
  if (!on.length) return new Set();
  const charges = await bookingCharges(db, on);
  return new Set([...charges].filter(([, c]) => isFailed(c.status)).map(([id]) => id));
}
