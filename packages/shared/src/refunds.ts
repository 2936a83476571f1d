// Admin refunds of a booking's charge: the input (one schema for the booking detail's form and the API), the
// messages, and what the admin booking detail shows of the booking's money.
import { z } from "zod";
import { CENTS, isCents } from "./fleet";
import { formatMoney } from "./money";

export const REFUND_AMOUNT_MESSAGE = "Enter an amount of at least $0.01.";
export const REFUND_CENTS_MESSAGE = "The amount can have at most 2 decimals.";
export const REFUND_REASON_MESSAGE = "Give a reason of 3 to 500 characters.";
export const REFUND_NOTHING_CHARGED_MESSAGE = "Nothing has been charged for this booking yet, so there is nothing to refund.";
export const REFUND_NOTHING_LEFT_MESSAGE = "This booking's charge has already been refunded in full.";
export const refundTooLargeMessage = (leftUsd: number) =>
  `The refund is more than what is left to refund on this booking (${formatMoney(leftUsd)}). Enter ${formatMoney(leftUsd)} or less.`;

export const refundInputSchema = z.strictObject({
  amountUsd: z
    .number({ error: REFUND_AMOUNT_MESSAGE })
    .min(0.01, REFUND_AMOUNT_MESSAGE)
    .max(99_999.99, REFUND_AMOUNT_MESSAGE)
    .refine(isCents, REFUND_CENTS_MESSAGE).meta(CENTS),
  reason: z.string({ error: REFUND_REASON_MESSAGE }).trim().min(3, REFUND_REASON_MESSAGE).max(500, REFUND_REASON_MESSAGE),
});
export type RefundInput = z.infer<typeof refundInputSchema>;

export type { AdminBookingPayment, AdminPayment, AdminRefund, PaymentCard, RefundResponse } from "./payments/answers";

/** A short, human word for a payment's state. */
export function paymentStateLabel(p: { status: string; capturedCents: number; refundedCents: number }): string {
  if (p.status === "succeeded") {
    if (p.refundedCents <= 0) return "Captured";
    return p.refundedCents >= p.capturedCents ? "Refunded" : "Partly refunded";
  }
  switch (p.status) {
    case "requires_capture":
      return "Authorised";
    case "requires_action":
      return "Awaiting authentication";
    case "canceled":
      return "Released";
    case "requires_payment_method":
      return "Declined";
    default:
      return p.status;
  }
}
