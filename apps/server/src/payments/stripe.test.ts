// The stripe adapter (official `stripe` package) against a local server replaying Stripe's answers:
// the shared contract, then what the adapter must send (manual capture, amounts in cents, our key as
// the Idempotency-Key of every mutating call). The answers follow the shapes of Stripe's API reference.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { loadEnv } from "../env";
import { createPaymentProvider } from "./payments.service";
import type { PaymentProvider } from "../lib/payment-provider";
import { describeProviderContract, paymentError, type ContractScenario } from "../test/payment-provider-contract";
import { createStripePaymentProvider } from "./stripe";
import { startStripeReplay, type StripeAnswer } from "../test/stripe-replay";

type Replay = Awaited<ReturnType<typeof startStripeReplay>>;
let replay: Replay;
let provider: PaymentProvider;

beforeAll(async () => {
  replay = await startStripeReplay();
  provider = createStripePaymentProvider({ secretKey: "sk_test_meridian", apiUrl: replay.url, maxNetworkRetries: 0 });
});
afterAll(() => replay.close());
afterEach(() => expect(replay.pending(), "answers the adapter never asked for").toEqual([]));

// ---- Stripe's objects, as its API answers them (API version 2026-10-28)
const CREATED = 1_764_000_000;
const CARDS: Record<string, [brand: string, last4: string]> = {
  pm_card_visa: ["visa", "4242"],
  pm_card_mastercard: ["mastercard", "4444"],
  pm_card_amex: ["amex", "0005"],
  pm_card_authenticationRequired: ["visa", "3184"],
  pm_card_chargeDeclined: ["visa", "0002"],
};
type PiState = { status: string; capturable?: number; received?: number; refunded?: number };

