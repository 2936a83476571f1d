// Reading a booking's money: its charge (the newest `payments` row of kind "booking"), its tips and refunds,
// and how a provider's refusal reads as an API error.
import { and, asc, desc, eq } from "drizzle-orm";
import { fromCents } from "@meridian/shared/pricing";
import { paymentStateLabel, type AdminBookingPayment, type AdminPayment, type AdminRefund } from "@meridian/shared/refunds";
import type { Db, Tx } from "../db/client";
import { paymentRefunds, payments } from "../db/schema";
import { HttpError } from "../lib/errors";
import { PaymentError } from "./provider";
import type { PaymentRecord } from "./payments.service";

/** The booking's charge: the newest payment of kind "booking" for it, or null. */
export async function bookingChargeOf(db: Db | Tx, bookingId: string): Promise<PaymentRecord | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, "booking")))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/** The booking's tips that were charged (captured), oldest first. */
export async function tipsOf(db: Db | Tx, bookingId: string): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, "tip"), eq(payments.status, "succeeded")))
    .orderBy(asc(payments.createdAt));
}

export async function refundsOf(db: Db | Tx, bookingId: string) {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, bookingId)).orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
}

/** What is left to refund of a payment, in cents. */
export const refundableCents = (p: Pick<PaymentRecord, "status" | "capturedCents" | "refundedCents">) =>
  p.status === "succeeded" ? Math.max(0, p.capturedCents - p.refundedCents) : 0;

export function toAdminPayment(p: PaymentRecord): AdminPayment {
  return {
    id: p.id,
    kind: p.kind === "tip" ? "tip" : "booking",
    provider: p.provider,
    intentId: p.intentId,
    status: p.status,
    state: paymentStateLabel(p),
    authorizedUsd: fromCents(p.amountCents),
    capturedUsd: fromCents(p.capturedCents),
    refundedUsd: fromCents(p.refundedCents),
    refundableUsd: fromCents(refundableCents(p)),
    card: p.cardBrand && p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4 } : null,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The admin booking detail's payment section. */
export async function bookingPayment(db: Db | Tx, bookingId: string): Promise<AdminBookingPayment> {
  const [charge, tips, refunds] = await Promise.all([bookingChargeOf(db, bookingId), tipsOf(db, bookingId), refundsOf(db, bookingId)]);
  return {
    charge: charge ? toAdminPayment(charge) : null,
    tips: tips.map(toAdminPayment),
    refunds: refunds.map(toAdminRefund),
  };
}

export const toAdminRefund = (r: typeof paymentRefunds.$inferSelect): AdminRefund => ({
  id: r.id,
  amountUsd: fromCents(r.amountCents),
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  createdBy: r.createdBy,
});

/**
 * A provider's refusal as an API answer: a decline is 402 with the bank's message; a key reused for another
 * request is 422; a state the operation does not fit is 409; the provider down is 503.
 */
export function paymentHttpError(err: unknown, overrides: Partial<Record<PaymentError["code"], HttpError>> = {}): unknown {
  if (!(err instanceof PaymentError)) return err;
  const override = overrides[err.code];
  if (override) return override;
  switch (err.code) {
    case "card_declined":
      return new HttpError(402, "card_declined", err.message);
    case "authentication_required":
      return new HttpError(402, "authentication_required", "Your bank asks you to confirm this payment, which cannot be done here. Please contact us.");
    case "idempotency_mismatch":
      return new HttpError(422, "idempotency_mismatch", "This Idempotency-Key was already used with a different request. Use a new key for a new request.");
    case "amount_too_large":
      return new HttpError(422, "amount_too_large", err.message);
    case "invalid_state":
    case "authorization_expired":
      return new HttpError(409, err.code, err.message);
    case "provider_unavailable":
      return new HttpError(503, "provider_unavailable", "The payment service is not answering. Please try again in a moment.");
    default:
      return new HttpError(422, err.code, err.message);
  }
}
