// Stripe's answers in their documented shapes, for tests that run PAYMENT_PROVIDER=stripe against the local
// replay server (test/stripe-replay.ts, docs/decisions/011): a PaymentIntent with manual capture saved to a
// Customer, the Customer itself, and the environment that points a test app or server process at the replay.
import type { StripeAnswer } from "./stripe-replay";

export const STRIPE_CREATED = 1_764_000_000;

/** The settings of a server in stripe mode whose Stripe is the replay server at `apiUrl`. */
export const stripeEnv = (apiUrl: string) => ({
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_meridian",
  STRIPE_WEBHOOK_SECRET: "whsec_meridian",
  STRIPE_PUBLISHABLE_KEY: "pk_test_meridian",
  STRIPE_API_URL: apiUrl,
});

/** POST /v1/customers answered with the Customer `id`. */
export const stripeCustomerAnswer = (id = "cus_Meridian1"): StripeAnswer => ({
  method: "POST",
  path: "/v1/customers",
  body: { id, object: "customer", email: "x@example.com", created: STRIPE_CREATED, livemode: false, metadata: {} },
});

/** A PaymentIntent (manual capture, visa 4242 saved off-session to `customer`) in `status`. */
export function stripeIntent(id: string, amount: number, status: string, customer = "cus_Meridian1") {
  const held = status === "requires_capture";
  const needsStep = status === "requires_action";
  return {
    id,
    object: "payment_intent",
    amount,
    amount_capturable: held ? amount : 0,
    amount_received: 0,
    capture_method: "manual",
    client_secret: `${id}_secret_Q1`,
    created: STRIPE_CREATED,
    currency: "usd",
    customer,
    livemode: false,
    metadata: {},
    setup_future_usage: "off_session",
    status,
    last_payment_error: null,
    next_action: needsStep ? { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } } : null,
    payment_method: { id: "pm_1Saved", object: "payment_method", type: "card", card: { brand: "visa", last4: "4242", exp_month: 11, exp_year: 2030 } },
    latest_charge: needsStep
      ? null
      : {
          id: `ch_${id.slice(3)}`,
          object: "charge",
          amount,
          amount_captured: 0,
          amount_refunded: 0,
          captured: false,
          paid: true,
          payment_intent: id,
          status: "succeeded",
          payment_method_details: { type: "card", card: { brand: "visa", last4: "4242", capture_before: STRIPE_CREATED + 7 * 86_400 } },
        },
  };
}
