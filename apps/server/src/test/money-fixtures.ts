// Completed, paid bookings for the tips, receipts and refunds suites, written straight into the database (so they
// do not depend on the booking dialog's card step or the completion capture): a ride or a valet event with an
// itemised quote, its ticket, and its card charge authorised and then captured the way the completion path does
// (capture with key "booking:<id>:capture", then recordPayment).
import { bookings, tickets } from "../db/schema";
import { noteCharge } from "../payments/charge-gate";
import { recordPayment, type PaymentRecord } from "../payments/payments.service";
import type { RideDetails, ValetDetails } from "@meridian/shared/booking-details";
import { rideDetails, testPlace, valetDetails } from "./booking-details";
import { ensureBookingCharge } from "./paid-booking";
import type { TestApp } from "./harness";

const cents = (usd: number) => Math.round(usd * 100);

export type SeedBooking = {
  userId: string;
  email?: string;
  service?: "ride" | "valet";
  status?: string;
  chauffeurId?: string | null;
  /** Quote lines; the price is their sum. */
  lines?: { kind?: string; label: string; amountUsd: number }[];
  bookingDate?: string;
  /** Valet: event hours on the service area's clock. */
  startTime?: string;
  endTime?: string;
  /** Authorise (and capture, unless false) the booking's charge with this card. */
  paymentMethod?: string;
  capture?: boolean;
};

let codeSeq = 0;

export async function seedBooking(t: TestApp, input: SeedBooking): Promise<{ id: string; ticketCode: string; price: number }> {
  const service = input.service ?? "ride";
  const lines =
    input.lines ??
    (service === "ride"
      ? [
          { kind: "base", label: "Base fee", amountUsd: 45 },
          { kind: "distance", label: "12.3 mi × $3.00", amountUsd: 36.9 },
          { kind: "time", label: "30 min × $1.00", amountUsd: 30 },
        ]
      : [
          { kind: "attendants", label: "3 attendants × 4 h × $45.00", amountUsd: 540 },
          { kind: "event_type", label: "Wedding surcharge", amountUsd: 75 },
        ]);
  const price = lines.reduce((s, l) => s + cents(l.amountUsd), 0) / 100;
  const date = input.bookingDate ?? "2026-05-02";
  const details =
    service === "ride"
      ? rideDetails({
          pickup: testPlace("p1", "LAX Terminal 4", "1 World Way, Los Angeles, CA"),
          dropoff: testPlace("p2", "The Beverly Hills Hotel", "9641 Sunset Blvd, Beverly Hills, CA"),
          passengers: 2,
          luggage: 1,
          date,
          time: "09:30",
          quote: { ...rideDetails().quote, lines: lines as RideDetails["quote"]["lines"], totalUsd: price },
        })
      : valetDetails({
          date,
          startTime: input.startTime ?? "17:00",
          endTime: input.endTime ?? "21:00",
          quote: { ...valetDetails().quote, lines: lines as ValetDetails["quote"]["lines"], totalUsd: price },
        });
  const [row] = await t.db
    .insert(bookings)
    .values({
      userId: input.userId,
      service,
      bookingDate: date,
      status: input.status ?? "completed",
      name: "Ava Sterling",
      email: input.email ?? null,
      price,
      details,
      chauffeurId: input.chauffeurId ?? null,
    })
    .returning();
  const ticketCode = `MR-${Date.now().toString(36).toUpperCase().slice(-5)}${(codeSeq++).toString(36).toUpperCase()}`;
  await t.db.insert(tickets).values({ ticketCode, bookingId: row!.id, status: "active" });
  if (input.paymentMethod !== undefined || input.capture !== undefined) {
    await chargeBooking(t, row!.id, { paymentMethod: input.paymentMethod ?? "pm_card_visa", capture: input.capture ?? true });
  }
  return { id: row!.id, ticketCode, price };
}

/** The booking's charge, authorised with the card kept on it (as booking-time authorisation keeps it), and captured. */
export async function chargeBooking(t: TestApp, bookingId: string, opts: { paymentMethod?: string; capture?: boolean } = {}): Promise<PaymentRecord> {
  const paymentMethod = opts.paymentMethod ?? "pm_card_visa";
  const charge = await ensureBookingCharge(t, bookingId, paymentMethod);
  await noteCharge(t.db, charge.intentId, { paymentMethod });
  if (opts.capture === false) return { ...charge, paymentMethod };
  const captured = await t.deps.payments.capture(charge.intentId, undefined, `booking:${bookingId}:capture`);
  return recordPayment(t.db, t.deps.payments.kind, captured, bookingId);
}
