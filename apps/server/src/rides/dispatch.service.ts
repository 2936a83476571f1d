// The dispatch board and assignment. Assigning a chauffeur (and a vehicle from the fleet catalogue) confirms a
// pending ride; the server refuses (409) a chauffeur on an overlapping ride (ride time = pickup + quoted minutes +
// the dispatch buffer), a chauffeur off shift, and a vehicle that cannot seat the party. The chauffeur's row is
// locked while checking and writing, so two dispatchers cannot give one chauffeur two overlapping rides.
import { and, asc, eq, gt, gte, inArray, lt, lte, ne, notInArray, type SQL } from "drizzle-orm";
import { activeRideStatuses, bookingStatusLabels, type BookingStatus } from "@meridian/shared/booking-status";
import { asRole, type Role } from "@meridian/shared/auth";
import { coveredByShift, overlaps, rideWindow, type AssignmentInput, type DispatchBoard, type DispatchRide } from "@meridian/shared/rides";
import { addDays, wallClock, zonedInstant } from "@meridian/shared/zoned-time";
import type { Db, Tx } from "../db/client";
import { bookings, shifts, user, vehicleTypes, vehicleUnits } from "../db/schema";
import { dayCapacity } from "./capacity.service";
import type { Deps } from "../lib/context";
import { conflict, notFound } from "../lib/errors";
import { type AuditActor, writeAudit } from "../lib/audit";
import { getOperationsSettings } from "../settings/settings.service";
import { bookingsNeedingPayment } from "../payments";
import { formatWhen } from "../lib/format-when";
import { sendRideNotice } from "./ride-notices";
import {
  announceBooking,
  type BookingRow,
  type EventActor,
  moveBooking,
  rideFacts,
  rideView,
  stampEvent,
} from "../bookings";
import { withArticle } from "@meridian/shared/words";

export type DeskActor = AuditActor & { name: string; role: Role };
const eventActor = (a: DeskActor): EventActor => ({ id: a.id, name: a.name, role: a.role });

const timeOf = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(at);

export async function getDispatchBoard(db: Db, date?: string): Promise<DispatchBoard> {
  const settings = await getOperationsSettings(db);
  const { timeZone, dispatchBufferMinutes: buffer } = settings;
  const day = date ?? wallClock(new Date(), timeZone).date;
  const dayStart = zonedInstant(day, "00:00", timeZone);
  const dayEnd = zonedInstant(addDays(day, 1), "00:00", timeZone);
  const chauffeurUser = user;
  const [rows, chauffeurs, dayShifts, vehicles, units, { capacity, warnings }] = await Promise.all([
    db
      .select({ b: bookings, customerName: user.name, vehicleTypeName: vehicleTypes.name })
      .from(bookings)
      .leftJoin(user, eq(bookings.userId, user.id))
      .leftJoin(vehicleTypes, eq(bookings.vehicleTypeId, vehicleTypes.id))
      .where(and(eq(bookings.service, "ride"), eq(bookings.bookingDate, day), notInArray(bookings.status, ["cancelled", "refunded"]))),
    db.select({ id: chauffeurUser.id, fullName: chauffeurUser.name }).from(chauffeurUser).where(and(eq(chauffeurUser.role, "chauffeur"), eq(chauffeurUser.banned, false))).orderBy(asc(chauffeurUser.name)),
    db.select().from(shifts).where(and(eq(shifts.role, "chauffeur"), lt(shifts.startsAt, dayEnd), gt(shifts.endsAt, dayStart))).orderBy(asc(shifts.startsAt)),
    db.select().from(vehicleTypes).where(eq(vehicleTypes.active, true)).orderBy(asc(vehicleTypes.passengerCapacity), asc(vehicleTypes.name)),
    db.select({ u: vehicleUnits, model: vehicleTypes.name }).from(vehicleUnits).innerJoin(vehicleTypes, eq(vehicleUnits.vehicleTypeId, vehicleTypes.id)).orderBy(asc(vehicleUnits.plate)),
    dayCapacity(db, day),
  ]);
  const unitById = new Map(units.map(({ u, model }) => [u.id, { colour: u.colour, model, plate: u.plate }]));
  const names = new Map(chauffeurs.map((c) => [c.id, c.fullName]));
  const unpaid = await bookingsNeedingPayment(db, rows.map((r) => r.b));
  const vehicleNames = new Map(vehicles.map((v) => [v.id, v.name]));
  const rides: DispatchRide[] = rows.map(({ b, customerName, vehicleTypeName }) => ({
    ...rideView(b, timeZone, buffer),
    vehicleTypeId: b.vehicleTypeId,
    vehicleTypeName,
    customerName: customerName ?? b.name,
    assignment: b.chauffeurId
      ? {
          chauffeurId: b.chauffeurId,
          chauffeurName: names.get(b.chauffeurId) ?? "Former chauffeur",
          vehicleId: b.assignedVehicleTypeId ?? "",
          vehicleName: vehicleNames.get(b.assignedVehicleTypeId ?? "") ?? "—",
          unitId: b.unitId,
          car: (b.unitId && unitById.get(b.unitId)) || null,
        }
      : null,
    paymentNeeded: unpaid.has(b.id),
  }));
  // Unassigned first, then by pickup time.
  rides.sort((a, b) => Number(Boolean(a.assignment)) - Number(Boolean(b.assignment)) || a.pickupAt.localeCompare(b.pickupAt));
  return {
    date: day,
    timeZone,
    bufferMinutes: buffer,
    rides,
    chauffeurs: chauffeurs.map((c) => ({
      ...c,
      shifts: dayShifts.filter((s) => s.userId === c.id).map((s) => ({ startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString(), location: s.location })),
    })),
    vehicles: vehicles.map((v) => ({ id: v.id, name: v.name, passengerCapacity: v.passengerCapacity, luggageCapacity: v.luggageCapacity })),
    units: units
      .filter(({ u }) => u.status === "in_service" && vehicleNames.has(u.vehicleTypeId))
      .map(({ u }) => ({ id: u.id, vehicleTypeId: u.vehicleTypeId, plate: u.plate, colour: u.colour, year: u.year })),
    capacity,
    warnings,
  };
}

