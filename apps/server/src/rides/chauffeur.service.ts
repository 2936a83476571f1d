// The chauffeur's phone: today's and upcoming assignments, and one tap per step (en route, on location, on board,
// completed, or no-show), each a state-machine move stamped with the chauffeur's name.
import { and, asc, eq, gte, inArray, or } from "drizzle-orm";
import { nextBookingStatuses, type BookingStatus } from "@meridian/shared/booking-status";
import type { StaffRide } from "@meridian/shared/rides";
import { wallClock, zonedInstant } from "@meridian/shared/zoned-time";
import type { SessionUser } from "../auth";
import { bookings, user, vehicleTypes, vehicleUnits } from "../db/schema";
import type { Db } from "../db/client";
import type { Deps } from "../lib/context";
import { notFound } from "../lib/errors";
import { getOperationsSettings } from "../settings/settings.service";
import { settleBookingNow } from "../payments";
import { waitingOnCompletion } from "../flights/waiting";
import { sendRideNotice } from "./ride-notices";
import { announceBooking, moveBooking, rideView } from "../bookings";

export async function listChauffeurRides(db: Db, chauffeurId: string): Promise<{ rides: StaffRide[]; timeZone: string }> {
  const { timeZone, dispatchBufferMinutes } = await getOperationsSettings(db);
  const todayStart = zonedInstant(wallClock(new Date(), timeZone).date, "00:00", timeZone);
  const rows = await db
    .select({ b: bookings, customerName: user.name, customerPhone: user.phone, vehicleName: vehicleTypes.name, unit: vehicleUnits })
    .from(bookings)
    .leftJoin(user, eq(bookings.userId, user.id))
    .leftJoin(vehicleTypes, eq(bookings.assignedVehicleTypeId, vehicleTypes.id))
    .leftJoin(vehicleUnits, eq(bookings.unitId, vehicleUnits.id))
    .where(
      and(
        eq(bookings.chauffeurId, chauffeurId),
        eq(bookings.service, "ride"),
        // From today on, and any ride still under way from before.
        or(gte(bookings.pickupAt, todayStart), inArray(bookings.status, ["en_route", "on_location", "on_board"])),
      ),
    )
    .orderBy(asc(bookings.pickupAt));
  const rides = rows.map(({ b, customerName, customerPhone, vehicleName, unit }): StaffRide => ({
    ...rideView(b, timeZone, dispatchBufferMinutes),
    vehicleTypeId: b.assignedVehicleTypeId,
    vehicleTypeName: vehicleName,
    vehicleName,
    car: unit && vehicleName ? { colour: unit.colour, model: vehicleName, plate: unit.plate } : null,
    customerName: customerName ?? b.name,
    customerPhone: b.phone ?? customerPhone,
    nextStatuses: nextBookingStatuses(b.status, { service: "ride", actor: "chauffeur" }),
  }));
  return { rides, timeZone };
}

/** One step of the signed-in chauffeur's ride; another chauffeur's ride is not found. */
export async function stepRide(deps: Deps, me: SessionUser, id: string, to: BookingStatus) {
  const row = await deps.database.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, id));
    if (!b || b.chauffeurId !== me.id) throw notFound("Ride not found.");
    // An airport pickup completed: the waiting beyond the included time is added to the fare (flights/waiting.ts).
    const waiting = to === "completed" ? await waitingOnCompletion(tx, b) : null;
    return moveBooking(tx, b, to, "chauffeur", { id: me.id, name: me.name, role: me.role ?? "chauffeur" }, waiting ? { set: waiting } : {});
  });
  announceBooking(deps, row);
  if (row.status === "en_route") sendRideNotice(deps, row, "en_route");
  if (row.status === "on_location") sendRideNotice(deps, row, "arrived");
  if (row.status === "completed" || row.status === "no_show") await settleBookingNow(deps, row.id);
  return row;
}
