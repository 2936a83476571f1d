// Admin refunds of a booking's charge (POST /api/admin/bookings/:id/refunds): the provider refunds (key
// "refund:<Idempotency-Key>", so a retried request refunds once), then one transaction records the refund,
// brings the payment's refunded total up to date and writes the audit row. Never inside a transaction: the
// provider call. More than is left is refused with 422 before the provider is asked, and by the provider
// itself when two refunds race.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { fromCents, toCents } from "@meridian/shared/pricing";
import {
  REFUND_NOTHING_CHARGED_MESSAGE,
  REFUND_NOTHING_LEFT_MESSAGE,
  refundTooLargeMessage,
  type RefundInput,
  type RefundResponse,
} from "@meridian/shared/refunds";
import { nextBookingStatuses } from "@meridian/shared/booking-status";
import type { AuditActor } from "../lib/audit";
import { writeAudit } from "../lib/audit";
import { bookings, paymentRefunds, payments } from "../db/schema";
import type { Deps } from "../lib/context";
import { conflict, HttpError, notFound } from "../lib/errors";
import { announceBooking, moveBooking } from "../bookings";
import { moveCharge } from "./charge-gate";
import { bookingCharge, bookingPayment, paymentErrorToHttp, refundableCents, toAdminRefund } from "./charges";
import type { Refund } from "../lib/payment-provider";

export type RefundOutcome = { status: 201; body: RefundResponse; replayed: boolean };

export async function refundBooking(deps: Deps, actor: AuditActor & { name: string; role: string }, bookingId: string, input: RefundInput, idempotencyKey?: string): Promise<RefundOutcome> {
  const db = deps.database.db;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw notFound("Booking not found.");
  const charge = await bookingCharge(db, bookingId);
  if (!charge || charge.capturedCents <= 0 || charge.status !== "succeeded") throw conflict(REFUND_NOTHING_CHARGED_MESSAGE, "nothing_charged");

  const amountCents = toCents(input.amountUsd);
  const providerKey = `refund:${idempotencyKey ?? crypto.randomUUID()}`;
  const tooLarge = (leftCents: number) =>
    leftCents <= 0
      ? new HttpError(422, "nothing_left", REFUND_NOTHING_LEFT_MESSAGE, { amountUsd: REFUND_NOTHING_LEFT_MESSAGE })
      : new HttpError(422, "amount_too_large", refundTooLargeMessage(fromCents(leftCents)), { amountUsd: refundTooLargeMessage(fromCents(leftCents)) });

  // A retry of a refund already made replays it (the provider answers the same refund for the same key), so
  // the check against what is left comes after that lookup for a known key.
  const left = refundableCents(charge);
  if (!idempotencyKey && amountCents > left) throw tooLarge(left);

  let refund: Refund;
  try {
    refund = await deps.payments.refund(charge.intentId, amountCents, input.reason, providerKey);
  } catch (err) {
    // What is left now, as the provider sees it (another refund may have just taken the rest).
    const now = await deps.payments.retrieve(charge.intentId).catch(() => null);
    const leftNow = now ? Math.max(0, now.amountReceivedCents - now.amountRefundedCents) : left;
    throw paymentErrorToHttp(err, { amount_too_large: tooLarge(leftNow), ...(leftNow <= 0 ? { invalid_state: tooLarge(0) } : {}) });
  }
  const intent = await deps.payments.retrieve(charge.intentId).catch(() => null);

  const outcome = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(paymentRefunds)
      .values({ paymentId: charge.id, bookingId, providerRefundId: refund.id, amountCents: refund.amountCents, reason: input.reason, createdBy: actor.id })
      .onConflictDoNothing({ target: paymentRefunds.providerRefundId })
      .returning();
    if (!inserted) {
      const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.providerRefundId, refund.id));
      return { row: row!, replayed: true };
    }
    const [before] = await tx.select({ refundedCents: payments.refundedCents }).from(payments).where(eq(payments.id, charge.id)).for("update");
    const was = before?.refundedCents ?? 0;
    // The provider's total when it answered (never lowered: a webhook may be ahead); else ours plus this refund.
    const total = intent ? Math.max(was, intent.amountRefundedCents) : was + refund.amountCents;
    await moveCharge(tx, charge.intentId, "succeeded", "refund", { refundedCents: total });
    await writeAudit(tx, actor, {
      action: "booking.refund",
      entity: "booking",
      entityId: bookingId,
      before: { refundedUsd: fromCents(was) },
      after: { refundedUsd: fromCents(total), amountUsd: fromCents(refund.amountCents), reason: input.reason, refundId: refund.id },
    });
    // The whole charge given back: a finished booking (completed, cancelled, no-show) becomes Refunded. This is
    // the only way to that status (the back office's status change refuses it).
    const [now] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
    if (now && total >= charge.capturedCents && nextBookingStatuses(now.status, { service: now.service, actor: "refund" }).includes("refunded")) {
      await moveBooking(tx, now, "refunded", "refund", { id: actor.id, name: actor.name, role: actor.role }, { note: input.reason });
    }
    return { row: inserted, replayed: false };
  });

  if (!outcome.replayed) announceBooking(deps, booking); // the customer's receipts and the desk's lists refresh
  return { status: 201, body: { refund: toAdminRefund(outcome.row), payment: await bookingPayment(db, bookingId) }, replayed: outcome.replayed };
}
