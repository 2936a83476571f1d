// The app's side of payments: the provider picked by settings, the `payments` record of each
// PaymentIntent (linked to its booking), and Stripe's webhook events applied to it once each.
import type { Db } from "../db/client";
import type { Env } from "../env";
import { paymentWebhookEvents } from "../db/schema";
import { moveCharge } from "./charge-gate";
import { createEmbeddedPaymentProvider } from "./embedded";
import type { PaymentProvider, WebhookEvent } from "../lib/payment-provider";
import { createStripePaymentProvider } from "./stripe";
import { stripeCspSources } from "./stripe-csp";

export function createPaymentProvider(env: Env, db: Db): PaymentProvider {
  if (env.PAYMENT_PROVIDER === "stripe") {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.");
    }
    const provider = createStripePaymentProvider({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL, webhookSecret: env.STRIPE_WEBHOOK_SECRET });
    const cspSources = stripeCspSources({ env });
    return cspSources ? { ...provider, cspSources } : provider;
  }
  return createEmbeddedPaymentProvider(db);
}

/**
 * Applies one verified webhook event (the provider's parseWebhook) to the stored payment, once: the event id is
 * recorded in the same transaction, so a replayed (or concurrently redelivered) event finds it and changes
 * nothing. The change goes through the charge's gate: a late event never undoes a capture or a release.
 */
export async function applyWebhookEvent(db: Db, provider: PaymentProvider["kind"], event: WebhookEvent): Promise<"applied" | "duplicate"> {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(paymentWebhookEvents)
      .values({ id: event.id, provider, type: event.type, intentId: event.intentId })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.id });
    if (!fresh.length) return "duplicate";
    if (!event.intentId) return "applied";
    const { action } = event;
    if (action.kind === "move") {
      await moveCharge(tx, event.intentId, action.to, "webhook", {
        ...(action.capturedCents !== undefined ? { capturedCents: action.capturedCents } : {}),
        ...(action.lastError !== undefined ? { lastError: action.lastError } : {}),
      });
    } else if (action.kind === "refunded") {
      await moveCharge(tx, event.intentId, "succeeded", "webhook", {
        refundedCents: action.refundedCents,
        ...(action.capturedCents !== undefined ? { capturedCents: action.capturedCents } : {}),
      });
    }
    return "applied";
  });
}

export { recordPayment, type PaymentRecord } from "./charge-gate";
