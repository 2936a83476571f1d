// Demo data for a fresh database: the fleet and its cars, its pricing, the live method, the valet rates, an admin
// login, and chauffeurs on shift for the coming weeks (issue 26: a ride is sold only when a chauffeur and a car can
// serve it, so the demo needs both to book). The shifts are topped up at each start and by a daily durable job.
import { and, eq, gte, inArray, max } from "drizzle-orm";
import { addDays, wallClock, zonedInstant } from "@meridian/shared/zoned-time";
import type { Auth } from "../auth";
import { scheduleJob, type JobHandler } from "../jobs/job-runner";
import { getOperationsSettings } from "../settings/settings.service";
import type { Db, Tx } from "../db/client";
import { createRateCard, createTier, createUnit, createUser, createVehicle, insertUser, setPricingMethod, setValetRates } from "./factories";
import { account, appSettings, pricingMethods, shifts, user, valetRateCards, vehicleTypes, vehicleUnits } from "../db/schema";
import { DEFAULT_COMPANY_SETTINGS, type CompanySettings } from "@meridian/shared/settings";
import { reloadSettings } from "../settings/store";

export const DEMO_COMPANY: CompanySettings = { ...DEFAULT_COMPANY_SETTINGS, legalName: "Meridian Valet & Chauffeur LLC" };

export const demoFleet = [
  { name: "Executive Sedan", baseFeeUsd: 45, passengerCapacity: 3, luggageCapacity: 3, perMile: 3.25, perMinute: 0.85 },
  { name: "Luxury SUV", baseFeeUsd: 65, passengerCapacity: 6, luggageCapacity: 6, perMile: 4.1, perMinute: 1.05 },
  { name: "Stretch Limousine", baseFeeUsd: 120, passengerCapacity: 8, luggageCapacity: 4, perMile: 5.5, perMinute: 1.6 },
  { name: "Executive Sprinter", baseFeeUsd: 150, passengerCapacity: 12, luggageCapacity: 12, perMile: 6.25, perMinute: 1.75 },
] as const;

/** A type's cars, numbered from 01 in its plate series: 8MER + `series` + the number (California's 1ABC234 shape). */
const carsOf = (series: number, cars: [colour: string, year: number][]) =>
  cars.map(([colour, year], i) => ({ plate: `8MER${series}${String(i + 1).padStart(2, "0")}`, colour, year }));

/** The demo's cars: enough of each type for the rides sold at one hour (plates in California's 1ABC234 shape). */
export const demoUnits: Record<(typeof demoFleet)[number]["name"], { plate: string; colour: string; year: number }[]> = {
  "Executive Sedan": carsOf(1, [["Black", 2025], ["Black", 2024], ["Midnight Blue", 2024], ["Black", 2025], ["Graphite", 2024], ["Black", 2023], ["Silver", 2024], ["Black", 2025], ["Midnight Blue", 2023], ["Black", 2024]]),
  "Luxury SUV": carsOf(2, [["Black", 2025], ["Graphite", 2024], ["Pearl White", 2023], ["Black", 2025], ["Black", 2024], ["Silver", 2024], ["Black", 2023], ["Graphite", 2025]]),
  "Stretch Limousine": carsOf(3, [["Black", 2023], ["Pearl White", 2022], ["Black", 2024], ["Silver", 2023]]),
  "Executive Sprinter": carsOf(4, [["Obsidian", 2025], ["Silver", 2024], ["Black", 2024], ["Obsidian", 2023]]),
};

/**
 * The demo's chauffeurs (sign-in: the password is random; "Forgot password" through the mailbox sets one). Each
 * is on shift DEMO_SHIFT.start to DEMO_SHIFT.end every day of the next DEMO_SHIFT.days (operations time zone).
 */
