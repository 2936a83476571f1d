// Ride pricing administration: the live method, rate cards, fixed tiers, publish and the simulator.
// Tier writes lock the vehicle row first, so two concurrent saves for one vehicle are checked one
// after the other and can never leave overlapping tiers behind.
import { and, asc, eq, ne } from "drizzle-orm";
import {
  PRICING_METHOD_LABELS,
  TIER_RANGE_MESSAGE,
  tierOverlapMessage,
  type AdminRateCard,
  type AdminTier,
  type PricingOverview,
  type RateCardInput,
  type SimulateQuoteInput,
  type TierInput,
  type TierUpdate,
} from "@meridian/shared/fleet";
import { DEFAULT_PRICING_METHOD, findOverlappingTier, priceRide, type PricingMethod, type Quote } from "@meridian/shared/pricing";
import type { Db, Tx } from "../../db/client";
import { pricingMethods, rideFixedTiers, rideRateCards, vehicleTypes } from "../../db/schema";
import { badRequest, conflict, HttpError, notFound } from "../../lib/errors";
import { writeAudit, type AuditActor } from "../../lib/audit";
import { priceValet, type SimulateValetInput, type ValetQuote } from "@meridian/shared/valet-pricing";
import { getAdminValetRates, publishValetDraft, readValetRates } from "../../quotes/valet-rates.service";
import { lockVehicle, toAdminVehicle, VEHICLE_NOT_FOUND } from "./vehicles.service";

type RateCardRow = typeof rideRateCards.$inferSelect;
type TierRow = typeof rideFixedTiers.$inferSelect;

export const TIER_NOT_FOUND = "This tier no longer exists. Reload the page.";

const toRateCard = (r: RateCardRow): AdminRateCard => ({
  id: r.id,
  vehicleTypeId: r.vehicleTypeId,
  perMileUsd: r.perMileUsd,
  perMinuteUsd: r.perMinuteUsd,
  active: r.active,
});
const toTier = (t: TierRow): AdminTier => ({
  id: t.id,
  vehicleTypeId: t.vehicleTypeId,
  milesMin: t.milesMin,
  milesMax: t.milesMax,
  priceUsd: t.priceUsd,
  active: t.active,
});

export async function getLiveMethod(db: Db | Tx): Promise<PricingMethod> {
  const [row] = await db.select().from(pricingMethods).where(eq(pricingMethods.service, "ride"));
  return row?.method === "fixed_tiers" || row?.method === "miles_minutes" ? row.method : DEFAULT_PRICING_METHOD;
}

export async function getPricingOverview(db: Db): Promise<PricingOverview> {
  const [method, vehicles, cards, tiers] = await Promise.all([
    getLiveMethod(db),
    db.select().from(vehicleTypes).orderBy(asc(vehicleTypes.name), asc(vehicleTypes.createdAt)),
    db.select().from(rideRateCards),
    db.select().from(rideFixedTiers).orderBy(asc(rideFixedTiers.milesMin), asc(rideFixedTiers.milesMax)),
  ]);
  return {
    method,
    vehicles: vehicles.map((v) => {
      const card = cards.find((c) => c.vehicleTypeId === v.id);
      return {
        vehicle: toAdminVehicle(v),
        rateCard: card ? toRateCard(card) : null,
        tiers: tiers.filter((t) => t.vehicleTypeId === v.id).map(toTier),
      };
    }),
  };
}

export async function saveRateCard(db: Db, actor: AuditActor, vehicleTypeId: string, input: Required<RateCardInput>): Promise<AdminRateCard> {
  return db.transaction(async (tx) => {
    await lockVehicle(tx, vehicleTypeId);
    const [before] = await tx.select().from(rideRateCards).where(eq(rideRateCards.vehicleTypeId, vehicleTypeId));
    const [row] = await tx
      .insert(rideRateCards)
      .values({ vehicleTypeId, ...input })
      .onConflictDoUpdate({ target: rideRateCards.vehicleTypeId, set: input })
      .returning();
    const after = toRateCard(row!);
    await writeAudit(tx, actor, {
      action: before ? "rate_card.update" : "rate_card.create",
      entity: "ride_rate_card",
      entityId: vehicleTypeId,
      before: before ? toRateCard(before) : null,
      after,
    });
    return after;
  });
}

async function assertNoOverlap(tx: Tx, vehicleTypeId: string, candidate: { id?: string; milesMin: number; milesMax: number }) {
  const others = await tx
    .select({ id: rideFixedTiers.id, milesMin: rideFixedTiers.milesMin, milesMax: rideFixedTiers.milesMax })
    .from(rideFixedTiers)
    .where(candidate.id ? and(eq(rideFixedTiers.vehicleTypeId, vehicleTypeId), ne(rideFixedTiers.id, candidate.id)) : eq(rideFixedTiers.vehicleTypeId, vehicleTypeId));
  const clash = findOverlappingTier(others, candidate);
  if (clash) throw conflict(tierOverlapMessage(clash), "tier_overlap");
}

