// One receipt as the receipt pages and e-mails get it (a completed $1,685 ride paid by Visa 4242), for the tests of
// the receipt's PDF and e-mail; `overrides` change what a test is about (the route's words, the ticket).
import type { Receipt } from "@meridian/shared/receipts";

export const testReceipt = (overrides: Partial<Receipt> = {}): Receipt => ({
  bookingId: "4f1c2a9e-0000-4000-8000-000000000001",
  reference: "4F1C2A9E",
  ticketCode: "MRD-ABCD-EFGH",
  service: "ride",
  serviceName: "Chauffeured Ride",
  description: "LAX → Hotel Bel-Air",
  status: "completed",
  lines: [{ label: "Base fee", amountUsd: 1685 }],
  coupon: null,
  serviceChargedUsd: 1685,
  tipUsd: 0,
  refunds: [],
  refundedUsd: 0,
  totalChargedUsd: 1685,
  netUsd: 1685,
  card: { brand: "visa", last4: "4242" },
  bookedAt: "2026-05-01T17:00:00.000Z",
  serviceDate: "2026-05-02",
  chargedAt: "2026-05-02T20:00:00.000Z",
  tippedAt: null,
  pdfUrl: "/api/me/bookings/x/receipt.pdf",
  canTip: false,
  ...overrides,
});
