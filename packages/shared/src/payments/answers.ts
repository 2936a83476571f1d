// The payments domain's answers (zod): a booking's payment as its customer and the admin see it, refunds, tips and
// receipts. The types (BookingPaymentState, AdminBookingPayment, Receipt, ...) are inferred from these schemas.
import { z } from "zod";

const usd = z.number().describe("US dollars");
export const paymentCardSchema = z.object({ brand: z.string(), last4: z.string() });
export type PaymentCard = z.infer<typeof paymentCardSchema>;

/** GET /api/me/bookings/:id/payment (and the payment link's page). */
export const bookingPaymentStateSchema = z.object({
  bookingId: z.string(),
  service: z.string(),
  bookingDate: z.string(),
  amountUsd: usd,
  state: z
    .enum(["needed", "authorised", "captured", "released", "none"])
    .describe("needed: the customer must confirm a card; authorised: a hold is in place; captured; released; none: no card charge yet"),
  card: paymentCardSchema.nullable(),
  lastError: z.string().nullable(),
  provider: z.enum(["embedded", "stripe"]).describe("embedded: test cards are offered (test mode); stripe: Stripe's Payment Element"),
  cardOnFile: z.boolean().describe("A card is kept for this booking (it can be tried again without typing it)"),
  payable: z.boolean().describe("The booking is still on: a card can be confirmed"),
});
export type BookingPaymentState = z.infer<typeof bookingPaymentStateSchema>;
export const bookingPaymentResponseSchema = z.object({ payment: bookingPaymentStateSchema });

/** One card payment of a booking as the admin sees it (the service's charge, or a tip). */
export const adminPaymentSchema = z.object({
  id: z.string(),
  kind: z.enum(["booking", "tip"]),
  provider: z.string(),
  intentId: z.string(),
  status: z.string().describe("requires_action | requires_capture | succeeded | canceled | requires_payment_method"),
  state: z.string().describe("A short word for the status: Authorised, Captured, Partly refunded, Refunded, Released, Declined, ..."),
  authorizedUsd: usd,
  capturedUsd: usd,
  refundedUsd: usd,
  refundableUsd: usd.describe("What can still be refunded"),
  card: paymentCardSchema.nullable(),
  createdAt: z.string(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminRefundSchema = z.object({ id: z.string(), amountUsd: usd, reason: z.string(), createdAt: z.string(), createdBy: z.string().nullable() });
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** GET /api/admin/bookings/:id/payment. */
export const adminBookingPaymentSchema = z.object({
  charge: adminPaymentSchema.nullable().describe("The service's own charge, or null when the booking has none"),
  tips: z.array(adminPaymentSchema),
  refunds: z.array(adminRefundSchema),
});
export type AdminBookingPayment = z.infer<typeof adminBookingPaymentSchema>;
export const adminBookingPaymentResponseSchema = z.object({ payment: adminBookingPaymentSchema });

/** POST /api/admin/bookings/:id/refunds (201; a retry with the same Idempotency-Key replays it). */
export const refundResponseSchema = z.object({ refund: adminRefundSchema, payment: adminBookingPaymentSchema });
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/** POST /api/me/bookings/:id/tip (201; a retry with the same Idempotency-Key replays it, header Idempotent-Replayed). */
export const tipResponseSchema = z.object({
  tip: z.object({
    bookingId: z.string(),
    amountUsd: usd,
    card: paymentCardSchema.nullable(),
    createdAt: z.string(),
    recipients: z.array(z.object({ name: z.string(), amountUsd: usd })).describe("Who the tip goes to: the chauffeur, or each attendant and their share"),
  }),
});
export type TipResponse = z.infer<typeof tipResponseSchema>;

export const receiptLineSchema = z.object({ label: z.string(), amountUsd: usd });
export type ReceiptLine = z.infer<typeof receiptLineSchema>;
/** A customer's receipt for one booking: quoted lines, what the card was charged, refunds, the card. */
export const receiptSchema = z.object({
  bookingId: z.string(),
  reference: z.string().describe("The short reference shown to customers (the booking id's first 8 characters, upper case)"),
  ticketCode: z.string().nullable(),
  service: z.string(),
  serviceName: z.string(),
  description: z.string(),
  status: z.string(),
  lines: z.array(receiptLineSchema).describe("The service's lines as quoted (the coupon line apart), or the cancellation fee charged"),
  coupon: z.object({ code: z.string(), amountUsd: usd }).nullable(),
  serviceChargedUsd: usd,
  tipUsd: usd,
  refunds: z.array(z.object({ amountUsd: usd, reason: z.string(), createdAt: z.string() })),
  refundedUsd: usd,
  totalChargedUsd: usd.describe("Service charge plus tips"),
  netUsd: usd.describe("Charged less refunded"),
  card: paymentCardSchema.nullable(),
  bookedAt: z.string(),
  serviceDate: z.string().describe("YYYY-MM-DD"),
  chargedAt: z.string(),
  tippedAt: z.string().nullable(),
  pdfUrl: z.string(),
  canTip: z.boolean().describe("A tip can still be added (a completed service without one, paid by card)"),
});
export type Receipt = z.infer<typeof receiptSchema>;
/** GET /api/me/receipts. */
export const receiptsResponseSchema = z.object({ receipts: z.array(receiptSchema) });