export async function createTier(db: Db, actor: AuditActor, input: Required<TierInput>): Promise<AdminTier> {
  return db.transaction(async (tx) => {
    await lockVehicle(tx, input.vehicleTypeId);
    await assertNoOverlap(tx, input.vehicleTypeId, input);
    const [row] = await tx.insert(rideFixedTiers).values(input).returning();
    const after = toTier(row!);
    await writeAudit(tx, actor, { action: "tier.create", entity: "ride_fixed_tier", entityId: after.id, before: null, after });
    return after;
  });
}

export async function updateTier(db: Db, actor: AuditActor, id: string, patch: TierUpdate): Promise<AdminTier> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ vehicleTypeId: rideFixedTiers.vehicleTypeId }).from(rideFixedTiers).where(eq(rideFixedTiers.id, id));
    if (!found) throw notFound(TIER_NOT_FOUND);
    await lockVehicle(tx, found.vehicleTypeId);
    const [current] = await tx.select().from(rideFixedTiers).where(eq(rideFixedTiers.id, id));
    if (!current) throw notFound(TIER_NOT_FOUND); // deleted while we waited for the lock
    const before = toTier(current);
    const next = { ...before, ...patch };
    if (!(next.milesMin < next.milesMax)) throw badRequest(TIER_RANGE_MESSAGE, { milesMax: TIER_RANGE_MESSAGE });
    await assertNoOverlap(tx, before.vehicleTypeId, next);
    const [row] = await tx.update(rideFixedTiers).set(patch).where(eq(rideFixedTiers.id, id)).returning();
    const after = toTier(row!);
    await writeAudit(tx, actor, { action: "tier.update", entity: "ride_fixed_tier", entityId: id, before, after });
    return after;
  });
}

export async function deleteTier(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(rideFixedTiers).where(eq(rideFixedTiers.id, id)).returning();
    if (!row) throw notFound(TIER_NOT_FOUND);
    await writeAudit(tx, actor, { action: "tier.delete", entity: "ride_fixed_tier", entityId: id, before: toTier(row), after: null });
  });
}

export const publishedMessage = (method: PricingMethod) => `Booking now uses the active method: ${PRICING_METHOD_LABELS[method]}.`;
export const VALET_PUBLISHED_MESSAGE = "The new valet rates now price every valet quote.";

/** Publish Changes: the ride method, and the valet rate card's draft when it differs from the published one. */
export async function publishPricing(db: Db, actor: AuditActor, method: PricingMethod): Promise<{ method: PricingMethod; message: string; valetPublished: boolean }> {
  return db.transaction(async (tx) => {
    const published = await publishMethodIn(tx, actor, method);
    const valetPublished = await publishValetDraft(tx, actor);
    return { ...published, message: valetPublished ? `${published.message} ${VALET_PUBLISHED_MESSAGE}` : published.message, valetPublished };
  });
}

async function publishMethodIn(tx: Tx, actor: AuditActor, method: PricingMethod): Promise<{ method: PricingMethod; message: string }> {
  const [before] = await tx.select().from(pricingMethods).where(eq(pricingMethods.service, "ride")).for("update");
  await tx
    .insert(pricingMethods)
    .values({ service: "ride", method })
    .onConflictDoUpdate({ target: pricingMethods.service, set: { method } });
  await writeAudit(tx, actor, {
    action: "pricing.publish",
    entity: "pricing_method",
    entityId: "ride",
    before: before ? { service: "ride", method: before.method } : null,
    after: { service: "ride", method },
  });
  return { method, message: publishedMessage(method) };
}

/** The quote the booking would get for this vehicle, miles and minutes: the same priceRide. */
export async function simulateQuote(db: Db, input: SimulateQuoteInput): Promise<Quote> {
  const [vehicle] = await db.select().from(vehicleTypes).where(eq(vehicleTypes.id, input.vehicleTypeId));
  if (!vehicle) throw notFound(VEHICLE_NOT_FOUND);
  const [method, [card], tiers] = await Promise.all([
    input.method ? Promise.resolve(input.method) : getLiveMethod(db),
    db.select().from(rideRateCards).where(eq(rideRateCards.vehicleTypeId, vehicle.id)),
    db.select().from(rideFixedTiers).where(eq(rideFixedTiers.vehicleTypeId, vehicle.id)),
  ]);
  const result = priceRide({
    method,
    vehicle: { id: vehicle.id, name: vehicle.name, baseFeeUsd: vehicle.baseFeeUsd },
    rateCard: card ?? null,
    tiers,
    miles: input.miles,
    minutes: input.minutes,
  });
  if (!result.ok) throw new HttpError(422, result.code, result.message);
  return result.quote;
}

export const NO_PUBLISHED_VALET_RATES = "No valet rates are published yet. Publish the draft first, or simulate with the draft.";

/** The valet quote an event would get with the draft or the published card: the same priceValet. */
export async function simulateValet(db: Db, input: SimulateValetInput): Promise<ValetQuote> {
  const rates = input.rates === "draft" ? (await getAdminValetRates(db)).draft : await readValetRates(db, "published");
  if (!rates) throw new HttpError(422, "valet_unavailable", NO_PUBLISHED_VALET_RATES);
  const result = priceValet(rates, { ...input, expectedVehicles: input.expectedVehicles ?? null });
  if (!result.ok) throw badRequest(result.message, { endTime: result.message });
  return result.quote;
}
