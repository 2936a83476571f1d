// What the availability rule (packages/shared/src/availability.ts) reads from the database: the chauffeur shifts,
// the fleet's cars and the rides sold around a span of time; and the desk's capacity per hour of a day.
import { and, eq, gt, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import { activeRideStatuses } from "@meridian/shared/booking-status";
import { hourlyCapacity, shiftRemovalImpact, shiftWarnings, type AvailabilityWorld, type HourCapacity, type ShiftWarning } from "@meridian/shared/availability";
import type { UnitStatus } from "@meridian/shared/fleet-units";
import { addDays, zonedInstant } from "@meridian/shared/zoned-time";
import type { Db, Tx } from "../db/client";
import { notFound } from "../lib/errors";
import { bookings, shifts, user, vehicleUnits } from "../db/schema";
import { getOperationsSettings } from "../settings/settings.service";
import { rideDetailsOf } from "../bookings";

const DAY = 86_400_000;
/** Rides that hold a chauffeur and a car: sold and not over. */
export const soldRideStatuses = ["pending", ...activeRideStatuses] as const;

/** The shifts, cars and sold rides that matter to rides between `from` and `to` (a ride may start a day before). */
/** The shifts of chauffeurs still on the staff (a chauffeur, not deactivated) that meet a span (`meets`). */
const chauffeurShifts = (db: Db | Tx, meets: SQL | undefined) =>
  db
    .select({ chauffeurId: shifts.userId, chauffeurName: user.name, startsAt: shifts.startsAt, endsAt: shifts.endsAt })
    .from(shifts)
    .innerJoin(user, eq(shifts.userId, user.id))
    .where(and(eq(shifts.role, "chauffeur"), eq(user.role, "chauffeur"), eq(user.banned, false), meets));

/** Every car of the fleet with its type and status. */
async function fleetUnits(db: Db | Tx): Promise<AvailabilityWorld["units"]> {
  const rows = await db.select({ id: vehicleUnits.id, vehicleTypeId: vehicleUnits.vehicleTypeId, status: vehicleUnits.status }).from(vehicleUnits);
  return rows.map((u) => ({ ...u, status: u.status as UnitStatus }));
}

export async function availabilityWorld(db: Db | Tx, from: Date, to: Date): Promise<AvailabilityWorld> {
  const [shiftRows, units, rideRows] = await Promise.all([
    chauffeurShifts(db, and(lt(shifts.startsAt, to), gt(shifts.endsAt, new Date(from.getTime() - DAY)))),
    fleetUnits(db),
    db
      .select()
      .from(bookings)
      .where(and(eq(bookings.service, "ride"), inArray(bookings.status, [...soldRideStatuses]), gt(bookings.pickupAt, new Date(from.getTime() - DAY)), lt(bookings.pickupAt, to))),
  ]);
  return {
    shifts: shiftRows,
    units,
    rides: rideRows.map((b) => ({
      id: b.id,
      pickupAt: b.pickupAt!,
      minutes: rideDetailsOf(b).minutes,
      vehicleTypeId: b.assignedVehicleTypeId ?? b.vehicleTypeId,
      chauffeurId: b.chauffeurId,
      unitId: b.unitId,
    })),
  };
}

/**
 * The same for one ride's window only (a booking's check under the day's lock): the rides whose windows (pickup, quoted
 * minutes, `bufferMinutes`) reach into it, found in SQL, and the shifts that meet it; the rule needs nothing else to
 * say yes. Reads a few rows where the day's picture reads every ride of the day.
 */
export async function windowWorld(db: Db | Tx, window: { start: Date; end: Date }, bufferMinutes: number): Promise<AvailabilityWorld> {
  // The ride's window as rideWindow draws it: its minutes rounded up, then the buffer.
  const rideEnd = sql`${bookings.pickupAt} + (ceil((${bookings.details} ->> 'minutes')::numeric) + ${bufferMinutes}) * interval '1 minute'`;
  const [shiftRows, units, rideRows] = await Promise.all([
    chauffeurShifts(db, and(lte(shifts.startsAt, window.end), gte(shifts.endsAt, window.start))),
    fleetUnits(db),
    db
      .select({
        id: bookings.id,
        pickupAt: bookings.pickupAt,
        minutes: sql<string>`${bookings.details} ->> 'minutes'`,
        vehicleTypeId: sql<string | null>`coalesce(${bookings.assignedVehicleTypeId}, ${bookings.vehicleTypeId})`,
        chauffeurId: bookings.chauffeurId,
        unitId: bookings.unitId,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.service, "ride"),
          inArray(bookings.status, [...soldRideStatuses]),
          gt(bookings.pickupAt, new Date(window.start.getTime() - DAY)),
          lt(bookings.pickupAt, window.end),
          sql`${rideEnd} > ${window.start.toISOString()}::timestamptz`,
        ),
      ),
  ]);
  return {
    shifts: shiftRows,
    units,
    rides: rideRows.map((r) => ({ ...r, pickupAt: r.pickupAt!, minutes: Number(r.minutes) })),
  };
}

/** The desk's view of a day (service time zone): capacity per hour, and coming shift changes that strand a ride. */
export async function dayCapacity(db: Db, date: string, now: Date = new Date()): Promise<{ capacity: HourCapacity[]; warnings: ShiftWarning[] }> {
  const { timeZone, dispatchBufferMinutes: bufferMinutes } = await getOperationsSettings(db);
  const start = zonedInstant(date, "00:00", timeZone);
  const end = zonedInstant(addDays(date, 1), "00:00", timeZone);
  const world = await availabilityWorld(db, start, end);
  const rules = { timeZone, bufferMinutes };
  return { capacity: hourlyCapacity(date, world, rules), warnings: shiftWarnings(world, rules, now, { start, end }) };
}

/** Before a shift is removed: the sold rides its removal would strand (shiftRemovalImpact), for the Staff page's question. */
export async function shiftImpact(db: Db, shiftId: string): Promise<ShiftWarning[]> {
  const [row] = await db.select({ s: shifts, name: user.name }).from(shifts).innerJoin(user, eq(shifts.userId, user.id)).where(eq(shifts.id, shiftId));
  if (!row) throw notFound("Shift not found.");
  if (row.s.role !== "chauffeur") return [];
  const { timeZone, dispatchBufferMinutes: bufferMinutes } = await getOperationsSettings(db);
  const world = await availabilityWorld(db, row.s.startsAt, new Date(row.s.endsAt.getTime() + DAY));
  return shiftRemovalImpact(world, { chauffeurId: row.s.userId, chauffeurName: row.name, startsAt: row.s.startsAt, endsAt: row.s.endsAt }, { timeZone, bufferMinutes });
}
