// Test factories for the rides side (issue 26 point 4, issue 22 point 7): chauffeurs, their shifts, cars, and the
// capacity a suite or a bench needs to book rides under the availability rule (decision 020). Built on the real
// services and tables (better-auth's password hash through createUser, the shifts and vehicle_units rows the rule
// reads); never a switch that turns the rule off. The demo seed keeps its own copies in db/seed.ts.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { createUnit, createUser, type CreateUnitInput } from "../db/factories";
import { shifts, vehicleTypes } from "../db/schema";
import type { TestApp } from "./harness";

type AppLike = Pick<TestApp, "db" | "deps">;

/** A staff user with the chauffeur role (verified, with a password), as the Staff page would add. */
export async function createChauffeur(t: AppLike, input: { fullName?: string; email?: string } = {}) {
  return createUser(t.db, t.deps.auth, { role: "chauffeur", fullName: input.fullName ?? "Test Chauffeur", ...(input.email ? { email: input.email } : {}) });
}

/** A chauffeur's shift between two instants (the rule joins one person's back-to-back shifts). */
export async function createShift(db: Db, input: { userId: string; startsAt: Date; endsAt: Date; location?: string }) {
  const [row] = await db
    .insert(shifts)
    .values({ role: "chauffeur", location: "LAX", ...input })
    .returning();
  return row!;
}

/** A car of a vehicle type: in service, a unique plate, unless given. */
export const createCar = (db: Db, vehicleTypeId: string, input: Omit<CreateUnitInput, "vehicleTypeId"> = {}) => createUnit(db, { vehicleTypeId, ...input });

export type CapacityInput = {
  /** The window the chauffeurs are on shift (one shift each, from `from` to `to`). */
  from: Date;
  to: Date;
  /** Chauffeurs on shift through the window. */
  chauffeurs: number;
  /** Cars in service of each vehicle type (default: every active type). */
  unitsPerType: number;
  vehicleTypeIds?: string[];
};

/**
 * Capacity for a window: `chauffeurs` chauffeurs on shift throughout and `unitsPerType` cars of each vehicle type, so
 * that many rides overlapping at one moment can be sold (one more is refused: "Every chauffeur is booked ...").
 */
export async function giveCapacity(t: AppLike, input: CapacityInput) {
  const typeIds = input.vehicleTypeIds ?? (await t.db.select({ id: vehicleTypes.id }).from(vehicleTypes).where(eq(vehicleTypes.active, true))).map((v) => v.id);
  const chauffeurs = [];
  for (let i = 0; i < input.chauffeurs; i++) {
    const chauffeur = await createChauffeur(t, { fullName: `Capacity Chauffeur ${i + 1}` });
    await createShift(t.db, { userId: chauffeur.id, startsAt: input.from, endsAt: input.to });
    chauffeurs.push(chauffeur);
  }
  const units = [];
  for (const vehicleTypeId of typeIds) for (let i = 0; i < input.unitsPerType; i++) units.push(await createCar(t.db, vehicleTypeId));
  return { chauffeurs, units };
}
