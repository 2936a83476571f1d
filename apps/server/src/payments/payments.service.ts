// The app's side of payments: the provider picked by settings, the `payments` record of each
// PaymentIntent (linked to its booking), and Stripe's webhook events applied to it once each.
import { and, eq, notInArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db, Tx } from "../db/client";
import type { Env } from "../env";
import { paymentWebhookEvents, payments } from "../db/schema";
import { createEmbeddedPaymentProvider } from "./embedded";
import type { PaymentIntent, PaymentProvider } from "./provider";
import { createStripePaymentProvider } from "./stripe";

export function createPaymentProvider(env: Env, db: Db): PaymentProvider {
  if (env.PAYMENT_PROVIDER === "stripe") {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.");
    }
    return createStripePaymentProvider({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL });
  }
  return createEmbeddedPaymentProvider(db);
}

export type PaymentRecord = typeof payments.$inferSelect;

/** Writes (or brings up to date) the app's record of a PaymentIntent, e.g. right after authorising it. */
export async function recordPayment(
  db: Db | Tx,
  provider: PaymentProvider["kind"],
  intent: PaymentIntent,
  bookingId: string | null = null,
  kind: "booking" | "tip" = "booking",
): Promise<PaymentRecord> {
  const values = {
    status: intent.status,
    amountCents: intent.amountCents,
    capturedCents: intent.amountReceivedCents,
    refundedCents: intent.amountRefundedCents,
    cardBrand: intent.card?.brand ?? null,
    cardLast4: intent.card?.last4 ?? null,
  };
  const [row] = await db
    .insert(payments)
    .values({ provider, kind, intentId: intent.id, bookingId, ...values })
    .onConflictDoUpdate({ target: payments.intentId, set: { ...values, ...(bookingId ? { bookingId } : {}) } })
    .returning();
  return row!;
}

const FINAL = ["succeeded", "canceled"];

/**
 * Applies one verified Stripe event to the stored payment, once: the event id is recorded in the same
 * transaction, so a replayed (or concurrently redelivered) event finds it and changes nothing.
 * Events can arrive out of order: a late "requires_capture" never undoes a capture or a cancellation.
 */
export async function applyStripeEvent(db: Db, event: Stripe.Event): Promise<"applied" | "duplicate"> {
  return db.transaction(async (tx) => {
    const object = event.data.object as { id: string; object: string; payment_intent?: string | { id: string } | null };
    const intentId = object.object === "payment_intent" ? object.id : typeof object.payment_intent === "string" ? object.payment_intent : (object.payment_intent?.id ?? null);
    const fresh = await tx
      .insert(paymentWebhookEvents)
      .values({ id: event.id, provider: "stripe", type: event.type, intentId })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.id });
    if (!fresh.length) return "duplicate";
    if (!intentId) return "applied";
    const where = eq(payments.intentId, intentId);
    const open = and(where, notInArray(payments.status, FINAL));
    switch (event.type) {
      case "payment_intent.requires_action":
        await tx.update(payments).set({ status: "requires_action" }).where(open);
        break;
      case "payment_intent.amount_capturable_updated":
        await tx.update(payments).set({ status: "requires_capture", lastError: null }).where(open);
        break;
      case "payment_intent.payment_failed": {
        const pi = event.data.object;
        await tx.update(payments).set({ status: "requires_payment_method", lastError: pi.last_payment_error?.message ?? "The payment failed." }).where(open);
        break;
      }
      case "payment_intent.succeeded":
        await tx.update(payments).set({ status: "succeeded", capturedCents: event.data.object.amount_received }).where(where);
        break;
      case "payment_intent.canceled":
        await tx.update(payments).set({ status: "canceled" }).where(and(where, sql`${payments.status} <> 'succeeded'`));
        break;
      case "charge.refunded": {
        const refunded = event.data.object.amount_refunded;
        await tx.update(payments).set({ refundedCents: sql`greatest(${payments.refundedCents}, ${refunded})` }).where(where);
        break;
      }
      default:
        break; // recorded, nothing to change
    }
    return "applied";
  });
}
