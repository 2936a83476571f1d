// A customer's receipt for one booking: what was quoted, what the card was charged (the service, a tip), what
// was refunded, and the card. GET /api/me/receipts lists them; the PDF and the e-mail say the same.

export type { Receipt, ReceiptLine } from "./payments/answers";
