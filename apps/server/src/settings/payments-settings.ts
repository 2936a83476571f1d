// Settings → Payments beyond the stored tip presets: which provider the server runs and in which mode (from its
// environment: keys are reported as set or not set, never shown), the last webhook the provider sent, the
// cancellation policy (Settings → Operations), whether tips are offered (Settings → Features) and the card-hold
// policy in words; and "Send a test charge" (test modes only): a small amount authorised and at once released.
import { desc } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { HOLD_AT_BOOKING_DAYS, REAUTHORIZE_HOURS_BEFORE, UNPAID_CANCEL_HOURS_BEFORE } from "@meridian/shared/payment-policy";
import { TEST_CHARGE_CENTS, type PaymentsOverview, type TestChargeResult } from "@meridian/shared/settings";
import { writeAudit } from "../lib/audit";
import { paymentWebhookEvents } from "../db/schema";
import type { Env } from "../env";
import type { AppEnv } from "../lib/context";
import { HttpError } from "../lib/errors";
import { testChargeResponseSchema } from "@meridian/shared/settings/answers";
import { caller, routesFor } from "../lib/openapi";
import { PaymentError } from "../lib/payment-provider";
import { getOperationsSettings } from "./settings.service";
import { getSettings } from "./store";

/** The provider and mode the server's environment selects, and which of its keys are set. */
export function providerOf(env: Env): PaymentsOverview["provider"] {
  if (env.PAYMENT_PROVIDER !== "stripe") {
    return { name: "embedded", mode: "embedded_test", modeLabel: "Embedded test mode", keys: [], testCharges: true };
  }
  const live = /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY ?? "");
  return {
    name: "stripe",
    mode: live ? "stripe_live" : "stripe_test",
    modeLabel: live ? "Stripe, live mode" : "Stripe, test mode",
    keys: [
      { name: "STRIPE_SECRET_KEY", label: "Secret key", set: Boolean(env.STRIPE_SECRET_KEY) },
      { name: "STRIPE_PUBLISHABLE_KEY", label: "Publishable key", set: Boolean(env.STRIPE_PUBLISHABLE_KEY) },
      { name: "STRIPE_WEBHOOK_SECRET", label: "Webhook signing secret", set: Boolean(env.STRIPE_WEBHOOK_SECRET) },
    ],
    testCharges: !live,
  };
}

/** How long a customer's card is held, in words (docs/decisions/011). */
export const AUTHORISATION_WINDOW = [
  `A service within ${HOLD_AT_BOOKING_DAYS} days is authorised when it is booked and the hold is kept until the service is completed, then captured.`,
  `A service further ahead is authorised when it is booked (so a decline or a 3-D Secure step happens while the customer is there), released at once, and authorised again ${REAUTHORIZE_HOURS_BEFORE} hours before it starts, since a card hold lapses after about 7 days.`,
  `If that authorisation fails, the customer is e-mailed a link to confirm a card; a booking still unpaid ${UNPAID_CANCEL_HOURS_BEFORE} hours before it starts is cancelled without a fee.`,
];

/** What GET and PUT /api/admin/settings/payments answer beside { payments }. */
export async function paymentsExtra(c: Context<AppEnv>): Promise<Omit<PaymentsOverview, "payments">> {
  const { db } = caller(c);
  const [ops, features, [last]] = await Promise.all([
    getOperationsSettings(db),
    getSettings(db, "features"),
    db.select({ at: paymentWebhookEvents.receivedAt, type: paymentWebhookEvents.type }).from(paymentWebhookEvents).orderBy(desc(paymentWebhookEvents.receivedAt)).limit(1),
  ]);
  return {
    provider: providerOf(c.get("deps").config.env),
    lastWebhook: last ? { at: last.at.toISOString(), type: last.type } : null,
    cancellation: { cutoffHours: ops.cancellationCutoffHours, feePercent: ops.cancellationFeePercent },
    authorisationWindow: AUTHORISATION_WINDOW,
    tipsOffered: features.tips,
  };
}

const admin$ = routesFor("admin", ["Admin: settings"]);

export const paymentsTestRoutes = new Hono<AppEnv>().post(
  "/settings/payments/test-charge",
  admin$("Send a test charge: $1.00 on Stripe's test Visa, authorised and released at once through the live provider (test modes only)", {
    200: testChargeResponseSchema,
    409: { description: "The server runs Stripe in live mode" },
  }),
  async (c) => {
    const { actor, db } = caller(c);
    const { payments, config } = c.get("deps");
    const provider = providerOf(config.env);
    if (!provider.testCharges) throw new HttpError(409, "live_mode", "Test charges are only sent in test modes: this server runs Stripe in live mode, where a charge moves real money.");
    const key = `settings-test-charge:${crypto.randomUUID()}`;
    const started = performance.now();
    const amountUsd = TEST_CHARGE_CENTS / 100;
    let result: TestChargeResult;
    try {
      const intent = await payments.authorize({ amountCents: TEST_CHARGE_CENTS, paymentMethod: "pm_card_visa", description: "Meridian test charge (Settings → Payments)", metadata: { test: "settings" } }, `${key}:authorize`);
      const released = await payments.cancel(intent.id, `${key}:cancel`);
      result = { ok: true, provider: payments.kind, amountUsd, intentId: intent.id, card: intent.card, authorisedStatus: intent.status, releasedStatus: released.status, ms: Math.round(performance.now() - started) };
    } catch (err) {
      if (!(err instanceof PaymentError)) throw err;
      result = { ok: false, provider: payments.kind, amountUsd, code: err.code, message: err.message, ms: Math.round(performance.now() - started) };
    }
    await writeAudit(db, actor, { action: "payments.test_charge", entity: "settings", entityId: "payments", after: result });
    return c.json({ result });
  },
);