async function rideById(tx: Tx, id: string): Promise<BookingRow> {
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, id));
  if (!b || b.service !== "ride") throw notFound("Ride not found.");
  return b;
}

/** The 409s of an assignment: not a chauffeur, too small a vehicle, off shift, already on an overlapping ride. */
async function checkAssignment(tx: Tx, b: BookingRow, chauffeurId: string, vehicleId: string) {
  // The chauffeur's row is the lock that serialises assignments of one chauffeur.
  const [chauffeur] = await tx.select().from(user).where(eq(user.id, chauffeurId)).for("update");
  if (!chauffeur || asRole(chauffeur.role) !== "chauffeur" || chauffeur.banned) {
    throw conflict("Choose an active chauffeur: this account is not one.", "not_a_chauffeur");
  }
  const [vehicle] = await tx.select().from(vehicleTypes).where(eq(vehicleTypes.id, vehicleId));
  if (!vehicle) throw notFound("Vehicle not found.");
  const f = rideFacts(b);
  if (f.passengers > vehicle.passengerCapacity || f.luggage > vehicle.luggageCapacity) {
    throw conflict(
      `A ${vehicle.name} seats ${vehicle.passengerCapacity} passengers with ${vehicle.luggageCapacity} bags; this party is ${f.passengers} passengers with ${f.luggage} bags. Choose a larger vehicle.`,
      "vehicle_too_small",
    );
  }
  const settings = await getOperationsSettings(tx);
  const { timeZone, dispatchBufferMinutes: buffer } = settings;
  if (!b.pickupAt) throw conflict("This ride has no pickup time.", "no_pickup_time");
  const w = rideWindow(b.pickupAt, f.minutes, buffer);
  const span = `${timeOf(w.start, timeZone)} – ${timeOf(w.end, timeZone)}`;
  const covering = await tx
    .select({ startsAt: shifts.startsAt, endsAt: shifts.endsAt })
    .from(shifts)
    .where(and(eq(shifts.userId, chauffeurId), eq(shifts.role, "chauffeur"), lte(shifts.startsAt, w.start), gte(shifts.endsAt, w.end)));
  if (!coveredByShift(w, covering)) {
    throw conflict(`${chauffeur.name} is off shift for this ride (${span}, ${formatWhen(w.start, timeZone).split(" at ")[0]}). Add a chauffeur shift on the Staff page or choose another chauffeur.`, "off_shift");
  }
  const busy = await overlappingRide(tx, eq(bookings.chauffeurId, chauffeurId), b.id, w, buffer);
  if (busy) throw conflict(`${alreadyOnARide(chauffeur.name, busy, buffer, span, timeZone)} Choose another chauffeur.`, "chauffeur_busy");
  return { chauffeur, vehicle, window: w, span };
}

type RideSpan = { start: Date; end: Date };

/**
 * The window (with the buffer) of an active ride of `whose` (a chauffeur's or a car's rides) other than booking
 * `exceptId` that overlaps `w`, if any.
 */
async function overlappingRide(tx: Tx, whose: SQL, exceptId: string, w: RideSpan, buffer: number): Promise<RideSpan | null> {
  const DAY = 86_400_000;
  const others = await tx
    .select()
    .from(bookings)
    .where(and(whose, ne(bookings.id, exceptId), inArray(bookings.status, [...activeRideStatuses]), gt(bookings.pickupAt, new Date(w.start.getTime() - DAY)), lt(bookings.pickupAt, w.end)));
  for (const o of others) {
    const ow = rideWindow(o.pickupAt!, rideFacts(o).minutes, buffer);
    if (overlaps(w, ow)) return ow;
  }
  return null;
}

const alreadyOnARide = (who: string, ride: RideSpan, buffer: number, span: string, timeZone: string) =>
  `${who} is already on a ride from ${timeOf(ride.start, timeZone)} to ${timeOf(ride.end, timeZone)} (with the ${buffer}-minute buffer) that overlaps this one (${span}).`;

/**
 * The 409s of the car sent: not of the vehicle type, not in service, already on an overlapping ride. Its row is
 * locked (after the chauffeur's, always in that order) so two desks cannot send one car on two overlapping rides.
 */