function paymentIntent(id: string, amount: number, pm: string, s: PiState) {
  const [brand, last4] = CARDS[pm]!;
  const charged = s.status !== "requires_action" && s.status !== "requires_payment_method";
  return {
    id,
    object: "payment_intent",
    amount,
    amount_capturable: s.capturable ?? 0,
    amount_received: s.received ?? 0,
    capture_method: "manual",
    client_secret: `${id}_secret_Xk2`,
    confirmation_method: "automatic",
    created: CREATED,
    currency: "usd",
    livemode: false,
    metadata: {},
    status: s.status,
    canceled_at: s.status === "canceled" ? CREATED + 60 : null,
    cancellation_reason: null,
    last_payment_error: null,
    next_action: s.status === "requires_action" ? { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: "https://hooks.stripe.com/3d_secure_2/hosted" } } : null,
    payment_method: { id: `pm_${id.slice(3)}`, object: "payment_method", type: "card", card: { brand, last4, exp_month: 11, exp_year: 2030, funding: "credit", country: "US" } },
    latest_charge: charged
      ? {
          id: `ch_${id.slice(3)}`,
          object: "charge",
          amount,
          amount_captured: s.received ?? 0,
          amount_refunded: s.refunded ?? 0,
          captured: (s.received ?? 0) > 0,
          paid: true,
          payment_intent: id,
          refunded: (s.refunded ?? 0) > 0 && s.refunded === s.received,
          status: "succeeded",
          payment_method_details: { type: "card", card: { brand, last4, capture_before: CREATED + 7 * 86_400 } },
        }
      : null,
  };
}
const refund = (id: string, pi: string, amount: number) => ({ id, object: "refund", amount, currency: "usd", payment_intent: pi, charge: `ch_${pi.slice(3)}`, status: "succeeded", created: CREATED });
const invalid = (code: string, message: string) => ({ error: { type: "invalid_request_error", code, message, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}` } });

const create = (id: string, amount: number, pm: string, s: PiState): StripeAnswer => ({ method: "POST", path: "/v1/payment_intents", body: paymentIntent(id, amount, pm, s) });
const get = (id: string, amount: number, s: PiState): StripeAnswer => ({ method: "GET", path: `/v1/payment_intents/${id}`, body: paymentIntent(id, amount, "pm_card_visa", s) });
const capture = (id: string, amount: number, s: PiState, status = 200): StripeAnswer => ({ method: "POST", path: `/v1/payment_intents/${id}/capture`, status, body: paymentIntent(id, amount, "pm_card_visa", s) });
const captureError = (id: string, body: unknown): StripeAnswer => ({ method: "POST", path: `/v1/payment_intents/${id}/capture`, status: 400, body });
const refundAnswer = (body: unknown, status = 200): StripeAnswer => ({ method: "POST", path: "/v1/refunds", status, body });
const unexpectedState = (status: string) =>
  invalid(
    "payment_intent_unexpected_state",
    `This PaymentIntent could not be captured because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
  );
const held = (amount: number): PiState => ({ status: "requires_capture", capturable: amount });

const conversations: Record<ContractScenario, StripeAnswer[]> = {
  "authorise-visa": [create("pi_3AuthVisa", 12_345, "pm_card_visa", held(12_345)), get("pi_3AuthVisa", 12_345, held(12_345))],
  brands: [create("pi_3BrandMc", 5_000, "pm_card_mastercard", held(5_000)), create("pi_3BrandAmex", 5_000, "pm_card_amex", held(5_000))],
  decline: [
    {
      method: "POST",
      path: "/v1/payment_intents",
      status: 402,
      body: {
        error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "generic_decline",
          message: "Your card was declined.",
          doc_url: "https://stripe.com/docs/error-codes/card-declined",
          payment_intent: paymentIntent("pi_3Declined", 9_999, "pm_card_chargeDeclined", { status: "requires_payment_method" }),
        },
      },
    },
  ],
  "three-d-secure": [
    create("pi_3ThreeDs", 20_000, "pm_card_authenticationRequired", { status: "requires_action" }),
    get("pi_3ThreeDs", 20_000, held(20_000)),
    capture("pi_3ThreeDs", 20_000, { status: "succeeded", received: 20_000 }),
  ],
  "full-capture": [create("pi_3Full", 8_000, "pm_card_visa", held(8_000)), capture("pi_3Full", 8_000, { status: "succeeded", received: 8_000 })],
  "partial-capture": [
    create("pi_3Part", 10_000, "pm_card_visa", held(10_000)),
    capture("pi_3Part", 10_000, { status: "succeeded", received: 2_550 }),
    captureError("pi_3Part", unexpectedState("succeeded")),
  ],
  "capture-too-much": [
    create("pi_3TooMuch", 5_000, "pm_card_visa", held(5_000)),
    captureError("pi_3TooMuch", invalid("amount_too_large", "The amount_to_capture must be less than or equal to the amount_capturable (5000).")),
    get("pi_3TooMuch", 5_000, held(5_000)),
  ],
  cancel: [
    create("pi_3Cancel", 7_500, "pm_card_visa", held(7_500)),
    { method: "POST", path: "/v1/payment_intents/pi_3Cancel/cancel", body: paymentIntent("pi_3Cancel", 7_500, "pm_card_visa", { status: "canceled" }) },
    captureError("pi_3Cancel", unexpectedState("canceled")),
  ],
  refunds: [
    create("pi_3Refund", 10_000, "pm_card_visa", held(10_000)),
    capture("pi_3Refund", 10_000, { status: "succeeded", received: 9_000 }),
    refundAnswer(refund("re_3First", "pi_3Refund", 2_500)),
    get("pi_3Refund", 10_000, { status: "succeeded", received: 9_000, refunded: 2_500 }),
    refundAnswer(invalid("amount_too_large", "Refund amount ($65.01) is greater than unrefunded amount on charge ($65.00)"), 400),
    refundAnswer(refund("re_3Rest", "pi_3Refund", 6_500)),
    get("pi_3Refund", 10_000, { status: "succeeded", received: 9_000, refunded: 9_000 }),
    refundAnswer(invalid("charge_already_refunded", "Charge ch_3Refund has already been refunded."), 400),
  ],
  "idempotent-retries": [create("pi_3Retry", 4_200, "pm_card_visa", held(4_200)), capture("pi_3Retry", 4_200, { status: "succeeded", received: 3_000 })],
  "concurrent-retries": [create("pi_3Fifty", 15_000, "pm_card_visa", held(15_000))],
  "refund-retry": [
    create("pi_3RefundRetry", 6_000, "pm_card_visa", held(6_000)),
    capture("pi_3RefundRetry", 6_000, { status: "succeeded", received: 6_000 }),
    refundAnswer(refund("re_3Once", "pi_3RefundRetry", 1_000)),
    get("pi_3RefundRetry", 6_000, { status: "succeeded", received: 6_000, refunded: 1_000 }),
  ],
};

