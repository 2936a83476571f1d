// Settings → Payments (issue 25, point 2): the provider and its mode from the server's environment (keys only as
// set / not set), the last webhook, the cancellation policy and tips; tip presets validated, audited and used by
// the tip route; "Send a test charge" authorises and releases $1.00 through the live provider, in test modes only.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FEATURES_SETTINGS, TEST_CHARGE_CENTS } from "@meridian/shared/settings";
import { auditLogs, embeddedPaymentIntents, paymentWebhookEvents } from "../db/schema";
import { startStripeReplay } from "../test/stripe-replay";
import { createAdminTestApp, createTestApp, type AdminSession, type TestApp } from "../test/harness";
import { seedBooking } from "../test/factories";

let t: TestApp, admin: AdminSession;
beforeAll(async () => ({ t, admin } = await createAdminTestApp()));
afterAll(() => t.close());

const overview = async (app = t, cookie = admin.cookie) => {
  const res = await app.call("GET", "/api/admin/settings/payments", { cookie });
  expect(res.status).toBe(200);
  return res.body;
};

describe("what the Payments tab shows", () => {
  it("embedded test mode: no keys, test charges offered, the Operations cancellation terms, tips offered, the hold policy in words", async () => {
    const body = await overview();
    expect(body.payments).toEqual({ tipPresetPercents: [15, 20, 25] });
    expect(body.provider).toEqual({ name: "embedded", mode: "embedded_test", modeLabel: "Embedded test mode", keys: [], testCharges: true });
    expect(body.lastWebhook).toBeNull();
    expect(body.cancellation).toEqual({ cutoffHours: 24, feePercent: 50 });
    expect(body.tipsOffered).toBe(true);
    expect(body.authorisationWindow.join(" ")).toMatch(/within 5 days .* authorised again 48 hours before it starts/);
  });

  it("follows Operations (cut-off and fee) and Features (tips) as they change, and names the last webhook received", async () => {
    const ops = (await t.call("GET", "/api/admin/settings", { cookie: admin.cookie })).body.operations;
    expect((await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: { ...ops, cancellationCutoffHours: 48, cancellationFeePercent: 30 } })).status).toBe(200);
    expect((await t.call("PUT", "/api/admin/settings/features", { cookie: admin.cookie, json: { ...DEFAULT_FEATURES_SETTINGS, tips: false } })).status).toBe(200);
    await t.db.insert(paymentWebhookEvents).values([
      { id: "evt_old", provider: "stripe", type: "payment_intent.succeeded", receivedAt: new Date("2026-11-20T10:00:00Z") },
      { id: "evt_new", provider: "stripe", type: "charge.refunded", receivedAt: new Date("2026-11-25T18:30:00Z") },
    ]);
    const body = await overview();
    expect(body.cancellation).toEqual({ cutoffHours: 48, feePercent: 30 });
    expect(body.tipsOffered).toBe(false);
    expect(body.lastWebhook).toEqual({ at: "2026-11-25T18:30:00.000Z", type: "charge.refunded" });
    await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: ops });
    await t.call("PUT", "/api/admin/settings/features", { cookie: admin.cookie, json: DEFAULT_FEATURES_SETTINGS });
  });
});

describe("tip presets", () => {
  it("are validated (repeats, 0%, none), saved in order, audited, and public; the tip route refuses a preset no longer offered", async () => {
    for (const [presets, message] of [
      [[20, 20], "Each tip preset must be different."],
      [[0, 10], "Each tip preset is a whole percent from 1 to 100."],
      [[], "Give 1 to 4 tip presets."],
    ] as const) {
      const res = await t.call("PUT", "/api/admin/settings/payments", { cookie: admin.cookie, json: { tipPresetPercents: presets } });
      expect(res.status).toBe(400);
      expect(Object.values(res.body.error.fields)).toContain(message);
    }
    const put = await t.call("PUT", "/api/admin/settings/payments", { cookie: admin.cookie, json: { tipPresetPercents: [30, 10] } });
    expect(put.status).toBe(200);
    expect(put.body.payments.tipPresetPercents).toEqual([10, 30]);
    expect(put.body.provider.mode).toBe("embedded_test"); // the PUT answers the whole tab
    const [audit] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "settings.update"), eq(auditLogs.entityId, "payments")));
    expect(audit!.before).toEqual({ tipPresetPercents: [15, 20, 25] });
    expect(audit!.after).toEqual({ tipPresetPercents: [10, 30] });
    expect((await t.call("GET", "/api/settings/public")).body.tipPresetPercents).toEqual([10, 30]);

    const customer = await t.userWithSession();
    const b = await seedBooking(t, { userId: customer.user.id, paymentMethod: "pm_card_visa" });
    const tip = (percent: number, amountUsd: number) =>
      t.call("POST", `/api/me/bookings/${b.id}/tip`, { cookie: customer.cookie, json: { amountUsd, percent }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    const gone = await tip(20, 22.38);
    expect(gone.status).toBe(400);
    expect(gone.body.error.fields.percent).toBe("That tip is no longer offered. Choose 10% or 30%, or a custom amount.");
    expect((await tip(30, 33.57)).status).toBe(201);
    await t.call("PUT", "/api/admin/settings/payments", { cookie: admin.cookie, json: { tipPresetPercents: [15, 20, 25] } });
  });
});

