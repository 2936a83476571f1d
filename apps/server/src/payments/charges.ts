// Reading a booking's money: its charge (the newest `payments` row of kind "booking"), its tips and refunds,
// and how a provider's refusal reads as an API error (the one map, paymentErrorToHttp).
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { IDEMPOTENCY_MISMATCH_MESSAGE } from "@meridian/shared/booking";
import { PAYMENT_NOT_ACCEPTED_MESSAGE, PAYMENT_UNAVAILABLE_MESSAGE } from "@meridian/shared/payments";
import { fromCents } from "@meridian/shared/pricing";
import { paymentStateLabel, type AdminBookingPayment, type AdminPayment, type AdminRefund } from "@meridian/shared/refunds";
import type { Db, Tx } from "../db/client";
import { paymentRefunds, payments } from "../db/schema";
import { HttpError } from "../lib/errors";
import { PaymentError } from "../lib/payment-provider";
import type { PaymentRecord } from "./payments.service";

/**
 * Newest first, the order that makes "the booking's charge": by created time, and among rows of one transaction
 * (which share it) the one written last (`seq`, the order of writing; unique, so the order is total).
 */
export const newestChargeFirst = [desc(payments.createdAt), desc(payments.seq)] as const;

/**
 * The booking's charge: the newest `payments` row of kind "booking" for it (null when it has none). The only
 * query of it (with bookingCharges, the same for a list): the routes, the jobs, the settlement, the receipts and
 * the tests all read this one.
 */
export async function bookingCharge(db: Db | Tx, bookingId: string): Promise<PaymentRecord | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, "booking")))
    .orderBy(...newestChargeFirst)
    .limit(1);
  return row ?? null;
}

/** bookingCharge for many bookings in one query: each booking's charge by its id (a booking with none is absent). */
export async function bookingCharges(db: Db | Tx, bookingIds: string[]): Promise<Map<string, PaymentRecord>> {
  const charges = new Map<string, PaymentRecord>();
  if (!bookingIds.length) return charges;
  const rows = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.bookingId, bookingIds), eq(payments.kind, "booking")))
    .orderBy(...newestChargeFirst);
  for (const p of rows) if (p.bookingId && !charges.has(p.bookingId)) charges.set(p.bookingId, p);
  return charges;
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
  const [charge, tips, refunds] = await Promise.all([bookingCharge(db, bookingId), tipsOf(db, bookingId), refundsOf(db, bookingId)]);
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
 * A provider's refusal as an API answer, the one map for every route that moves money: a decline or a needed
 * authentication step is 402 under the card field (with the bank's decline code); a card the provider does not
 * know is 400; a key reused for another request 422; an amount over what is left 422; a state the operation
 * does not fit (or a lapsed hold) 409; the provider down 503 payment_unavailable (retry with the same key: it
 * replays, never a second charge). `overrides` words one code for one route (e.g. a refund's amount left).
 */
export function paymentErrorToHttp(err: unknown, overrides: Partial<Record<PaymentError["code"], HttpError>> = {}): unknown {
  if (!(err instanceof PaymentError)) return err;
  const override = overrides[err.code];
  if (override) return override;
  switch (err.code) {
    case "card_declined":
      return new HttpError(402, "card_declined", err.message, { paymentMethod: err.message }, err.declineCode ? { declineCode: err.declineCode } : undefined);
    case "authentication_required":
      return new HttpError(402, "authentication_required", err.message, { paymentMethod: err.message });
    case "invalid_request":
    case "not_found":
      return new HttpError(400, "payment_method_invalid", PAYMENT_NOT_ACCEPTED_MESSAGE, { paymentMethod: PAYMENT_NOT_ACCEPTED_MESSAGE });
    case "idempotency_mismatch":
      return new HttpError(422, "idempotency_mismatch", IDEMPOTENCY_MISMATCH_MESSAGE);
    case "amount_too_large":
      return new HttpError(422, "amount_too_large", err.message);
    case "invalid_state":
    case "authorization_expired":
      return new HttpError(409, err.code, err.message);
    case "provider_unavailable":
      return new HttpError(503, "payment_unavailable", PAYMENT_UNAVAILABLE_MESSAGE);
  }
}
