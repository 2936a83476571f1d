// What the availability rule (packages/shared/src/availability.ts) reads from the database: the chauffeur shifts,
// the fleet's cars and the rides sold around a span of time; and the desk's capacity per hour of a day.
import { eq, sql, type SQL } from "drizzle-orm";
import { activeRideStatuses } from "@meridian/shared/booking-status";
import {
  hourlyCapacity,
  shiftRemovalImpact,
  shiftWarnings,
  type AvailabilityShift,
  type AvailabilityWorld,
  type HourCapacity,
  type ShiftWarning,
  type SoldRide,
} from "@meridian/shared/availability";
import { addDays, zonedInstant } from "@meridian/shared/zoned-time";
import { executeRows, type Db, type Tx } from "../db/client";
import { notFound } from "../lib/errors";
import { shifts, user } from "../db/schema";
import { getOperationsSettings } from "../settings/settings.service";

const DAY = 86_400_000;
/** Rides that hold a chauffeur and a car: sold and not over. */
export const soldRideStatuses = ["pending", ...activeRideStatuses] as const;

/** An instant as a timestamptz parameter of a hand-written statement. */
export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** An instant as milliseconds since the epoch, a JSON number (new Date(number) is cheaper than parsing text). */
const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * A picture of the sold world as JSON columns of one select: the shifts of chauffeurs still on the staff (a chauffeur,
 * not deactivated) that meet a span (`shiftsMeet`), every car of the fleet, and the sold rides found by `ridesWhere`.
 * One statement is one snapshot: a ride cannot be seen by one part and missed by another (availability.service.ts reads
 * the bookings in progress in the same statement). `worldOf` turns the row into the rule's picture.
 */
export function worldColumns(shiftsMeet: SQL, ridesWhere: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('chauffeurId', s.user_id, 'chauffeurName', u.name, 'startsAt', ${ms("s.starts_at")}, 'endsAt', ${ms("s.ends_at")})), '[]')
      from shifts s join "user" u on u.id = s.user_id
      where s.role = 'chauffeur' and u.role = 'chauffeur' and not u.banned and ${shiftsMeet}) as shifts,
    (select coalesce(json_agg(json_build_object('id', id, 'vehicleTypeId', vehicle_type_id, 'status', status)), '[]') from vehicle_units) as units,
    (select coalesce(json_agg(json_build_object('id', b.id, 'pickupAt', ${ms("b.pickup_at")}, 'minutes', b.ride_minutes,
        'vehicleTypeId', coalesce(b.assigned_vehicle_type_id, b.vehicle_type_id), 'chauffeurId', b.chauffeur_id, 'unitId', b.unit_id)), '[]')
      from bookings b where b.service = 'ride' and b.status in (${sql.join(soldRideStatuses.map((status) => sql`${status}`), sql`, `)}) and ${ridesWhere}) as rides`;
}

type Json<T> = { [K in keyof T]: T[K] extends Date ? number : T[K] };
/** The picture read by worldColumns (its instants arrive as milliseconds). */
export function worldOf(row: Record<string, unknown>): AvailabilityWorld {
  return {
    shifts: (row.shifts as Json<AvailabilityShift>[]).map((s) => ({ ...s, startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) })),
    units: row.units as AvailabilityWorld["units"],
    rides: (row.rides as Json<SoldRide>[]).map((r) => ({ ...r, pickupAt: new Date(r.pickupAt) })),
  };
}

/** The shifts meeting, and the rides sold with pickups in, the day before `from` up to `to` (a ride may start a day before). */
export const spanColumns = (from: Date, to: Date) => {
  const dayBefore = new Date(from.getTime() - DAY);
  return worldColumns(sql`s.starts_at < ${at(to)} and s.ends_at > ${at(dayBefore)}`, sql`b.pickup_at > ${at(dayBefore)} and b.pickup_at < ${at(to)}`);
};

/** The shifts, cars and sold rides that matter to rides between `from` and `to`. */
export async function availabilityWorld(db: Db | Tx, from: Date, to: Date): Promise<AvailabilityWorld> {
  const [row] = await executeRows(db as Db, sql`select ${spanColumns(from, to)}`);
  return worldOf(row!);
}

type Window = { start: Date; end: Date };

/** Windows merged where they overlap or touch, in order. */
function merged(windows: Window[]): Window[] {
  const out: Window[] = [];
  for (const w of [...windows].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const last = out[out.length - 1];
    if (last && w.start.getTime() <= last.end.getTime()) {
      if (w.end.getTime() > last.end.getTime()) out[out.length - 1] = { start: last.start, end: w.end };
    } else out.push(w);
  }
  return out;
}

/**
 * The same for rides' windows only (a booking's check under the day's lock: one window, or one per ride of a batch of
 * claims): the rides whose windows (pickup, quoted minutes, `bufferMinutes`) reach into one of them, found in SQL, and
 * the shifts that meet one; the rule needs nothing else to say yes. Reads a few rows where the day's picture reads every
 * ride of the day.
 */
export const windowColumns = (windows: Window[], bufferMinutes: number) => {
  const spans = merged(windows);
  const any = (each: (w: Window) => SQL) => (spans.length ? sql`(${sql.join(spans.map(each), sql` or `)})` : sql`false`);
  return worldColumns(
    any((w) => sql`(s.starts_at <= ${at(w.end)} and s.ends_at >= ${at(w.start)})`),
    // The ride's window as rideWindow draws it: its minutes rounded up, then the buffer. No ride is longer than the
    // longest ever booked (found in its index), so the pickups to look at start that long before the window.
    any(
      (w) => sql`(b.pickup_at > greatest(${at(new Date(w.start.getTime() - DAY))},
        ${at(w.start)} - (ceil(coalesce((select max(ride_minutes) from bookings), 0)) + ${bufferMinutes}::int) * interval '1 minute')
      and b.pickup_at < ${at(w.end)}
      and b.pickup_at + (ceil(b.ride_minutes) + ${bufferMinutes}::int) * interval '1 minute' > ${at(w.start)})`,
    ),
  );
};

export async function windowWorld(db: Db | Tx, windows: Window[], bufferMinutes: number): Promise<AvailabilityWorld> {
  const [row] = await executeRows(db as Db, sql`select ${windowColumns(windows, bufferMinutes)}`);
  return worldOf(row!);
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