describeProviderContract("stripe (replayed answers)", { provider: () => provider, scenario: (name) => replay.expect(conversations[name]) });

describe("what the stripe adapter sends", () => {
  it("creates a manual-capture PaymentIntent in cents with our Idempotency-Key and secret key", async () => {
    replay.expect([create("pi_3Sent", 12_345, "pm_card_visa", held(12_345))]);
    await provider.authorize({ amountCents: 12_345, paymentMethod: "pm_card_visa", description: "Ride", metadata: { bookingId: "b-42" } }, "booking-b-42-authorize");
    const [req] = replay.requests;
    expect(req!.headers["idempotency-key"]).toBe("booking-b-42-authorize");
    expect(req!.headers.authorization).toBe("Bearer sk_test_meridian");
    expect(Object.fromEntries(req!.form)).toMatchObject({
      amount: "12345",
      currency: "usd",
      capture_method: "manual",
      confirm: "true",
      payment_method: "pm_card_visa",
      description: "Ride",
      "metadata[bookingId]": "b-42",
      "automatic_payment_methods[enabled]": "true",
      "automatic_payment_methods[allow_redirects]": "never",
    });
  });

  it("sends the key on capture, cancel and refund, with the amounts in cents", async () => {
    replay.expect([
      capture("pi_3Keys", 9_000, { status: "succeeded", received: 4_321 }),
      refundAnswer(refund("re_3Keys", "pi_3Keys", 1_234)),
      { method: "POST", path: "/v1/payment_intents/pi_3Other/cancel", body: paymentIntent("pi_3Other", 500, "pm_card_visa", { status: "canceled" }) },
    ]);
    await provider.capture("pi_3Keys", 4_321, "k-capture");
    await provider.refund("pi_3Keys", 1_234, "requested_by_customer", "k-refund");
    await provider.cancel("pi_3Other", "k-cancel");
    const [cap, ref, can] = replay.requests;
    expect(cap!.headers["idempotency-key"]).toBe("k-capture");
    expect(cap!.form.get("amount_to_capture")).toBe("4321");
    expect(ref!.headers["idempotency-key"]).toBe("k-refund");
    expect(Object.fromEntries(ref!.form)).toMatchObject({ payment_intent: "pi_3Keys", amount: "1234", "metadata[reason]": "requested_by_customer" });
    expect(can!.headers["idempotency-key"]).toBe("k-cancel");
  });

  it("sends all 50 concurrent retries with the one key, so Stripe makes one authorisation", async () => {
    replay.expect([create("pi_3Same", 15_000, "pm_card_visa", held(15_000))]);
    await Promise.all(Array.from({ length: 50 }, () => provider.authorize({ amountCents: 15_000, paymentMethod: "pm_card_visa" }, "one-key")));
    expect(replay.requests).toHaveLength(50);
    expect(new Set(replay.requests.map((r) => r.headers["idempotency-key"]))).toEqual(new Set(["one-key"]));
  });

  it("authorises a saved card off-session: off_session, confirm and the customer it is saved to", async () => {
    replay.expect([create("pi_3OffSession", 18_250, "pm_card_visa", held(18_250))]);
    const pi = await provider.authorize(
      { amountCents: 18_250, paymentMethod: "pm_1SavedVisa", customer: "cus_Meridian42", offSession: true, metadata: { bookingId: "b-7" } },
      "booking:b-7:authorize:2026-12-01",
    );
    expect(pi).toMatchObject({ id: "pi_3OffSession", status: "requires_capture", amountCapturableCents: 18_250 });
    const [req] = replay.requests;
    expect(req!.headers["idempotency-key"]).toBe("booking:b-7:authorize:2026-12-01");
    expect(Object.fromEntries(req!.form)).toMatchObject({
      amount: "18250",
      capture_method: "manual",
      confirm: "true",
      off_session: "true",
      customer: "cus_Meridian42",
      payment_method: "pm_1SavedVisa",
    });
  });

  it("sends neither off_session nor a customer when the customer is there", async () => {
    replay.expect([create("pi_3OnSession", 1_000, "pm_card_visa", held(1_000))]);
    await provider.authorize({ amountCents: 1_000, paymentMethod: "pm_card_visa" }, "k-on-session");
    expect(replay.requests[0]!.form.has("off_session")).toBe(false);
    expect(replay.requests[0]!.form.has("customer")).toBe(false);
  });

  it("reports a card that needs authentication off-session as authentication_required, and a decline as card_declined, with the intent left behind", async () => {
    const cardError = (code: string, declineCode: string, message: string, id: string) => ({
      method: "POST" as const,
      path: "/v1/payment_intents",
      status: 402,
      body: { error: { type: "card_error", code, decline_code: declineCode, message, payment_intent: paymentIntent(id, 18_250, "pm_card_authenticationRequired", { status: "requires_payment_method" }) } },
    });
    replay.expect([
      cardError("authentication_required", "authentication_required", "Your card was declined. This transaction requires authentication.", "pi_3NeedsAuth"),
      cardError("card_declined", "insufficient_funds", "Your card has insufficient funds.", "pi_3Broke"),
    ]);
    const offSession = { amountCents: 18_250, paymentMethod: "pm_1Saved", customer: "cus_Meridian42", offSession: true };
    const auth = await paymentError(provider.authorize(offSession, "k-off-auth"));
    expect(auth).toMatchObject({ code: "authentication_required", intentId: "pi_3NeedsAuth", message: "Your card was declined. This transaction requires authentication." });
    const declined = await paymentError(provider.authorize(offSession, "k-off-declined"));
    expect(declined).toMatchObject({ code: "card_declined", declineCode: "insufficient_funds", intentId: "pi_3Broke" });
  });

  it("hands over the client secret Stripe.js needs for the 3-D Secure step", async () => {
    replay.expect([create("pi_3Secret", 2_000, "pm_card_authenticationRequired", { status: "requires_action" })]);
    const pi = await provider.authorize({ amountCents: 2_000, paymentMethod: "pm_card_authenticationRequired" }, "k-secret");
    expect(pi).toMatchObject({ status: "requires_action", clientSecret: "pi_3Secret_secret_Xk2", card: { brand: "visa", last4: "3184" } });
  });

  it("reports an unfinished 3-D Secure step, and a Stripe outage, in the provider's terms", async () => {
    replay.expect([get("pi_3Waiting", 2_000, { status: "requires_action" })]);
    expect((await paymentError(provider.completeAuthentication("pi_3Waiting", "k-3ds"))).code).toBe("authentication_required");
    replay.expect([]);
    expect((await paymentError(provider.retrieve("pi_3Nowhere"))).code).toBe("provider_unavailable");
  });
});

describe("PAYMENT_PROVIDER settings", () => {
  const db = {} as Db; // neither check reaches the database
  it("picks the embedded provider by default and stripe when asked, with both secrets", () => {
    expect(createPaymentProvider(loadEnv({}), db).kind).toBe("embedded");
    const env = loadEnv({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(createPaymentProvider(env, db).kind).toBe("stripe");
  });
  it("refuses to start with stripe but no secrets, or secrets of the wrong kind", () => {
    expect(() => createPaymentProvider(loadEnv({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x" }), db)).toThrow(
      "PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.",
    );
    expect(() => loadEnv({ STRIPE_SECRET_KEY: "pk_test_public" })).toThrow("STRIPE_SECRET_KEY: must start with sk_ or rk_");
    expect(() => loadEnv({ PAYMENT_PROVIDER: "paypal" })).toThrow("PAYMENT_PROVIDER");
  });
});
