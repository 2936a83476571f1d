// The live fleet and pricing (active vehicles, the ride method, rate cards, tiers, the published valet card) as one snapshot,
// cached in memory for a few seconds: a quote reads no table. Admin changes call invalidatePricingCache();
// other server processes pick a change up within PRICING_CACHE_TTL_MS; a booking accepts data at most 0.5 s old.
import { asc, eq } from "drizzle-orm";
import { DEFAULT_PRICING_METHOD, pricingMethodValues, type PricingMethod, type RateCard, type Tier } from "@meridian/shared/pricing";
import type { VehicleOption } from "@meridian/shared/booking";
import { pricingReadiness } from "@meridian/shared/fleet";
import type { ValetRates } from "@meridian/shared/valet-pricing";
import type { Db } from "../db/client";
import { TtlCache } from "../lib/ttl-cache";
import { pricingMethods, rideFixedTiers, rideRateCards, vehicleTypes } from "../db/schema";
import { readValetRates } from "./valet-rates.service";

export const PRICING_CACHE_TTL_MS = 5_000;

export type PricedVehicleData = { vehicle: VehicleOption; rateCard: RateCard | null; tiers: Tier[] };
export type PricingSnapshot = {
  method: PricingMethod;
  /** The vehicles customers are offered: active and priced under the current method, smallest first. */
  vehicles: VehicleOption[];
  byId: Map<string, PricedVehicleData>;
  /** GET /api/vehicles, serialised once per snapshot. */
  vehiclesJson: string;
  /** The published valet rate card; null until one is published. */
  valetRates: ValetRates | null;
};

const snapshots = new TtlCache<PricingSnapshot>({ ttlMs: PRICING_CACHE_TTL_MS });

/** Drop every cached snapshot; the next quote reads the tables again. Call after any fleet or pricing change. */
export function invalidatePricingCache(): void {
  snapshots.clear();
}

/** The cached snapshot when younger than `maxAgeMs` (default PRICING_CACHE_TTL_MS), else a fresh read. */
export function pricingSnapshot(db: Db, opts: { maxAgeMs?: number } = {}): Promise<PricingSnapshot> {
  return snapshots.load(db, "", () => loadSnapshot(db), opts.maxAgeMs);
}

async function loadSnapshot(db: Db): Promise<PricingSnapshot> {
  const vehicleRows = await db
    .select({
      id: vehicleTypes.id,
      name: vehicleTypes.name,
      baseFeeUsd: vehicleTypes.baseFeeUsd,
      passengerCapacity: vehicleTypes.passengerCapacity,
      luggageCapacity: vehicleTypes.luggageCapacity,
    })
    .from(vehicleTypes)
    .where(eq(vehicleTypes.active, true))
    .orderBy(asc(vehicleTypes.passengerCapacity), asc(vehicleTypes.luggageCapacity), asc(vehicleTypes.name), asc(vehicleTypes.id));
  const [methodRow] = await db.select({ method: pricingMethods.method }).from(pricingMethods).where(eq(pricingMethods.service, "ride"));
  const cards = await db.select().from(rideRateCards);
  const tiers = await db.select().from(rideFixedTiers).where(eq(rideFixedTiers.active, true));
  const valetRates = await readValetRates(db, "published");

  const method = pricingMethodValues.includes(methodRow?.method as PricingMethod) ? (methodRow!.method as PricingMethod) : DEFAULT_PRICING_METHOD;
  const byId = new Map<string, PricedVehicleData>();
  for (const vehicle of vehicleRows) byId.set(vehicle.id, { vehicle, rateCard: null, tiers: [] });
  for (const card of cards) {
    const entry = byId.get(card.vehicleTypeId);
    if (entry) entry.rateCard = { perMileUsd: card.perMileUsd, perMinuteUsd: card.perMinuteUsd, active: card.active };
  }
  for (const t of tiers) {
    byId.get(t.vehicleTypeId)?.tiers.push({ id: t.id, milesMin: t.milesMin, milesMax: t.milesMax, priceUsd: t.priceUsd, active: t.active });
  }
  for (const entry of byId.values()) entry.tiers.sort((a, b) => a.milesMin - b.milesMin);
  // Only a vehicle that can be priced is offered (an active vehicle with no active rate card, or no active
  // tier under fixed tiers, would answer every quote with an error); smallest first, the default choice.
  const bookable = vehicleRows.filter((v) => {
    const entry = byId.get(v.id)!;
    return pricingReadiness(method, entry.rateCard, entry.tiers) === "ok";
  });
  return { method, vehicles: bookable, byId, vehiclesJson: JSON.stringify({ vehicles: bookable }), valetRates };
}