export const demoChauffeurs = [
  { fullName: "Rafael Moreno", email: "rafael.moreno@meridian.local" },
  { fullName: "Grace Okafor", email: "grace.okafor@meridian.local" },
  { fullName: "Daniel Whitaker", email: "daniel.whitaker@meridian.local" },
  { fullName: "Mei Chen", email: "mei.chen@meridian.local" },
  { fullName: "Tomasz Nowak", email: "tomasz.nowak@meridian.local" },
  { fullName: "Aisha Rahman", email: "aisha.rahman@meridian.local" },
  { fullName: "Luca Bianchi", email: "luca.bianchi@meridian.local" },
  { fullName: "Hannah Brooks", email: "hannah.brooks@meridian.local" },
  { fullName: "Samuel Adeyemi", email: "samuel.adeyemi@meridian.local" },
  { fullName: "Sofia Lindqvist", email: "sofia.lindqvist@meridian.local" },
  { fullName: "Jorge Castillo", email: "jorge.castillo@meridian.local" },
  { fullName: "Priya Natarajan", email: "priya.natarajan@meridian.local" },
] as const;

/** The demo chauffeurs' day: from 06:00 to 23:00 at LAX, kept DEMO_SHIFT.days ahead (today included). */
export const DEMO_SHIFT = { start: "06:00", end: "23:00", location: "LAX", days: 21 } as const;

/** Distance tiers per vehicle: [from, to) miles and a multiplier of the sedan's price. */
const tiers = [
  [0, 5, 65],
  [5, 10, 90],
  [10, 20, 135],
  [20, 40, 210],
  [40, 80, 340],
] as const;

export async function seedDemo(db: Db, auth: Auth, admin: { email: string; password: string }) {
  const [anyVehicle] = await db.select({ id: vehicleTypes.id }).from(vehicleTypes).limit(1);
  if (!anyVehicle) {
    for (const [i, v] of demoFleet.entries()) {
      const row = await createVehicle(db, {
        name: v.name,
        baseFeeUsd: v.baseFeeUsd,
        passengerCapacity: v.passengerCapacity,
        luggageCapacity: v.luggageCapacity,
      });
      await createRateCard(db, row.id, v.perMile, v.perMinute);
      const factor = 1 + i * 0.45;
      for (const [from, to, price] of tiers) await createTier(db, row.id, from, to, Math.round(price * factor));
    }
  }
  // The cars: each demo car not in the fleet yet (by plate), under the demo types still there; never twice.
  const types = await db.select({ id: vehicleTypes.id, name: vehicleTypes.name }).from(vehicleTypes);
  const plates = new Set((await db.select({ plate: vehicleUnits.plate }).from(vehicleUnits)).map((u) => u.plate));
  for (const [name, cars] of Object.entries(demoUnits)) {
    const type = types.find((t) => t.name === name);
    if (type) for (const car of cars) if (!plates.has(car.plate)) await createUnit(db, { vehicleTypeId: type.id, ...car });
  }
  const [method] = await db.select().from(pricingMethods).where(eq(pricingMethods.service, "ride"));
  if (!method) await setPricingMethod(db, "miles_minutes");
  const [valet] = await db.select({ stage: valetRateCards.stage }).from(valetRateCards).limit(1);
  if (!valet) await setValetRates(db);
  // The company of Settings → Company (footer, e-mails, SMS, receipts), unless an admin has set it already.
  await db.insert(appSettings).values({ key: "company", value: DEMO_COMPANY }).onConflictDoNothing();
  await reloadSettings(db, "company");

  // The chauffeurs (each demo e-mail not taken yet), then their shifts for the coming weeks.
  const taken = new Set((await db.select({ email: user.email }).from(user).where(inArray(user.email, demoChauffeurs.map((c) => c.email)))).map((u) => u.email));
  const newChauffeurs = demoChauffeurs.filter((c) => !taken.has(c.email));
  if (newChauffeurs.length) {
    // Their password is random and never kept, so one hash serves them all: a hash takes a good part of a second,
    // and the first start is eleven of them sooner.
    const passwordHash = await (await auth.$context).password.hash(crypto.randomUUID());
    for (const c of newChauffeurs) await insertUser(db, { ...c, role: "chauffeur" }, passwordHash);
  }
  await db.transaction((tx) => topUpDemoShifts(tx));

  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, admin.email.toLowerCase()));
  if (!existing) {
    await createUser(db, auth, { email: admin.email, password: admin.password, fullName: "Meridian Admin", role: "admin" });
    return { adminCreated: true };
  }
  return { adminCreated: false };
}

