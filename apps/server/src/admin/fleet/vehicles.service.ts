// Vehicle catalogue for the admin: list, create, edit (incl. the active toggle), delete. Every
// mutation writes one audit row in the same transaction as the change.
import { asc, count, eq } from "drizzle-orm";
import type { AdminVehicle, VehicleInput, VehicleUpdate } from "@meridian/shared/fleet";
import type { Db, Tx } from "../../db/client";
import { bookings, rideFixedTiers, rideRateCards, vehicleTypes, vehicleUnits } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { writeAudit, type AuditActor } from "../../lib/audit";

type VehicleRow = typeof vehicleTypes.$inferSelect;

export const VEHICLE_NOT_FOUND = "This vehicle no longer exists. Reload the page.";

export function toAdminVehicle(row: VehicleRow): AdminVehicle {
  return {
    id: row.id,
    name: row.name,
    baseFeeUsd: row.baseFeeUsd,
    passengerCapacity: row.passengerCapacity,
    luggageCapacity: row.luggageCapacity,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

export const vehicleInUseMessage = (name: string, n: number) =>
  `${name} can't be deleted because ${n} booking${n === 1 ? "" : "s"} ${n === 1 ? "uses" : "use"} it. Deactivate it instead to hide it from new bookings.`;

export const vehicleHasCarsMessage = (name: string, n: number) =>
  `${name} can't be deleted because ${n} car${n === 1 ? "" : "s"} of the fleet ${n === 1 ? "is" : "are"} this type. Give ${n === 1 ? "it" : "them"} another type on the Fleet page, or deactivate this type instead.`;

export async function listVehicles(db: Db): Promise<AdminVehicle[]> {
  const rows = await db.select().from(vehicleTypes).orderBy(asc(vehicleTypes.name), asc(vehicleTypes.createdAt));
  return rows.map(toAdminVehicle);
}

/** The vehicle row, locked for the rest of the transaction (serialises pricing edits per vehicle). */
export async function lockVehicle(tx: Tx, id: string): Promise<VehicleRow> {
  const [row] = await tx.select().from(vehicleTypes).where(eq(vehicleTypes.id, id)).for("update");
  if (!row) throw notFound(VEHICLE_NOT_FOUND);
  return row;
}

export async function createVehicle(db: Db, actor: AuditActor, input: VehicleInput & { active: boolean }): Promise<AdminVehicle> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(vehicleTypes).values(input).returning();
    const vehicle = toAdminVehicle(row!);
    await writeAudit(tx, actor, { action: "vehicle.create", entity: "vehicle_type", entityId: vehicle.id, before: null, after: vehicle });
    return vehicle;
  });
}

export async function updateVehicle(db: Db, actor: AuditActor, id: string, patch: VehicleUpdate): Promise<AdminVehicle> {
  return db.transaction(async (tx) => {
    const before = toAdminVehicle(await lockVehicle(tx, id));
    const [row] = await tx.update(vehicleTypes).set(patch).where(eq(vehicleTypes.id, id)).returning();
    const after = toAdminVehicle(row!);
    const action = Object.keys(patch).length === 1 && "active" in patch ? "vehicle.status" : "vehicle.update";
    await writeAudit(tx, actor, { action, entity: "vehicle_type", entityId: id, before, after });
    return after;
  });
}

/** Deletes a vehicle with its rate card and tiers; refused while any booking references it. */
export async function deleteVehicle(db: Db, actor: AuditActor, id: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await lockVehicle(tx, id);
      const [used] = await tx.select({ n: count() }).from(bookings).where(eq(bookings.vehicleTypeId, id));
      if (used && used.n > 0) throw conflict(vehicleInUseMessage(row.name, used.n), "vehicle_in_use");
      const [cars] = await tx.select({ n: count() }).from(vehicleUnits).where(eq(vehicleUnits.vehicleTypeId, id));
      if (cars && cars.n > 0) throw conflict(vehicleHasCarsMessage(row.name, cars.n), "vehicle_has_cars");
      const [rateCard] = await tx.select().from(rideRateCards).where(eq(rideRateCards.vehicleTypeId, id));
      const tiers = await tx.select().from(rideFixedTiers).where(eq(rideFixedTiers.vehicleTypeId, id));
      await tx.delete(vehicleTypes).where(eq(vehicleTypes.id, id));
      await writeAudit(tx, actor, {
        action: "vehicle.delete",
        entity: "vehicle_type",
        entityId: id,
        before: { ...toAdminVehicle(row), rateCard: rateCard ?? null, tiers },
        after: null,
      });
    });
  } catch (err) {
    // A booking inserted between our check and the delete still trips the ON DELETE RESTRICT key.
    if (isForeignKeyViolation(err)) throw conflict("This vehicle can't be deleted because bookings use it. Deactivate it instead to hide it from new bookings.", "vehicle_in_use");
    throw err;
  }
}

function isForeignKeyViolation(err: unknown): boolean {
  for (let e: any = err, depth = 0; e && depth < 4; e = e.cause, depth++) {
    if (e.code === "23503") return true;
  }
  return false;
}
