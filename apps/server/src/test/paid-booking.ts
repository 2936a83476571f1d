// Test helper: the booking's card charge (the `payments` row of kind "booking", read by payments/charges.ts
// bookingCharge, the one query of it), made when missing. POST /api/bookings authorises the total at booking
// (paymentMethod is required; a far-off service's charge is there too, released, status canceled, with its
// paymentMethod kept); this answers that charge, and authorises one itself only for a booking that has none
// (seeded straight into the database).
import { eq } from "drizzle-orm";
import { toCents } from "@meridian/shared/pricing";
import { bookings } from "../db/schema";
import { bookingCharge as chargeOf } from "../payments/charges";
import { recordPayment, type PaymentRecord } from "../payments/payments.service";
import type { TestApp } from "./harness";

export async function ensureBookingCharge(app: TestApp, bookingId: string, paymentMethod = "pm_card_visa"): Promise<PaymentRecord> {
  const existing = await chargeOf(app.db, bookingId);
  if (existing) return existing;
  const [booking] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new Error(`no booking ${bookingId}`);
  const intent = await app.deps.payments.authorize(
    { amountCents: toCents(booking.price ?? 0), paymentMethod, description: `Booking ${bookingId}`, metadata: { bookingId } },
    `test:booking:${bookingId}:authorize`,
  );
  return recordPayment(app.db, app.deps.payments.kind, intent, bookingId);
}
