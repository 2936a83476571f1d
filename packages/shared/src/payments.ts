// Booking-time card payment: the dialog's card step, the server's answers to a declined card or a card that
// needs its authentication step (3-D Secure), and the test cards the embedded provider knows (Stripe's
// documented test payment methods). See docs/decisions/011.
import { z } from "zod";

export const PAYMENT_PROVIDERS = ["embedded", "stripe"] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/payments/config: which card step the booking dialog shows. */
export const paymentConfigResponseSchema = z.object({
  provider: z.enum(["embedded", "stripe"]),
  /** Stripe's publishable key (pk_...) in stripe mode; null in embedded test mode. */
  publishableKey: z.string().nullable().describe("Stripe's publishable key (pk_...) in stripe mode; null in embedded test mode"),
});
export type PaymentConfigResponse = z.infer<typeof paymentConfigResponseSchema>;

// ---- Words
export const CARD_LABEL = "Card";
export const TEST_MODE_LABEL = "Test mode";
export const TEST_MODE_HINT = "No real card is charged. Pick one of Stripe's test cards to see how each answer looks.";
export const CARD_DECLINED_TITLE = "Card Declined";
export const AUTHENTICATION_REQUIRED_TITLE = "Authentication Required";
export const AUTHENTICATION_REQUIRED_MESSAGE = "Your bank asks you to confirm this payment. Complete the authentication step, then confirm your booking.";
export const COMPLETE_AUTHENTICATION_LABEL = "Complete authentication";
export const AUTHENTICATION_FAILED_MESSAGE = "The card's authentication step was not completed. Please try again or use another card.";
export const PAYMENT_INTENT_MISMATCH_MESSAGE = "This payment does not belong to this booking request. Please start the booking again.";
export const PAYMENT_UNAVAILABLE_MESSAGE = "The payment service is not answering. Your card was not charged. Please try again.";
export const PAYMENT_NOT_ACCEPTED_MESSAGE = "This card could not be used. Please use another card.";
export const CARD_HOLD_NOTE = "Your card is authorised for the total now and charged when the service is complete.";
export const CARD_SAVED_NOTE = "Your card is checked now and kept for this booking; it is authorised again two days before the service.";

/** Error codes the booking answers with a 402. */
export const CARD_DECLINED_CODE = "card_declined";
export const AUTHENTICATION_REQUIRED_CODE = "authentication_required";

/** The 402 answer's extra part when the card needs its authentication step. */
export type PaymentIntentChallenge = { id: string; clientSecret: string | null };

// ---- Embedded test mode: Stripe's test cards (the ids the embedded provider knows)
export type TestCardOption = { id: string; label: string; brand: string; last4: string; outcome: string };
export const TEST_CARD_OPTIONS: readonly TestCardOption[] = [
  { id: "pm_card_visa", label: "Visa 4242", brand: "visa", last4: "4242", outcome: "Succeeds" },
  { id: "pm_card_mastercard", label: "Mastercard 4444", brand: "mastercard", last4: "4444", outcome: "Succeeds" },
  { id: "pm_card_amex", label: "American Express 0005", brand: "amex", last4: "0005", outcome: "Succeeds" },
  { id: "pm_card_authenticationRequired", label: "Visa 3184", brand: "visa", last4: "3184", outcome: "Authentication required" },
  { id: "pm_card_chargeDeclined", label: "Visa 0002", brand: "visa", last4: "0002", outcome: "Declined" },
  { id: "pm_card_chargeDeclinedInsufficientFunds", label: "Visa 9995", brand: "visa", last4: "9995", outcome: "Declined: insufficient funds" },
  { id: "pm_card_chargeDeclinedExpiredCard", label: "Visa 0069", brand: "visa", last4: "0069", outcome: "Declined: expired card" },
];
export const DEFAULT_TEST_CARD = "pm_card_visa";

/** POST /api/payments/test/authenticate (embedded test mode): the step a bank's 3-D Secure page would run. */
export const completeAuthenticationSchema = z.strictObject({
  paymentIntentId: z.string({ error: PAYMENT_INTENT_MISMATCH_MESSAGE }).trim().min(1, PAYMENT_INTENT_MISMATCH_MESSAGE).max(200, PAYMENT_INTENT_MISMATCH_MESSAGE),
});
export type CompleteAuthenticationInput = z.infer<typeof completeAuthenticationSchema>;
export const completeAuthenticationResponseSchema = z.object({ paymentIntentId: z.string(), status: z.string() });
export type CompleteAuthenticationResponse = z.infer<typeof completeAuthenticationResponseSchema>;

/**
 * The answer stored for a booking request that stopped after its card was authorised and before the booking was
 * saved (the process died): the orphan-hold sweep released the hold and answers a retry with this (409).
 */
export const BOOKING_NOT_MADE_CODE = "booking_not_made";
export const BOOKING_NOT_MADE_MESSAGE = "This booking was not made: it stopped before it could be saved, and the hold on your card was released. Please book again.";
