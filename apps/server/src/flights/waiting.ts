// The waiting charge of an airport pickup, added when the ride is completed: from the pickup time (moved with the
// flight) or the chauffeur's arrival if later, to the passenger on board; the included minutes (Operations) are free,
// each started minute beyond them costs the waiting rate. Its line joins the booking's quote and the price.
import { and, desc, eq } from "drizzle-orm";
import type { RideDetails } from "@meridian/shared/booking-details";
import { waitingCharge, waitingLineLabel } from "@meridian/shared/flights";
import { fromCents, toCents } from "@meridian/shared/pricing";
import type { Tx } from "../db/client";
import { bookingEvents, type bookings } from "../db/schema";
import { getOperationsSettings } from "../settings/settings.service";

type BookingRow = typeof bookings.$inferSelect;

async function lastMoveTo(tx: Tx, bookingId: string, status: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: bookingEvents.createdAt })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.toStatus, status)))
    .orderBy(desc(bookingEvents.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** The columns to set on completing `b` for its waiting (price and details), or null when nothing is owed. */
export async function waitingOnCompletion(tx: Tx, b: BookingRow): Promise<Partial<BookingRow> | null> {
  const d = b.details;
  if (d.service !== "ride" || !d.flight || !b.pickupAt || d.waiting) return null;
  const boarded = await lastMoveTo(tx, b.id, "on_board");
  if (!boarded) return null;
  const arrived = await lastMoveTo(tx, b.id, "on_location");
  const from = arrived && arrived > b.pickupAt ? arrived : b.pickupAt;
  const { airportWaitIncludedMinutes, waitingCentsPerMinute } = await getOperationsSettings(tx);
  const waiting = waitingCharge({ from, until: boarded, includedMinutes: airportWaitIncludedMinutes, perMinuteCents: waitingCentsPerMinute });
  if (waiting.amountCents <= 0) return null;
  const totalCents = toCents(d.quote.totalUsd) + waiting.amountCents;
  const details: RideDetails = {
    ...d,
    waiting,
    quote: { ...d.quote, lines: [...d.quote.lines, { kind: "waiting", label: waitingLineLabel(waiting), amountUsd: fromCents(waiting.amountCents) }], totalUsd: fromCents(totalCents) },
  };
  return { details, price: fromCents(toCents(b.price ?? d.quote.totalUsd) + waiting.amountCents) };
}
