// The one gate every change of a charge (a `payments` row) goes through, as moveBooking is the booking's: a
// conditional write whose WHERE is the shared table (packages/shared/src/charge-status.ts). Of a late webhook, a
// job's retry and a route's answer racing on one PaymentIntent, only the moves the table allows land; a capture
// or a release is never undone, an amount refunded is never lowered.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { chargeSources, type ChargeActor, type ChargeStatus } from "@meridian/shared/charge-status";
import type { Db, Tx } from "../db/client";
import { payments } from "../db/schema";
import type { PaymentIntent, PaymentProvider } from "../lib/payment-provider";

export type PaymentRecord = typeof payments.$inferSelect;
type Extra = Partial<Pick<PaymentRecord, "paymentMethod" | "customerRef" | "lastError">>;

/** The charge may move to `to` by `actor` from where it stands (SQL, for a conditional write). */
export const movableTo = (to: ChargeStatus, actor: ChargeActor): SQL => inArray(payments.status, chargeSources(to, actor));

/**
 * Writes (or brings up to date) the app's record of a PaymentIntent from the provider's answer to one of our
 * calls. A new intent is inserted; a known one is updated only when the table allows the move (else it is left
 * as it is, and that row is answered). `extra` sets the card kept or the last error with it.
 */
export async function recordPayment(
  db: Db | Tx,
  provider: PaymentProvider["kind"],
  intent: PaymentIntent,
  bookingId: string | null = null,
  kind: "booking" | "tip" = "booking",
  extra: Extra = {},
): Promise<PaymentRecord> {
  const values = {
    status: intent.status,
    amountCents: intent.amountCents,
    capturedCents: intent.amountReceivedCents,
    refundedCents: intent.amountRefundedCents,
    cardBrand: intent.card?.brand ?? null,
    cardLast4: intent.card?.last4 ?? null,
    ...extra,
  };
  const [row] = await db
    .insert(payments)
    .values({ provider, kind, intentId: intent.id, bookingId, ...values })
    .onConflictDoUpdate({
      target: payments.intentId,
      set: { ...values, refundedCents: sql`greatest(${payments.refundedCents}, ${intent.amountRefundedCents})`, ...(bookingId ? { bookingId } : {}) },
      setWhere: movableTo(intent.status, "provider"),
    })
    .returning();
  if (row) return row;
  const [kept] = await db.select().from(payments).where(eq(payments.intentId, intent.id));
  return kept!;
}

/**
 * recordPayment as part of a statement that commits by itself (a new booking's single statement,
 * bookings/booking-rows.ts): the insert-or-update of the booking's charge for each row of `source` (a CTE naming the
 * booking's `id`), with the same gate on the update (a move the table allows, the refunded amount never lowered).
 */
export function chargeInStatement(
  provider: PaymentProvider["kind"],
  i: PaymentIntent,
  source: SQL,
  card: { paymentMethod?: string | null; customerRef?: string | null },
): SQL {
  return sql`insert into payments (provider, kind, intent_id, booking_id, status, amount_cents, captured_cents, refunded_cents, card_brand, card_last4, payment_method, customer_ref)
      select ${provider}, 'booking', ${i.id}, id, ${i.status}, ${i.amountCents}::int, ${i.amountReceivedCents}::int, ${i.amountRefundedCents}::int,
        ${i.card?.brand ?? null}::text, ${i.card?.last4 ?? null}::text, ${card.paymentMethod ?? null}::text, ${card.customerRef ?? null}::text
      from ${source}
      on conflict (intent_id) do update set status = excluded.status, amount_cents = excluded.amount_cents, captured_cents = excluded.captured_cents,
        refunded_cents = greatest(payments.refunded_cents, excluded.refunded_cents), card_brand = excluded.card_brand, card_last4 = excluded.card_last4,
        booking_id = excluded.booking_id, payment_method = coalesce(excluded.payment_method, payments.payment_method),
        customer_ref = coalesce(excluded.customer_ref, payments.customer_ref), updated_at = now()
      where payments.status in (${sql.join(chargeSources(i.status, "provider").map((s) => sql`${s}`), sql`, `)})`;
}

/**
 * A failed authorisation attempt (declined, or its 3-D Secure step needed) recorded as the booking's charge:
 * inserted, or written over an earlier failed attempt of the same intent; never over a hold or a capture.
 */
export async function recordAttempt(
  db: Db | Tx,
  row: { provider: PaymentProvider["kind"]; intentId: string; bookingId: string; status: "requires_payment_method" | "requires_action"; amountCents: number } & Extra,
): Promise<void> {
  const { provider, intentId, bookingId, ...values } = row;
  await db
    .insert(payments)
    .values({ provider, kind: "booking", intentId, bookingId, ...values })
    .onConflictDoUpdate({ target: payments.intentId, set: values, setWhere: movableTo(row.status, "attempt") });
}

/**
 * Moves a known charge (by its intent id) to `to`, when the table lets `actor` make that move from where it
 * stands. Answers whether it moved. Amounts: `capturedCents` as given, `refundedCents` only ever raised.
 */
export async function moveCharge(
  db: Db | Tx,
  intentId: string,
  to: ChargeStatus,
  actor: ChargeActor,
  set: Extra & { capturedCents?: number; refundedCents?: number } = {},
): Promise<boolean> {
  const { refundedCents, ...rest } = set;
  const moved = await db
    .update(payments)
    .set({ status: to, ...rest, ...(refundedCents !== undefined ? { refundedCents: sql`greatest(${payments.refundedCents}, ${refundedCents})` } : {}), updatedAt: new Date() })
    .where(and(eq(payments.intentId, intentId), movableTo(to, actor)))
    .returning({ id: payments.id });
  return moved.length > 0;
}

/** The card, customer or last error of a charge (no state change): the card kept for later, the reason it failed. */
export async function noteCharge(db: Db | Tx, intentId: string, set: Extra): Promise<void> {
  await db.update(payments).set(set).where(eq(payments.intentId, intentId));
}
