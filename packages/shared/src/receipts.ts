// A customer's receipt for one booking: what was quoted, what the card was charged (the service, a tip), what
// was refunded, and the card. GET /api/me/receipts lists them; the PDF and the e-mail say the same.

export type ReceiptLine = { label: string; amountUsd: number };

export type Receipt = {
  bookingId: string;
  /** The short reference shown to customers (the booking id's first 8 characters, upper case). */
  reference: string;
  ticketCode: string | null;
  service: "ride" | "valet" | string;
  /** "Executive Transport", "Valet Service". */
  serviceName: string;
  /** "LAX → The Beverly Hills Hotel", or the event and its address. */
  description: string;
  status: string;
  /** The service's lines as quoted (the coupon line apart), or the cancellation fee charged. */
  lines: ReceiptLine[];
  coupon: { code: string; amountUsd: number } | null;
  /** What the service's charge took (captured). */
  serviceChargedUsd: number;
  /** Tips added after the service (0 when none). */
  tipUsd: number;
  refunds: { amountUsd: number; reason: string; createdAt: string }[];
  refundedUsd: number;
  /** Service charge plus tips. */
  totalChargedUsd: number;
  /** What the customer paid in the end: charged less refunded. */
  netUsd: number;
  card: { brand: string; last4: string } | null;
  bookedAt: string;
  /** The service's date (YYYY-MM-DD). */
  serviceDate: string;
  /** When the service's charge was taken. */
  chargedAt: string;
  tippedAt: string | null;
  /** Where the customer downloads the PDF. */
  pdfUrl: string;
  /** A tip can still be added (a completed service without one, paid by card). */
  canTip: boolean;
};
