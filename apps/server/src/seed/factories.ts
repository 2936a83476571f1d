// One set of factories for the demo seed, the Vitest suites and the Playwright fixtures.
import { eq } from "drizzle-orm";
import type { Role } from "@meridian/shared/auth";
import { DEMO_VALET_RATES, type ValetRates } from "@meridian/shared/valet-pricing";
import { writeValetRates } from "../quotes";
import type { Auth } from "../auth";
import type { Db } from "../db/client";
import { account, pricingMethods, rideFixedTiers, rideRateCards, user, vehicleTypes, vehicleUnits } from "../db/schema";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type CreateUserInput = {
  email?: string;
  password?: string;
  fullName?: string;
  phone?: string | null;
  role?: Role;
  emailVerified?: boolean;
  inactive?: boolean;
};

/** A verified account with a password, created directly (no e-mail sent). */
export async function createUser(db: Db, auth: Auth, input: CreateUserInput = {}) {
  const password = input.password ?? "correct-horse-battery";
  const row = await insertUser(db, input, await (await auth.$context).password.hash(password));
  return { ...row, password };
}

/** The same with a password already hashed (the demo's chauffeurs share the hash of one password nobody knows). */
export async function insertUser(db: Db, input: Omit<CreateUserInput, "password">, passwordHash: string) {
  const id = crypto.randomUUID();
  const email = (input.email ?? `user-${unique()}@example.com`).toLowerCase();
  // Both rows or neither: an account must never exist without its password.
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(user)
      .values({
        id,
        email,
        name: input.fullName ?? "Test Customer",
        phone: input.phone ?? null,
        role: input.role ?? "user",
        emailVerified: input.emailVerified ?? true,
        banned: input.inactive ?? false,
      })
      .returning();
    await tx.insert(account).values({ id: crypto.randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash });
    return created!;
  });
}

export async function setRole(db: Db, email: string, role: Role) {
  const [row] = await db.update(user).set({ role }).where(eq(user.email, email.toLowerCase())).returning();
  return row;
}

export type CreateVehicleInput = Partial<typeof vehicleTypes.$inferInsert>;

export async function createVehicle(db: Db, input: CreateVehicleInput = {}) {
  const [row] = await db
    .insert(vehicleTypes)
    .values({ name: `Vehicle ${unique()}`, baseFeeUsd: 50, passengerCapacity: 3, luggageCapacity: 3, active: true, ...input })
    .returning();
  return row!;
}

export async function createRateCard(db: Db, vehicleTypeId: string, perMileUsd: number, perMinuteUsd: number, active = true) {
  const [row] = await db.insert(rideRateCards).values({ vehicleTypeId, perMileUsd, perMinuteUsd, active }).returning();
  return row!;
}

export async function createTier(db: Db, vehicleTypeId: string, milesMin: number, milesMax: number, priceUsd: number, active = true) {
  const [row] = await db.insert(rideFixedTiers).values({ vehicleTypeId, milesMin, milesMax, priceUsd, active }).returning();
  return row!;
}

export async function setPricingMethod(db: Db, method: "miles_minutes" | "fixed_tiers") {
  await db
    .insert(pricingMethods)
    .values({ service: "ride", method })
    .onConflictDoUpdate({ target: pricingMethods.service, set: { method } });
}

/** A valet rate card, published (and saved as the draft too, as after a publish). */
export async function setValetRates(db: Db, rates: ValetRates = DEMO_VALET_RATES) {
  await writeValetRates(db, "draft", rates);
  await writeValetRates(db, "published", rates);
}

export type CreateUnitInput = Partial<typeof vehicleUnits.$inferInsert> & { vehicleTypeId: string };

/** A car of the fleet: in service, a unique plate, black, this year's model unless given. */
export async function createUnit(db: Db, input: CreateUnitInput) {
  const [row] = await db
    .insert(vehicleUnits)
    .values({ plate: `T${unique().slice(-8).toUpperCase()}`, colour: "Black", year: new Date().getUTCFullYear(), status: "in_service", ...input })
    .returning();
  return row!;
}