async function checkUnit(tx: Tx, b: BookingRow, unitId: string, vehicle: { id: string; name: string }, w: RideSpan, span: string) {
  const [unit] = await tx.select().from(vehicleUnits).where(eq(vehicleUnits.id, unitId)).for("update");
  if (!unit) throw notFound("This car is no longer in the fleet. Reload the board.");
  if (unit.vehicleTypeId !== vehicle.id) throw conflict(`${unit.plate} is not ${withArticle(vehicle.name)}. Choose a car of the ride's vehicle type.`, "unit_wrong_type");
  if (unit.status !== "in_service") {
    const why = unit.status === "maintenance" ? "in maintenance" : "retired";
    throw conflict(`${unit.plate} is ${why}. Choose a car in service.`, "unit_not_in_service");
  }
  const { timeZone, dispatchBufferMinutes: buffer } = await getOperationsSettings(tx);
  const busy = await overlappingRide(tx, eq(bookings.unitId, unitId), b.id, w, buffer);
  if (busy) throw conflict(`${alreadyOnARide(unit.plate, busy, buffer, span, timeZone)} Choose another car.`, "unit_busy");
  return unit;
}

export async function assignRide(deps: Deps, actor: DeskActor, id: string, input: AssignmentInput): Promise<BookingRow> {
  const db = deps.database.db;
  let previousChauffeurId: string | null = null;
  const row = await db.transaction(async (tx) => {
    const b = await rideById(tx, id);
    if (b.status !== "pending" && b.status !== "confirmed") {
      const label = bookingStatusLabels[b.status as BookingStatus] ?? b.status;
      throw conflict(`A ride that is ${label} cannot be assigned. Only Pending and Confirmed rides can.`, "illegal_transition");
    }
    const vehicleId = input.vehicleId ?? b.assignedVehicleTypeId ?? b.vehicleTypeId;
    if (!vehicleId) throw conflict("Choose a vehicle for this ride.", "no_vehicle");
    const { chauffeur, vehicle, window: w, span } = await checkAssignment(tx, b, input.chauffeurId, vehicleId);
    // The car: the one chosen, else the one it had when it is still of the vehicle type sent, else none yet.
    const unitId = input.unitId ?? (b.unitId && b.assignedVehicleTypeId === vehicle.id ? b.unitId : null);
    const unit = unitId ? await checkUnit(tx, b, unitId, vehicle, w, span) : null;
    previousChauffeurId = b.chauffeurId;
    const note = `${b.chauffeurId ? "Reassigned" : "Assigned"} to ${chauffeur.name} in ${withArticle(vehicle.name)}${unit ? ` (${unit.plate})` : ""}`;
    const set = { chauffeurId: chauffeur.id, assignedVehicleTypeId: vehicle.id, unitId: unit?.id ?? null };
    let updated: BookingRow;
    if (b.status === "pending") {
      updated = await moveBooking(tx, b, "confirmed", "dispatch", eventActor(actor), { set, note });
    } else {
      const [r] = await tx.update(bookings).set(set).where(and(eq(bookings.id, b.id), eq(bookings.status, "confirmed"))).returning();
      if (!r) throw conflict("This ride was changed by someone else a moment ago. Refresh to see where it is now.", "stale_status");
      await stampEvent(tx, b.id, "confirmed", "confirmed", eventActor(actor), note);
      updated = r;
    }
    await writeAudit(tx, actor, {
      action: b.chauffeurId ? "booking.reassign" : "booking.assign",
      entity: "booking",
      entityId: b.id,
      before: { chauffeurId: b.chauffeurId, vehicleId: b.assignedVehicleTypeId, unitId: b.unitId, status: b.status },
      after: { chauffeurId: chauffeur.id, vehicleId: vehicle.id, unitId: unit?.id ?? null, status: updated.status },
    });
    return updated;
  });
  announceBooking(deps, row, previousChauffeurId);
  if (previousChauffeurId !== row.chauffeurId) sendRideNotice(deps, row, "assigned");
  return row;
}

export async function unassignRide(deps: Deps, actor: DeskActor, id: string): Promise<BookingRow> {
  const db = deps.database.db;
  let previous: string | null = null;
  const row = await db.transaction(async (tx) => {
    const b = await rideById(tx, id);
    if (!b.chauffeurId) throw conflict("This ride has no chauffeur to unassign.", "not_assigned");
    previous = b.chauffeurId;
    const updated = await moveBooking(tx, b, "pending", "dispatch", eventActor(actor), { set: { chauffeurId: null, assignedVehicleTypeId: null, unitId: null }, note: "Chauffeur unassigned" });
    await writeAudit(tx, actor, {
      action: "booking.unassign",
      entity: "booking",
      entityId: b.id,
      before: { chauffeurId: b.chauffeurId, vehicleId: b.assignedVehicleTypeId, unitId: b.unitId, status: b.status },
      after: { chauffeurId: null, vehicleId: null, unitId: null, status: updated.status },
    });
    return updated;
  });
  announceBooking(deps, row, previous);
  return row;
}
