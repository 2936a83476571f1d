// One payment status a person understands (issue 20 point 3, issue 27 point 9): the single label shown for a
// booking's charge, to the customer (dashboard, receipts) and to the admin (booking details). Built from the
// charge's state (charge-status.ts) and its amounts, never a state word beside an amount that contradicts it.
import type { ChargeStatus } from "./charge-status";
import { formatCents } from "./money";

export type PaymentStatusTone = "paid" | "held" | "needed" | "neutral";
export type PaymentStatus = { label: string; tone: PaymentStatusTone };


/**
 * The booking's charge (null: booked before card payments) in one label:
 * - payment needed (declined, or the card's authentication step is waiting);
 * - "Card authorised $X" while a hold is in place (charged when the service is done);
 * - "Paid $X", "Partly refunded: $Y of $X", "Refunded $X" once captured;
 * - released with nothing captured: "Not charged" when the booking ended (cancelled), else "Card on file" (a
 *   far-off service whose hold is taken again 48 hours before it).
 */
export function paymentStatusLabel(
  charge: { status: ChargeStatus | string; amountCents: number; capturedCents: number; refundedCents: number } | null,
  booking: { status: string } = { status: "" },
): PaymentStatus {
  if (!charge) return { label: "No card payment", tone: "neutral" };
  switch (charge.status) {
    case "requires_payment_method":
    case "requires_action":
      return { label: "Payment needed", tone: "needed" };
    case "requires_capture":
      return { label: `Card authorised ${formatCents(charge.amountCents)}`, tone: "held" };
    case "succeeded":
      if (charge.refundedCents <= 0) return { label: `Paid ${formatCents(charge.capturedCents)}`, tone: "paid" };
      if (charge.refundedCents >= charge.capturedCents) return { label: `Refunded ${formatCents(charge.refundedCents)}`, tone: "neutral" };
      return { label: `Partly refunded: ${formatCents(charge.refundedCents)} of ${formatCents(charge.capturedCents)}`, tone: "paid" };
    default:
      return { label: ["pending", "confirmed"].includes(booking.status) ? "Card on file" : "Not charged", tone: "neutral" };
  }
}
