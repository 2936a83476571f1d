// The payment provider interface (PAYMENT_PROVIDER = embedded | stripe). It speaks Stripe's model:
// a PaymentIntent authorised with manual capture, then captured (in full or in part), cancelled, or
// refunded (in full or in part). Amounts are integer cents. Every mutating call takes an idempotency
// key: the same key with the same request answers what the first call answered (a decline included)
// and moves no money again; the same key with another request is refused.
import type { CspSources } from "./security-headers";

export type IntentStatus = "requires_action" | "requires_capture" | "succeeded" | "canceled" | "requires_payment_method";

export type PaymentIntent = {
  id: string;
  status: IntentStatus;
  currency: string;
  /** Authorised amount. */
  amountCents: number;
  /** Still capturable (0 once captured or cancelled). */
  amountCapturableCents: number;
  amountReceivedCents: number;
  amountRefundedCents: number;
  card: { brand: string; last4: string } | null;
  /** Stripe.js needs it for the 3-D Secure step in the browser (stripe mode); null in embedded mode. */
  clientSecret: string | null;
  /** When the authorisation lapses (cards: about 7 days); null when unknown or not authorised. */
  captureBefore: string | null;
};

export type Refund = { id: string; intentId: string; amountCents: number };

/**
 * A provider's webhook event, verified and normalised (as Medusa's payment providers do): its id (each applied
 * once), and what it says of one PaymentIntent, as a move of the charge's state (packages/shared/charge-status.ts).
 */
export type WebhookEvent = {
  id: string;
  type: string;
  intentId: string | null;
  action:
    | { kind: "move"; to: IntentStatus; capturedCents?: number; lastError?: string | null }
    | { kind: "refunded"; refundedCents: number; capturedCents?: number }
    | { kind: "none" };
};

export type AuthorizeInput = {
  amountCents: number;
  currency?: string;
  /** A payment method id: in embedded mode one of Stripe's test methods, e.g. "pm_card_visa". */
  paymentMethod: string;
  description?: string;
  metadata?: Record<string, string>;
  /** Keep the card for later charges without the customer (stripe: the Customer it is saved to, setup_future_usage off_session). */
  saveCard?: { customerRef: string | null };
  /**
   * The customer is not there (a job authorising again nearer a far-off service): a card that needs its
   * 3-D Secure step cannot take it, so the call fails with `authentication_required` instead of answering
   * requires_action. Stripe: `off_session: true` with the Customer the card is saved to.
   */
  offSession?: boolean;
  /** The provider's customer the saved card belongs to (stripe: cus_...); needed off-session in stripe mode. */
  customer?: string;
};

export type PaymentErrorCode =
  | "card_declined" // the card was refused; declineCode says why
  | "authentication_required" // the customer has not completed the card's 3-D Secure step
  | "invalid_state" // e.g. capturing a cancelled intent
  | "amount_too_large" // capture above the authorisation, refund above what is left
  | "authorization_expired"
  | "idempotency_mismatch" // the key was used for another request
  | "not_found"
  | "invalid_request"
  | "provider_unavailable";

export class PaymentError extends Error {
  constructor(
    readonly code: PaymentErrorCode,
    message: string,
    readonly declineCode?: string,
    /** The PaymentIntent the failed attempt left behind (a declined or unauthenticated authorisation), when known. */
    readonly intentId?: string,
  ) {
    super(message);
    this.name = "PaymentError";
  }
  toJSON() {
    return { code: this.code, message: this.message, ...(this.declineCode ? { declineCode: this.declineCode } : {}), ...(this.intentId ? { intentId: this.intentId } : {}) };
  }
}

export interface PaymentProvider {
  readonly kind: "embedded" | "stripe";
  /** Hosts the provider's browser code needs in the Content-Security-Policy (Stripe.js), while it is configured for the browser. */
  readonly cspSources?: CspSources;
  /** Creates and confirms a PaymentIntent with manual capture: requires_capture, or requires_action (3-D Secure). */
  authorize(input: AuthorizeInput, idempotencyKey: string): Promise<PaymentIntent>;
  /**
   * After the customer's 3-D Secure step: embedded mode records the step as passed and authorises; in
   * stripe mode the step happens in the browser (Stripe.js) and this reads where the intent now stands.
   */
  completeAuthentication(intentId: string, idempotencyKey: string): Promise<PaymentIntent>;
  /** Captures all of the authorisation, or `amountCents` of it (the rest is released). */
  capture(intentId: string, amountCents: number | undefined, idempotencyKey: string): Promise<PaymentIntent>;
  /** Releases an authorisation. */
  cancel(intentId: string, idempotencyKey: string): Promise<PaymentIntent>;
  /** Refunds what is left of the captured amount, or `amountCents` of it. */
  refund(intentId: string, amountCents: number | undefined, reason: string | undefined, idempotencyKey: string): Promise<Refund>;
  retrieve(intentId: string): Promise<PaymentIntent>;
  /**
   * The provider's customer a card is saved to for later off-session charges (stripe: a Customer, cus_...);
   * null where the payment method itself is kept (embedded).
   */
  createCustomer(input: { email: string | null; name: string; userId: string }, idempotencyKey: string): Promise<string | null>;
  /**
   * Verifies a webhook's raw body against its signature and says what it means for the charge. Throws when the
   * signature does not verify. Absent where the provider sends no webhooks (embedded).
   */
  parseWebhook?(payload: string, signature: string | undefined): WebhookEvent;
}

/** Stripe's documented test payment methods that the embedded provider knows. */
export type TestCard = { brand: string; last4: string; decline?: { code: string; message: string }; requiresAction?: boolean };
export const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: "visa", last4: "4242" },
  pm_card_visa_debit: { brand: "visa", last4: "5556" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444" },
  pm_card_amex: { brand: "amex", last4: "0005" },
  pm_card_discover: { brand: "discover", last4: "1117" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", decline: { code: "generic_decline", message: "Your card was declined." } },
  pm_card_chargeDeclinedInsufficientFunds: { brand: "visa", last4: "9995", decline: { code: "insufficient_funds", message: "Your card has insufficient funds." } },
  pm_card_chargeDeclinedExpiredCard: { brand: "visa", last4: "0069", decline: { code: "expired_card", message: "Your card has expired." } },
  pm_card_authenticationRequired: { brand: "visa", last4: "3184", requiresAction: true },
};

/** Card authorisations lapse after about 7 days. */
export const AUTHORIZATION_DAYS = 7;
