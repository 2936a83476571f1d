// The one place a booking changes status: the shared table decides whether the move is allowed for this actor,
// a conditional UPDATE (WHERE status = the status we read) makes it, so of two racing moves one wins and the
// other gets a 409, and every move is stamped in booking_events (who, when): the admin's timeline.
import { rideFlightView } from "@meridian/shared/flights";
import { and, eq } from "drizzle-orm";
import { startTimeOf, type RideDetails } from "@meridian/shared/booking-details";
import { checkBookingTransition, type BookingStatus, type StatusActor } from "@meridian/shared/booking-status";
import { firstName, rideWindow } from "@meridian/shared/rides";
import type { DeskNotice } from "@meridian/shared/realtime";
import { wallClock, zonedInstant } from "@meridian/shared/zoned-time";
import type { Db, Tx } from "../db/client";
import { bookingEvents, bookings, tickets, user, vehicleTypes } from "../db/schema";
import type { Deps } from "../lib/context";
import { conflict } from "../lib/errors";
import { scheduleSettlement } from "./settlement-job";

/** When the booked service starts. */
export function startOf(b: BookingRow, timeZone: string): Date {
  if (b.pickupAt) return b.pickupAt;
  return zonedInstant(b.bookingDate, startTimeOf(b.details), timeZone);
}

export type BookingRow = typeof bookings.$inferSelect;
/** Who made a change, as the timeline shows it; `role` is the account's role, or "system". */
export type EventActor = { id: string | null; name: string; role: string };

export const STALE_STATUS_MESSAGE = "This ride was changed by someone else a moment ago. Refresh to see where it is now.";

export async function stampEvent(db: Db | Tx, bookingId: string, from: string | null, to: string, actor: EventActor, note?: string | null) {
  await db.insert(bookingEvents).values({ bookingId, fromStatus: from, toStatus: to, actorId: actor.id, actorName: actor.name, actorRole: actor.role, note: note ?? null });
}

/**
 * Moves `booking` (as read in this transaction) to `to` for `kind`, with extra columns in `set`. 409 when the
 * table refuses the move, or when the status changed since it was read (someone else won the race).
 */
export async function moveBooking(
  tx: Tx,
  booking: BookingRow,
  to: BookingStatus,
  kind: StatusActor,
  actor: EventActor,
  opts: { set?: Partial<typeof bookings.$inferInsert>; note?: string } = {},
): Promise<BookingRow> {
  const check = checkBookingTransition(booking.status, to, { service: booking.service, actor: kind });
  if (!check.ok) throw conflict(check.message, "illegal_transition");
  const [row] = await tx
    .update(bookings)
    .set({ ...opts.set, status: to })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status)))
    .returning();
  if (!row) throw conflict(STALE_STATUS_MESSAGE, "stale_status");
  await stampEvent(tx, booking.id, booking.status, to, actor, opts.note);
  // A booking that will not be served (cancelled, expired) voids its ticket: My Tickets, the Ticket Center and
  // the Overview's count all read the ticket's status.
  if (to === "cancelled" || to === "expired") {
    await tx.update(tickets).set({ status: "void" }).where(and(eq(tickets.bookingId, booking.id), eq(tickets.status, "active")));
  }
  // Completed, cancelled or no-show: the card is settled (captured, the fee taken, or released) after the commit;
  // this durable job is the retry if that attempt fails (bookings/settlement-job.ts; payments runs it).
  await scheduleSettlement(tx, row);
  return row;
}

/** A ride booking's details (dispatch, the chauffeur's screens and ride notices only ever hold rides). */
export function rideDetailsOf(b: BookingRow): RideDetails {
  if (b.details.service !== "ride") throw new Error(`Booking ${b.id} is a ${b.details.service} booking, not a ride.`);
  return b.details;
}

/** A booking's ride facts from its columns and stored details. */
export function rideFacts(b: BookingRow) {
  const d = rideDetailsOf(b);
  return {
    pickupAt: b.pickupAt,
    minutes: d.minutes,
    passengers: d.passengers,
    luggage: d.luggage,
    time: d.time,
    pickup: d.pickup.name,
    pickupAddress: d.pickup.address,
    dropoff: d.dropoff.name,
    flight: d.flight ?? null,
  };
}

/** The part of a ride every list shows (dispatch board, chauffeur's phone): times on the service's clock, route, party. */
export function rideView(b: BookingRow, timeZone: string, bufferMinutes: number) {
  const f = rideFacts(b);
  const pickupAt = b.pickupAt ?? zonedInstant(b.bookingDate, f.time || "12:00", timeZone);
  return {
    id: b.id,
    status: b.status as BookingStatus,
    pickupAt: pickupAt.toISOString(),
    endsAt: rideWindow(pickupAt, f.minutes, bufferMinutes).end.toISOString(),
    time: wallClock(pickupAt, timeZone).time,
    minutes: Math.round(f.minutes),
    pickup: f.pickup,
    dropoff: f.dropoff,
    passengers: f.passengers,
    luggage: f.luggage,
    flight: f.flight ? rideFlightView(f.flight, (at) => wallClock(at, timeZone).time) : null,
  };
}

/** The chauffeur's full name and the assigned vehicle's name, for answers, e-mails and events. */
export async function assignmentNames(db: Db | Tx, b: Pick<BookingRow, "chauffeurId" | "assignedVehicleTypeId">) {
  const [chauffeur] = b.chauffeurId ? await db.select({ name: user.name }).from(user).where(eq(user.id, b.chauffeurId)) : [];
  const [vehicle] = b.assignedVehicleTypeId ? await db.select({ name: vehicleTypes.name }).from(vehicleTypes).where(eq(vehicleTypes.id, b.assignedVehicleTypeId)) : [];
  return { chauffeurName: chauffeur?.name ?? null, vehicleName: vehicle?.name ?? null };
}

/** After commit: tells the booking's customer, its chauffeur and the desk (SSE), with a `notice` for the desk's toast. Never fails the request. */
export function announceBooking(deps: Deps, b: BookingRow, previousChauffeurId?: string | null, notice?: DeskNotice) {
  void (async () => {
    const names = await assignmentNames(deps.database.db, b);
    await deps.bus.publish({
      type: "booking.updated",
      bookingId: b.id,
      service: b.service,
      userId: b.userId,
      chauffeurIds: [...new Set([b.chauffeurId, previousChauffeurId].filter((v): v is string => Boolean(v)))],
      status: b.status,
      chauffeurFirstName: names.chauffeurName ? firstName(names.chauffeurName) : null,
      vehicleName: names.vehicleName,
      ...(notice ? { notice } : {}),
    });
  })().catch((err: unknown) => deps.logger.error("realtime publish failed", { bookingId: b.id, err: String(err) }));
}