describe("Send a test charge", () => {
  it("embedded: authorises $1.00 on the test Visa and releases it at once, shows the result and audits it", async () => {
    const res = await t.call("POST", "/api/admin/settings/payments/test-charge", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ ok: true, provider: "embedded", amountUsd: 1, card: { brand: "visa", last4: "4242" }, authorisedStatus: "requires_capture", releasedStatus: "canceled" });
    const [intent] = await t.db.select().from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.id, res.body.result.intentId));
    expect(intent).toMatchObject({ status: "canceled", amountCents: TEST_CHARGE_CENTS, amountCapturableCents: 0, amountReceivedCents: 0 });
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "payments.test_charge"));
    expect(audit).toHaveLength(1);
  });

  it("is the admin's only", async () => {
    const dispatcher = await t.userWithSession({ role: "dispatcher" });
    expect((await t.call("POST", "/api/admin/settings/payments/test-charge", { cookie: dispatcher.cookie })).status).toBe(403);
    expect((await t.call("POST", "/api/admin/settings/payments/test-charge")).status).toBe(401);
  });
});

describe("Stripe", () => {
  const intent = (status: string, capturable: number) => ({
    id: "pi_settings_test",
    object: "payment_intent",
    amount: 100,
    amount_capturable: capturable,
    amount_received: 0,
    capture_method: "manual",
    client_secret: "pi_settings_test_secret",
    currency: "usd",
    livemode: false,
    metadata: { test: "settings" },
    status,
    last_payment_error: null,
    next_action: null,
    payment_method: { id: "pm_1", object: "payment_method", type: "card", card: { brand: "visa", last4: "4242" } },
    latest_charge: { id: "ch_1", object: "charge", amount: 100, amount_captured: 0, amount_refunded: 0, payment_method_details: { type: "card", card: { brand: "visa", last4: "4242", capture_before: 1_764_600_000 } } },
  });

  it("test mode: keys only as set / not set (never their values); the test charge goes to Stripe and is released there", async () => {
    const replay = await startStripeReplay();
    const secret = "sk_test_51SecretValueNeverShown";
    const s = await createTestApp({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: secret, STRIPE_WEBHOOK_SECRET: "whsec_neverShownEither", STRIPE_API_URL: replay.url });
    try {
      const a = await s.userWithSession({ role: "admin" });
      const res = await s.call("GET", "/api/admin/settings/payments", { cookie: a.cookie });
      expect(res.body.provider).toEqual({
        name: "stripe",
        mode: "stripe_test",
        modeLabel: "Stripe, test mode",
        keys: [
          { name: "STRIPE_SECRET_KEY", label: "Secret key", set: true },
          { name: "STRIPE_PUBLISHABLE_KEY", label: "Publishable key", set: false },
          { name: "STRIPE_WEBHOOK_SECRET", label: "Webhook signing secret", set: true },
        ],
        testCharges: true,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/SecretValue|neverShown/);
      replay.expect([
        { method: "POST", path: "/v1/payment_intents", body: intent("requires_capture", 100) },
        { method: "POST", path: "/v1/payment_intents/pi_settings_test/cancel", body: intent("canceled", 0) },
      ]);
      const charge = await s.call("POST", "/api/admin/settings/payments/test-charge", { cookie: a.cookie });
      expect(charge.body.result).toMatchObject({ ok: true, provider: "stripe", intentId: "pi_settings_test", authorisedStatus: "requires_capture", releasedStatus: "canceled" });
      expect(replay.requests[0]!.form.get("amount")).toBe("100");
      expect(replay.requests[0]!.form.get("capture_method")).toBe("manual");
      expect(replay.pending()).toEqual([]);
    } finally {
      await s.close();
      await replay.close();
    }
  });

  it("live mode: no test charge (409, nothing sent to Stripe)", async () => {
    const replay = await startStripeReplay();
    const s = await createTestApp({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_51LiveKey", STRIPE_WEBHOOK_SECRET: "whsec_live", STRIPE_PUBLISHABLE_KEY: "pk_live_1", STRIPE_API_URL: replay.url });
    try {
      const a = await s.userWithSession({ role: "admin" });
      const body = (await s.call("GET", "/api/admin/settings/payments", { cookie: a.cookie })).body;
      expect(body.provider).toMatchObject({ mode: "stripe_live", modeLabel: "Stripe, live mode", testCharges: false });
      expect(body.provider.keys.every((k: { set: boolean }) => k.set)).toBe(true);
      const res = await s.call("POST", "/api/admin/settings/payments/test-charge", { cookie: a.cookie });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("live_mode");
      expect(replay.requests).toHaveLength(0);
    } finally {
      await s.close();
      await replay.close();
    }
  });
});
