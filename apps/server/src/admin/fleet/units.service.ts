// The fleet's cars (units) for the admin: list, add, change (plate, colour, year, type, status). Every change writes
// one audit row in its transaction. A plate is unique (upper-case); a car on a coming ride cannot change type or
// leave service while that ride still counts on it (the desk must reassign first).
import { and, asc, eq, gt, inArray, type SQL } from "drizzle-orm";
import { activeRideStatuses } from "@meridian/shared/booking-status";
import { plateTakenMessage, type AdminUnit, type NewUnit, type UnitPatch, type UnitStatus } from "@meridian/shared/fleet-units";
import type { Db, Tx } from "../../db/client";
import { bookings, vehicleTypes, vehicleUnits } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { writeAudit, type AuditActor } from "../../lib/audit";

type UnitRow = typeof vehicleUnits.$inferSelect;

export const UNIT_NOT_FOUND = "This car is no longer in the fleet. Reload the page.";
const TYPE_NOT_FOUND = "This vehicle type no longer exists. Reload the page.";

function toAdminUnit(row: UnitRow, vehicleTypeName: string): AdminUnit {
  return {
    id: row.id,
    vehicleTypeId: row.vehicleTypeId,
    vehicleTypeName,
    plate: row.plate,
    colour: row.colour,
    year: row.year,
    status: row.status as UnitStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listUnits(db: Db, filter: { vehicleTypeId?: string; status?: UnitStatus } = {}): Promise<AdminUnit[]> {
  const where: SQL[] = [];
  if (filter.vehicleTypeId) where.push(eq(vehicleUnits.vehicleTypeId, filter.vehicleTypeId));
  if (filter.status) where.push(eq(vehicleUnits.status, filter.status));
  const rows = await db
    .select({ u: vehicleUnits, typeName: vehicleTypes.name })
    .from(vehicleUnits)
    .innerJoin(vehicleTypes, eq(vehicleUnits.vehicleTypeId, vehicleTypes.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(vehicleTypes.name), asc(vehicleUnits.plate));
  return rows.map(({ u, typeName }) => toAdminUnit(u, typeName));
}

async function typeName(tx: Tx, id: string): Promise<string> {
  const [row] = await tx.select({ name: vehicleTypes.name }).from(vehicleTypes).where(eq(vehicleTypes.id, id));
  if (!row) throw notFound(TYPE_NOT_FOUND);
  return row.name;
}

async function plateTaken(tx: Tx, plate: string, exceptId?: string) {
  const [row] = await tx.select({ id: vehicleUnits.id }).from(vehicleUnits).where(eq(vehicleUnits.plate, plate));
  if (row && row.id !== exceptId) throw conflict(plateTakenMessage(plate), "plate_taken");
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === "23505") return true;
  }
  return false;
}

/** A unique plate raced in between our check and the write still answers the 409, never a 500. */
async function plateGuard<T>(plate: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (plate && isUniqueViolation(err)) throw conflict(plateTakenMessage(plate), "plate_taken");
    throw err;
  }
}

export async function createUnit(db: Db, actor: AuditActor, input: NewUnit): Promise<AdminUnit> {
  return plateGuard(input.plate, () =>
    db.transaction(async (tx) => {
      const name = await typeName(tx, input.vehicleTypeId);
      await plateTaken(tx, input.plate);
      const [row] = await tx.insert(vehicleUnits).values(input).returning();
      const unit = toAdminUnit(row!, name);
      await writeAudit(tx, actor, { action: "unit.create", entity: "vehicle_unit", entityId: unit.id, before: null, after: auditView(unit) });
      return unit;
    }),
  );
}

const auditView = ({ createdAt: _c, updatedAt: _u, ...rest }: AdminUnit) => rest;

/** Coming rides that count on this car (assigned to it and not over). */
async function comingRides(tx: Tx, unitId: string) {
  return tx
    .select({ id: bookings.id, pickupAt: bookings.pickupAt })
    .from(bookings)
    .where(and(eq(bookings.unitId, unitId), inArray(bookings.status, [...activeRideStatuses]), gt(bookings.pickupAt, new Date(Date.now() - 86_400_000))));
}

export async function updateUnit(db: Db, actor: AuditActor, id: string, patch: UnitPatch): Promise<AdminUnit> {
  return plateGuard(patch.plate, () =>
    db.transaction(async (tx) => {
      // The unit's row is the lock assignments take too: a status change and an assignment never cross.
      const [row] = await tx.select().from(vehicleUnits).where(eq(vehicleUnits.id, id)).for("update");
      if (!row) throw notFound(UNIT_NOT_FOUND);
      const before = toAdminUnit(row, await typeName(tx, row.vehicleTypeId));
      if (patch.plate && patch.plate !== row.plate) await plateTaken(tx, patch.plate, id);
      const leavesService = patch.status !== undefined && patch.status !== "in_service" && row.status === "in_service";
      const changesType = patch.vehicleTypeId !== undefined && patch.vehicleTypeId !== row.vehicleTypeId;
      if (leavesService || changesType) {
        const rides = await comingRides(tx, id);
        if (rides.length) {
          const n = rides.length;
          throw conflict(
            `${row.plate} is assigned to ${n} coming ride${n === 1 ? "" : "s"}. Give ${n === 1 ? "that ride" : "those rides"} another car on the Dispatch Board first.`,
            "unit_in_use",
          );
        }
      }
      const name = changesType ? await typeName(tx, patch.vehicleTypeId!) : before.vehicleTypeName;
      const [updated] = await tx.update(vehicleUnits).set(patch).where(eq(vehicleUnits.id, id)).returning();
      const after = toAdminUnit(updated!, name);
      const action = Object.keys(patch).length === 1 && patch.status ? "unit.status" : "unit.update";
      await writeAudit(tx, actor, { action, entity: "vehicle_unit", entityId: id, before: auditView(before), after: auditView(after) });
      return after;
    }),
  );
}
