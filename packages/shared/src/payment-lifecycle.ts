// The money after booking (issue 13, docs/decisions/011): what happens to a booking's card authorisation when
// the booking ends, the customer's "confirm a card" step when the card could not be authorised again before a
// far-off service, and the words the screens and e-mails use for it.
import { z } from "zod";

/**
 * Provider idempotency keys of the after-booking calls. A settlement's capture or release is keyed by the booking
 * AND the PaymentIntent it settles: a retry of that call (a job after a provider outage, a process that died before
 * recording the answer) replays it, so a hold is captured once; a later hold of the same booking (the card the
 * customer confirmed after a refused capture) is a new call with a key of its own. A provider keeps a key with the
 * request it was first used for and refuses it for any other, so one key across two intents never captures.
 */
export const paymentKeys = {
  capture: (bookingId: string, intentId: string) => `booking:${bookingId}:capture:${intentId}`,
  cancelFee: (bookingId: string, intentId: string) => `booking:${bookingId}:cancel-fee:${intentId}`,
  cancel: (bookingId: string, intentId: string) => `booking:${bookingId}:cancel:${intentId}`,
  /** `day` is the yyyy-mm-dd (UTC) the re-authorisation was due. */
  reauthorize: (bookingId: string, day: string) => `booking:${bookingId}:authorize:${day}`,
  /** Money owed at settlement with no live hold (completed before the re-authorisation, a lapsed hold): authorised off-session, then captured. */
  settleAuthorize: (bookingId: string, why: string) => `booking:${bookingId}:authorize:settle:${why}`,
  /** Its capture: a key of its own (the off-session authorisation's key makes one intent, so this is that intent's). */
  settleCapture: (bookingId: string, why: string) => `booking:${bookingId}:capture:settle:${why}`,
} as const;

export type Settlement =
  | { action: "capture"; amountCents: number | undefined; why: "completed" | "no_show" | "late_cancel" }
  | { action: "release"; why: "free_cancel" | "expired" };

/** The provider key of a settlement's call on one PaymentIntent (the booking's current hold). */
export function settlementKey(bookingId: string, plan: Settlement, intentId: string): string {
  if (plan.action === "release") return paymentKeys.cancel(bookingId, intentId);
  return plan.why === "late_cancel" ? paymentKeys.cancelFee(bookingId, intentId) : paymentKeys.capture(bookingId, intentId);
}

/**
 * What a booking's held authorisation becomes once the booking ends:
 * - completed: the booking's price captured (`amountCents` undefined: the server captures the price, never more
 *   than the hold);
 * - no-show (the chauffeur came and waited): the price captured too, as the fare was earned (see decision 011);
 * - cancelled with a fee (after the cut-off): only the fee is captured, which releases the rest;
 * - cancelled free of charge (before the cut-off, by Meridian, or unpaid): the authorisation is released.
 * Anything else (still on, refunded): nothing.
 */
export function settlementFor(b: { id: string; status: string; cancellationFeeCents: number }): Settlement | null {
  switch (b.status) {
    case "completed":
      return { action: "capture", amountCents: undefined, why: "completed" };
    case "no_show":
      return { action: "capture", amountCents: undefined, why: "no_show" };
    case "expired": // never served: nothing is charged
      return { action: "release", why: "expired" };
    case "cancelled":
      return b.cancellationFeeCents > 0
        ? { action: "capture", amountCents: b.cancellationFeeCents, why: "late_cancel" }
        : { action: "release", why: "free_cancel" };
    default:
      return null;
  }
}

/** A charge in one of these states holds (or has taken) the money: the booking is paid for. */
export const PAID_CHARGE_STATUSES = ["requires_capture", "succeeded"] as const;
/** The last attempt to authorise failed (declined, or the card needs its 3-D Secure step): payment needed. */
export const FAILED_CHARGE_STATUSES = ["requires_payment_method", "requires_action"] as const;

export const PAYMENT_NEEDED_LABEL = "Payment needed";
export const PAYMENT_NEEDED_HINT = "The card on file could not be authorised. The customer has been e-mailed a link to confirm a card.";
export const UNPAID_CANCEL_REASON = "The card could not be authorised before the service; cancelled without a fee.";
export const ALREADY_PAID_MESSAGE = "This booking is already paid for: nothing to confirm.";
export const NOT_YET_MESSAGE = "Nothing to pay yet: we will authorise your card 48 hours before the service.";
export const NOT_PAYABLE_MESSAGE = "This booking is no longer on, so there is nothing to pay.";

/**
 * The customer's "confirm a card" step: a card (embedded test mode: one of Stripe's test methods), the intent
 * after its 3-D Secure step, or neither: the card on file, tried again with the customer there.
 */
export const confirmCardSchema = z
  .strictObject({
    paymentMethod: z.string({ error: "Choose a card." }).trim().min(1, "Choose a card.").max(200, "Choose a card.").optional(),
    paymentIntentId: z.string().trim().min(1).max(200).optional(),
  })
  .refine((v) => !(v.paymentMethod && v.paymentIntentId), { message: "Choose a card, or finish the authentication step, not both.", path: ["paymentMethod"] })
  .meta({ not: { required: ["paymentMethod", "paymentIntentId"] } });
export type ConfirmCardInput = z.infer<typeof confirmCardSchema>;

export type { BookingPaymentState } from "./payments/answers";

/** Stripe's test cards the embedded provider knows, for the test-mode card picker. */
export const TEST_MODE_CARDS = [
  { paymentMethod: "pm_card_visa", label: "Visa •••• 4242 (succeeds)" },
  { paymentMethod: "pm_card_mastercard", label: "Mastercard •••• 4444 (succeeds)" },
  { paymentMethod: "pm_card_authenticationRequired", label: "Visa •••• 3184 (needs authentication)" },
  { paymentMethod: "pm_card_chargeDeclined", label: "Visa •••• 0002 (declined)" },
] as const;
