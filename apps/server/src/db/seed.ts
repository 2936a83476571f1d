// Demo data for a fresh database: the fleet, its pricing, the live method, the valet rates and an admin login.
import { and, eq } from "drizzle-orm";
import type { Auth } from "../auth/auth";
import type { Db } from "./client";
import { createRateCard, createTier, createUnit, createUser, createVehicle, setPricingMethod, setValetRates } from "./factories";
import { account, appSettings, pricingMethods, user, valetRateCards, vehicleTypes, vehicleUnits } from "./schema";
import { DEFAULT_COMPANY_SETTINGS, type CompanySettings } from "@meridian/shared/settings";
import { reloadSettings } from "../settings/store";

export const DEMO_COMPANY: CompanySettings = { ...DEFAULT_COMPANY_SETTINGS, legalName: "Meridian Valet & Chauffeur LLC" };

export const demoFleet = [
  { name: "Executive Sedan", baseFeeUsd: 45, passengerCapacity: 3, luggageCapacity: 3, perMile: 3.25, perMinute: 0.85 },
  { name: "Luxury SUV", baseFeeUsd: 65, passengerCapacity: 6, luggageCapacity: 6, perMile: 4.1, perMinute: 1.05 },
  { name: "Stretch Limousine", baseFeeUsd: 120, passengerCapacity: 8, luggageCapacity: 4, perMile: 5.5, perMinute: 1.6 },
  { name: "Executive Sprinter", baseFeeUsd: 150, passengerCapacity: 12, luggageCapacity: 12, perMile: 6.25, perMinute: 1.75 },
] as const;

/** The demo's cars: three of each demo vehicle type (plates in California's 1ABC234 shape). */
export const demoUnits: Record<(typeof demoFleet)[number]["name"], { plate: string; colour: string; year: number }[]> = {
  "Executive Sedan": [
    { plate: "8MER101", colour: "Black", year: 2025 },
    { plate: "8MER102", colour: "Black", year: 2024 },
    { plate: "8MER103", colour: "Midnight Blue", year: 2024 },
  ],
  "Luxury SUV": [
    { plate: "8MER201", colour: "Black", year: 2025 },
    { plate: "8MER202", colour: "Graphite", year: 2024 },
    { plate: "8MER203", colour: "Pearl White", year: 2023 },
  ],
  "Stretch Limousine": [
    { plate: "8MER301", colour: "Black", year: 2023 },
    { plate: "8MER302", colour: "Pearl White", year: 2022 },
  ],
  "Executive Sprinter": [
    { plate: "8MER401", colour: "Obsidian", year: 2025 },
    { plate: "8MER402", colour: "Silver", year: 2024 },
  ],
};

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
  // The cars, once: into a database seeded before the fleet had cars too, under the demo types still there.
  const [anyUnit] = await db.select({ id: vehicleUnits.id }).from(vehicleUnits).limit(1);
  if (!anyUnit) {
    const types = await db.select({ id: vehicleTypes.id, name: vehicleTypes.name }).from(vehicleTypes);
    for (const [name, cars] of Object.entries(demoUnits)) {
      const type = types.find((t) => t.name === name);
      if (type) for (const car of cars) await createUnit(db, { vehicleTypeId: type.id, ...car });
    }
  }
  const [method] = await db.select().from(pricingMethods).where(eq(pricingMethods.service, "ride"));
  if (!method) await setPricingMethod(db, "miles_minutes");
  const [valet] = await db.select({ stage: valetRateCards.stage }).from(valetRateCards).limit(1);
  if (!valet) await setValetRates(db);
  // The company of Settings → Company (footer, e-mails, SMS, receipts), unless an admin has set it already.
  await db.insert(appSettings).values({ key: "company", value: DEMO_COMPANY }).onConflictDoNothing();
  await reloadSettings(db, "company");

  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, admin.email.toLowerCase()));
  if (!existing) {
    await createUser(db, auth, { email: admin.email, password: admin.password, fullName: "Meridian Admin", role: "admin" });
    return { adminCreated: true };
  }
  return { adminCreated: false };
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
