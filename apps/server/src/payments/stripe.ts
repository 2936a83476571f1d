// The Stripe payment provider (PAYMENT_PROVIDER=stripe): the official `stripe` package, PaymentIntents
// with manual capture, our idempotency key sent as Stripe's Idempotency-Key on every mutating call.
// STRIPE_API_URL points the client elsewhere (tests: a local server replaying Stripe's answers).
// The package is loaded when a Stripe provider is created (PAYMENT_PROVIDER=stripe), not at start: the embedded
// default never needs it, and it costs ~20 MB and ~150 ms at start (bench/footprint.mjs).
import { createRequire } from "node:module";
import type Stripe from "stripe";
import { PaymentError, type PaymentErrorCode, type PaymentIntent, type PaymentProvider, type WebhookEvent } from "../lib/payment-provider";

export type StripeProviderOptions = { secretKey: string; apiUrl?: string; timeoutMs?: number; maxNetworkRetries?: number; webhookSecret?: string };

let stripePackage: typeof Stripe | undefined;
/** The `stripe` package, loaded on first use (its CommonJS build, synchronously: parseWebhook is synchronous). */
function stripeModule(): typeof Stripe {
  return (stripePackage ??= createRequire(import.meta.url)("stripe") as typeof Stripe);
}

export function stripeClient(opts: StripeProviderOptions): Stripe {
  const Stripe = stripeModule();
  const url = opts.apiUrl ? new URL(opts.apiUrl) : undefined;
  return new Stripe(opts.secretKey, {
    ...(url ? { protocol: url.protocol.replace(":", "") as "http" | "https", host: url.hostname, port: url.port || (url.protocol === "https:" ? 443 : 80) } : {}),
    timeout: opts.timeoutMs ?? 20_000,
    // Retries resend the same Idempotency-Key, so a retried call never charges twice.
    maxNetworkRetries: opts.maxNetworkRetries ?? 2,
    appInfo: { name: "Meridian" },
  });
}

const EXPAND = ["latest_charge", "payment_method"];

export function fromStripeIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  const charge = typeof pi.latest_charge === "object" ? pi.latest_charge : null;
  const chargeCard = charge?.payment_method_details?.card ?? null;
  const pmCard = typeof pi.payment_method === "object" ? (pi.payment_method?.card ?? null) : null;
  const card = chargeCard ?? pmCard;
  const status = pi.status === "requires_confirmation" || pi.status === "processing" ? "requires_action" : pi.status;
  return {
    id: pi.id,
    status: status as PaymentIntent["status"],
    currency: pi.currency,
    amountCents: pi.amount,
    amountCapturableCents: pi.amount_capturable,
    amountReceivedCents: pi.amount_received,
    amountRefundedCents: charge?.amount_refunded ?? 0,
    card: card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null,
    captureBefore: chargeCard?.capture_before ? new Date(chargeCard.capture_before * 1000).toISOString() : null,
    clientSecret: pi.client_secret,
  };
}

/** Stripe's errors in the provider's terms. */
export function toPaymentError(err: unknown): unknown {
  const Stripe = stripeModule();
  if (!(err instanceof Stripe.errors.StripeError)) return err;
  const code = err.code ?? "";
  let ours: PaymentErrorCode;
  // Off-session, a card that needs its 3-D Secure step answers a card error with code authentication_required.
  if (code === "authentication_required" || code === "payment_intent_authentication_failure") ours = "authentication_required";
  else if (err instanceof Stripe.errors.StripeCardError) ours = "card_declined";
  else if (err instanceof Stripe.errors.StripeIdempotencyError) ours = "idempotency_mismatch";
  else if (code === "payment_intent_unexpected_state" || code === "charge_already_refunded" || code === "charge_already_captured") ours = "invalid_state";
  else if (code === "amount_too_large" || code === "amount_to_capture_too_large") ours = "amount_too_large";
  else if (code === "charge_expired_for_capture") ours = "authorization_expired";
  else if (code === "resource_missing") ours = "not_found";
  else if (err instanceof Stripe.errors.StripeInvalidRequestError) ours = "invalid_request";
  else ours = "provider_unavailable";
  return new PaymentError(ours, err.message, err.decline_code ?? undefined, err.payment_intent?.id ?? undefined);
}

