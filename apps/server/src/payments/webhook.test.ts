// POST /api/payments/stripe/webhook: real signatures made with the test secret, the stored payment
// updated by each event type, a bad signature refused with 400, a replayed event ignored.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { paymentWebhookEvents, payments } from "../db/schema";
import { createTestApp, type TestApp } from "../test/harness";
import { recordPayment } from "./payments.service";

const SECRET = "whsec_test_meridian_webhooks";
const webhooks = new Stripe("sk_test_meridian").webhooks;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_meridian", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: "http://127.0.0.1:9" });
});
afterAll(() => t.close());

let n = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_${++n}_${Date.now()}`) {
  return { id, object: "event", api_version: "2026-10-28.endive", created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } };
}
const intentObject = (id: string, extra: Record<string, unknown> = {}) => ({ id, object: "payment_intent", amount: 10_000, amount_received: 0, currency: "usd", ...extra });

async function post(body: unknown, opts: { secret?: string; signature?: string | null; timestamp?: number } = {}) {
  const payload = JSON.stringify(body);
  const signature =
    opts.signature === undefined ? webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET, timestamp: opts.timestamp }) : opts.signature;
  return t.call("POST", "/api/payments/stripe/webhook", { body: payload, headers: signature === null ? {} : { "stripe-signature": signature } });
}

async function storedPayment(intentId: string, amount = 10_000, status: "requires_capture" | "requires_action" = "requires_capture") {
  await recordPayment(t.db, "stripe", {
    id: intentId,
    status,
    currency: "usd",
    amountCents: amount,
    amountCapturableCents: status === "requires_capture" ? amount : 0,
    amountReceivedCents: 0,
    amountRefundedCents: 0,
    card: { brand: "visa", last4: "4242" },
    captureBefore: null,
    clientSecret: null,
  });
}
const payment = async (intentId: string) => (await t.db.select().from(payments).where(eq(payments.intentId, intentId)))[0]!;

describe("POST /api/payments/stripe/webhook", () => {
  it("refuses a bad, missing, stale or foreign signature with 400 in the API's error shape, changing nothing", async () => {
    await storedPayment("pi_wh_bad");
    const body = event("payment_intent.succeeded", intentObject("pi_wh_bad", { amount_received: 10_000 }));
    for (const opts of [{ signature: "t=1,v1=deadbeef" }, { signature: null }, { secret: "whsec_someone_else" }, { timestamp: Math.floor(Date.now() / 1000) - 3600 }]) {
      const res = await post(body, opts);
      expect(res.status, JSON.stringify(opts)).toBe(400);
      expect(res.body).toEqual({ error: { code: "invalid_signature", message: "The webhook signature could not be verified." } });
    }
    const tampered = JSON.stringify(body);
    const sig = webhooks.generateTestHeaderString({ payload: tampered, secret: SECRET });
    const res = await t.call("POST", "/api/payments/stripe/webhook", { body: tampered.replace("10000", "99999"), headers: { "stripe-signature": sig } });
    expect(res.status).toBe(400);
    expect(await payment("pi_wh_bad")).toMatchObject({ status: "requires_capture", capturedCents: 0 });
    expect(await t.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.intentId, "pi_wh_bad"))).toHaveLength(0);
  });

  it("applies a capture, and ignores the same event replayed", async () => {
    await storedPayment("pi_wh_capture");
    const succeeded = event("payment_intent.succeeded", intentObject("pi_wh_capture", { amount_received: 7_250, status: "succeeded" }));
    const first = await post(succeeded);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, duplicate: false });
    expect(await payment("pi_wh_capture")).toMatchObject({ status: "succeeded", capturedCents: 7_250 });

    await t.db.update(payments).set({ capturedCents: 1 }).where(eq(payments.intentId, "pi_wh_capture")); // would be overwritten if applied again
    const replayed = await post(succeeded);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual({ received: true, duplicate: true });
    expect((await payment("pi_wh_capture")).capturedCents).toBe(1);
    expect(await t.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, succeeded.id))).toHaveLength(1);
  });

  it("follows failures, cancellations and refunds; a late event never undoes a hold or a capture", async () => {
    await storedPayment("pi_wh_fail", 10_000, "requires_action");
    await post(event("payment_intent.payment_failed", intentObject("pi_wh_fail", { last_payment_error: { message: "Your card was declined." } })));
    expect(await payment("pi_wh_fail")).toMatchObject({ status: "requires_payment_method", lastError: "Your card was declined." });
    // a hold stays a hold when an earlier attempt's failure arrives late (the booking is not "payment needed")
    await storedPayment("pi_wh_held");
    await post(event("payment_intent.payment_failed", intentObject("pi_wh_held", { last_payment_error: { message: "Your card was declined." } })));
    expect(await payment("pi_wh_held")).toMatchObject({ status: "requires_capture", lastError: null });

    await storedPayment("pi_wh_cancel");
    await post(event("payment_intent.canceled", intentObject("pi_wh_cancel", { status: "canceled" })));
    expect((await payment("pi_wh_cancel")).status).toBe("canceled");

    await storedPayment("pi_wh_refund");
    await post(event("payment_intent.succeeded", intentObject("pi_wh_refund", { amount_received: 10_000 })));
    await post(event("charge.refunded", { id: "ch_wh", object: "charge", amount: 10_000, amount_refunded: 4_000, payment_intent: "pi_wh_refund" }));
    expect(await payment("pi_wh_refund")).toMatchObject({ status: "succeeded", capturedCents: 10_000, refundedCents: 4_000 });
    // out of order: an older refund total and a stale "capturable" arrive late
    await post(event("charge.refunded", { id: "ch_wh", object: "charge", amount: 10_000, amount_refunded: 1_000, payment_intent: "pi_wh_refund" }));
    await post(event("payment_intent.amount_capturable_updated", intentObject("pi_wh_refund", { amount_capturable: 10_000 })));
    expect(await payment("pi_wh_refund")).toMatchObject({ status: "succeeded", refundedCents: 4_000 });
  });

  it("records events for payments it does not know, and answers 200 so Stripe stops sending them", async () => {
    const res = await post(event("payment_intent.succeeded", intentObject("pi_wh_unknown", { amount_received: 100 })));
    expect(res.status).toBe(200);
    expect(await t.db.select().from(payments).where(eq(payments.intentId, "pi_wh_unknown"))).toHaveLength(0);
  });
});

describe("with the embedded provider", () => {
  it("answers 404: there is no Stripe to hear from", async () => {
    const config = { ...t.deps.config, env: { ...t.deps.config.env, PAYMENT_PROVIDER: "embedded" as const } };
    const app = createApp({ ...t.deps, config });
    const res = await app.request("/api/payments/stripe/webhook", { method: "POST", body: "{}", headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });
});