/**
 * Gives each demo chauffeur (still a chauffeur, not deactivated) a DEMO_SHIFT on every day from today to
 * DEMO_SHIFT.days ahead that comes after their last shift: a top-up, so a shift the admin removed or moved inside
 * that span stays as the admin left it, and running it again adds nothing. The chauffeurs' rows are locked first
 * (as the Staff page's createShift does), so a start and the daily job never add the same day twice.
 */
export async function topUpDemoShifts(tx: Tx, now = new Date()): Promise<number> {
  const { timeZone } = await getOperationsSettings(tx);
  const chauffeurs = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(inArray(user.email, demoChauffeurs.map((c) => c.email)), eq(user.role, "chauffeur"), eq(user.banned, false)))
    .orderBy(user.id)
    .for("update");
  if (!chauffeurs.length) return 0;
  const today = wallClock(now, timeZone).date;
  const last = await tx
    .select({ userId: shifts.userId, endsAt: max(shifts.endsAt) })
    .from(shifts)
    .where(and(inArray(shifts.userId, chauffeurs.map((c) => c.id)), gte(shifts.endsAt, zonedInstant(today, "00:00", timeZone))))
    .groupBy(shifts.userId);
  const lastEnd = new Map(last.map((l) => [l.userId, l.endsAt]));
  const rows: (typeof shifts.$inferInsert)[] = [];
  for (let i = 0; i < DEMO_SHIFT.days; i++) {
    const day = addDays(today, i);
    const startsAt = zonedInstant(day, DEMO_SHIFT.start, timeZone);
    const endsAt = zonedInstant(day, DEMO_SHIFT.end, timeZone);
    for (const c of chauffeurs) {
      const end = lastEnd.get(c.id);
      if (!end || end.getTime() <= startsAt.getTime()) rows.push({ userId: c.id, role: "chauffeur", location: DEMO_SHIFT.location, startsAt, endsAt });
    }
  }
  if (rows.length) await tx.insert(shifts).values(rows);
  return rows.length;
}

export const DEMO_SHIFTS_JOB = "demo.top_up_shifts";
const DAY_MS = 86_400_000;

/** The top-up's next run: the next UTC midnight after `now` (its key names the day, so it is scheduled once). */
export function demoShiftsJob(now = new Date()) {
  const runAt = new Date(Math.floor(now.getTime() / DAY_MS + 1) * DAY_MS);
  return { kind: DEMO_SHIFTS_JOB, key: `${DEMO_SHIFTS_JOB}:${runAt.toISOString()}`, runAt, payload: {} };
}

/** Called by every process that seeds the demo as it starts: the daily top-up's next run exists. */
export const scheduleDemoShifts = (db: Db | Tx, now = new Date()) => scheduleJob(db, demoShiftsJob(now));

/** The daily top-up, which schedules its next run; with the demo seed switched off since, it stops. */
export function demoShiftsHandler(deps: { seedDemo: boolean }): JobHandler {
  return async (tx, job, now) => {
    if (!deps.seedDemo) return "skipped: the demo seed is off";
    const added = await topUpDemoShifts(tx, now);
    const day = Date.parse(job.key.slice(DEMO_SHIFTS_JOB.length + 1));
    await scheduleJob(tx, demoShiftsJob(new Date(Math.max(now.getTime(), Number.isNaN(day) ? 0 : day))));
    return `added ${added} shifts`;
  };
}

/** Whether the admin can still sign in with this password (the start-up banner prints it only then). */
export async function adminPasswordWorks(db: Db, auth: Auth, admin: { email: string; password: string }): Promise<boolean> {
  const [row] = await db
    .select({ hash: account.password })
    .from(user)
    .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential")))
    .where(and(eq(user.email, admin.email.toLowerCase()), eq(user.role, "admin")));
  if (!row?.hash) return false;
  return (await auth.$context).password.verify({ hash: row.hash, password: admin.password });
}