/** A verified Stripe event in the provider's terms: which PaymentIntent, and what it now is. */
export function fromStripeEvent(event: Stripe.Event): WebhookEvent {
  const object = event.data.object as { id: string; object: string; payment_intent?: string | { id: string } | null };
  const intentId = object.object === "payment_intent" ? object.id : typeof object.payment_intent === "string" ? object.payment_intent : (object.payment_intent?.id ?? null);
  const base = { id: event.id, type: event.type, intentId };
  switch (event.type) {
    case "payment_intent.requires_action":
      return { ...base, action: { kind: "move", to: "requires_action" } };
    case "payment_intent.amount_capturable_updated":
      return { ...base, action: { kind: "move", to: "requires_capture", lastError: null } };
    case "payment_intent.payment_failed":
      return { ...base, action: { kind: "move", to: "requires_payment_method", lastError: event.data.object.last_payment_error?.message ?? "The payment failed." } };
    case "payment_intent.succeeded":
      return { ...base, action: { kind: "move", to: "succeeded", capturedCents: event.data.object.amount_received } };
    case "payment_intent.canceled":
      return { ...base, action: { kind: "move", to: "canceled" } };
    case "charge.refunded": {
      const charge = event.data.object;
      return { ...base, action: { kind: "refunded", refundedCents: charge.amount_refunded, ...(typeof charge.amount_captured === "number" ? { capturedCents: charge.amount_captured } : {}) } };
    }
    default:
      return { ...base, action: { kind: "none" } };
  }
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toPaymentError(err);
  }
}

export function createStripePaymentProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = stripeClient(opts);
  const intent = async (p: Promise<Stripe.PaymentIntent>) => fromStripeIntent(await p);
  return {
    kind: "stripe",
    authorize(input, idempotencyKey) {
      return call(() =>
        intent(
          stripe.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: (input.currency ?? "usd").toLowerCase(),
              capture_method: "manual",
              payment_method: input.paymentMethod,
              automatic_payment_methods: { enabled: true, allow_redirects: "never" }, // cards and the like: no redirect, no return_url
              confirm: true,
              // A saved card charged while the customer is away (authorising again before a far-off service).
              ...(input.offSession ? { off_session: true } : {}),
              ...(input.customer ? { customer: input.customer } : {}),
              ...(input.description ? { description: input.description } : {}),
              ...(input.metadata ? { metadata: input.metadata } : {}),
              // Saved for off-session charges later (re-authorisation before a far-off service, tips): the
              // confirmed card is attached to the Customer.
              ...(input.saveCard ? { setup_future_usage: "off_session" as const, ...(input.saveCard.customerRef ? { customer: input.saveCard.customerRef } : {}) } : {}),
              expand: EXPAND,
            },
            { idempotencyKey },
          ),
        ),
      );
    },
    // The 3-D Secure step runs in the browser (Stripe.js handleNextAction); afterwards the intent says where it stands.
    async completeAuthentication(intentId) {
      const pi = await call(() => intent(stripe.paymentIntents.retrieve(intentId, { expand: EXPAND })));
      if (pi.status === "requires_action") throw new PaymentError("authentication_required", "The card's authentication step has not been completed.");
      return pi;
    },
    capture(intentId, amountCents, idempotencyKey) {
      return call(() =>
        intent(stripe.paymentIntents.capture(intentId, { ...(amountCents !== undefined ? { amount_to_capture: amountCents } : {}), expand: EXPAND }, { idempotencyKey })),
      );
    },
    cancel(intentId, idempotencyKey) {
      return call(() => intent(stripe.paymentIntents.cancel(intentId, { expand: EXPAND }, { idempotencyKey })));
    },
    async refund(intentId, amountCents, reason, idempotencyKey) {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: intentId, ...(amountCents !== undefined ? { amount: amountCents } : {}), ...(reason ? { metadata: { reason } } : {}) },
          { idempotencyKey },
        ),
      );
      return { id: refund.id, intentId, amountCents: refund.amount };
    },
    retrieve(intentId) {
      return call(() => intent(stripe.paymentIntents.retrieve(intentId, { expand: EXPAND })));
    },
    async createCustomer(input, idempotencyKey) {
      const customer = await call(() =>
        stripe.customers.create({ ...(input.email ? { email: input.email } : {}), name: input.name, metadata: { userId: input.userId } }, { idempotencyKey }),
      );
      return customer.id;
    },
    // Signature checks need no network: the endpoint's signing secret over the exact bytes.
    parseWebhook(payload, signature) {
      if (!opts.webhookSecret) throw new PaymentError("invalid_request", "No webhook signing secret is configured.");
      if (!signature) throw new PaymentError("invalid_request", "No Stripe-Signature header.");
      return fromStripeEvent(stripe.webhooks.constructEvent(payload, signature, opts.webhookSecret));
    },
  };
}
