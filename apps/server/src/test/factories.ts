// Test factories for the rides side (issue 26 point 4, issue 22 point 7): chauffeurs, their shifts, cars, and the
// capacity a suite or a bench needs to book rides under the availability rule (decision 020). Built on the real
// services and tables (better-auth's password hash through createUser, the shifts and vehicle_units rows the rule
// reads); never a switch that turns the rule off. The demo seed keeps its own copies in db/seed.ts.
import { eq } from "drizzle-orm";
import { todayInServiceArea } from "@meridian/shared/booking";
import { addDays, zonedInstant } from "@meridian/shared/zoned-time";
import type { Db } from "../db/client";
import { createUnit, createUser, type CreateUnitInput } from "../db/factories";
import { account, shifts, user, vehicleTypes, vehicleUnits } from "../db/schema";
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
 * Written in a few statements (the chauffeurs share one password hash), so a suite can ask for dozens.
 */
export async function giveCapacity(t: AppLike, input: CapacityInput) {
  const typeIds = input.vehicleTypeIds ?? (await t.db.select({ id: vehicleTypes.id }).from(vehicleTypes).where(eq(vehicleTypes.active, true))).map((v) => v.id);
  const run = crypto.randomUUID().slice(0, 8);
  const people = Array.from({ length: input.chauffeurs }, (_, i) => ({ id: crypto.randomUUID(), email: `capacity-${run}-${i + 1}@example.com`, name: `Capacity Chauffeur ${i + 1}`, role: "chauffeur", emailVerified: true }));
  const cars = typeIds.flatMap((vehicleTypeId, t) => Array.from({ length: input.unitsPerType }, (_, i) => ({ vehicleTypeId, plate: `C${run.slice(0, 5)}${String(t * 100 + i).padStart(4, "0")}`.toUpperCase(), colour: "Black", year: 2024 })));
  const { chauffeurs, units } = await t.db.transaction(async (tx) => {
    if (!people.length) return { chauffeurs: [], units: cars.length ? await tx.insert(vehicleUnits).values(cars).returning() : [] };
    const hash = await (await t.deps.auth.$context).password.hash("correct-horse-battery");
    const chauffeurs = await tx.insert(user).values(people).returning();
    await tx.insert(account).values(people.map((p) => ({ id: crypto.randomUUID(), accountId: p.id, providerId: "credential", userId: p.id, password: hash })));
    await tx.insert(shifts).values(people.map((p) => ({ userId: p.id, role: "chauffeur", location: "LAX", startsAt: input.from, endsAt: input.to })));
    return { chauffeurs, units: cars.length ? await tx.insert(vehicleUnits).values(cars).returning() : [] };
  });
  t.deps.availability.invalidate(); // the next quote reads the day again, as after a booking
  return { chauffeurs, units };
}

export type DaysCapacity = {
  /** Through the end of this many days from today (Los Angeles); default 8. */
  days?: number;
  /** Rides that can run at one moment: that many chauffeurs on shift, and cars of each type; default 4. */
  rides?: number;
  vehicleTypeIds?: string[];
};

/**
 * The capacity of a suite that books rides over the coming days: `rides` chauffeurs on shift from the start of
 * yesterday to the end of the day after day `days` (Los Angeles; a day either side, so a suite that moves the
 * service's time zone keeps them) and `rides` cars of each active type. A suite that books more rides at one time
 * (every test's ride tomorrow at 09:30, say) asks for as many.
 */
export function giveCapacityForDays(t: AppLike, input: DaysCapacity = {}) {
  const today = todayInServiceArea();
  const at = (days: number) => zonedInstant(addDays(today, days), "00:00", "America/Los_Angeles");
  const { days = 8, rides = 4, vehicleTypeIds } = input;
  return giveCapacity(t, { from: at(-1), to: at(days + 2), chauffeurs: rides, unitsPerType: rides, vehicleTypeIds });
}

/**
 * The same capacity through the admin API, for suites that run the real server in a child process (bench/lib.mjs
 * has its copy): `chauffeurs` chauffeurs added on the Staff page, each on shift round the clock on every day of
 * `dates` (one 00:00 to 00:00 shift a day), and `unitsPerType` cars of each vehicle type offered (else those given).
 */
export async function giveCapacityThroughApi(base: string, adminCookie: string, input: { dates: string[]; chauffeurs: number; unitsPerType: number; vehicleTypeIds?: string[] }) {
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await fetch(base + path, { method, headers: { origin: base, cookie: adminCookie, ...(json ? { "content-type": "application/json" } : {}) }, body: json ? JSON.stringify(json) : undefined });
    const body = (await res.json()) as any;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const typeIds = input.vehicleTypeIds ?? ((await call("GET", "/api/vehicles")).vehicles as { id: string }[]).map((v) => v.id);
  const run = crypto.randomUUID().slice(0, 4).toUpperCase();
  for (let i = 0; i < input.chauffeurs; i++) {
    const { staff } = await call("POST", "/api/admin/staff", { fullName: `Capacity Chauffeur ${i + 1}`, email: `capacity-${run}-${i + 1}@example.com`.toLowerCase(), role: "chauffeur" });
    for (const date of input.dates) await call("POST", "/api/admin/shifts", { staffId: staff.id, date, start: "00:00", end: "00:00", role: "chauffeur", location: "LAX" });
  }
  for (const [t, vehicleTypeId] of typeIds.entries()) {
    for (let i = 0; i < input.unitsPerType; i++) await call("POST", "/api/admin/fleet/units", { vehicleTypeId, plate: `CP${run}${String(t * 100 + i).padStart(4, "0")}`, colour: "Black", year: 2024 });
  }
}
