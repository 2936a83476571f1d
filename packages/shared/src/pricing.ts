import { z } from "zod";
import { formatMoney } from "./money";

// Ride pricing: one pure function used by the quote endpoint, the booking re-price and the admin
// simulator, so the estimate, the booking and the simulator always agree.
export const pricingMethodValues = ["miles_minutes", "fixed_tiers"] as const;
export type PricingMethod = (typeof pricingMethodValues)[number];
export const DEFAULT_PRICING_METHOD: PricingMethod = "miles_minutes";

export type PricedVehicle = { id: string; name: string; baseFeeUsd: number };
export type RateCard = { perMileUsd: number; perMinuteUsd: number; active: boolean };
export type Tier = { id?: string; milesMin: number; milesMax: number; priceUsd: number; active: boolean };

export const quoteLineSchema = z.object({ kind: z.enum(["base", "distance", "time", "tier", "coupon", "waiting"]), label: z.string(), amountUsd: z.number() });
export type QuoteLine = z.infer<typeof quoteLineSchema>;
/** An itemised ride price (the quote answer, the booking's details, the admin simulator). */
export const quoteSchema = z.object({
  method: z.enum(pricingMethodValues),
  vehicleTypeId: z.string(),
  vehicleName: z.string(),
  /** Rounded to 1 decimal, as displayed; the lines are computed from these figures. */
  miles: z.number().describe("Rounded to 1 decimal, as displayed"),
  /** Rounded to whole minutes, as displayed. */
  minutes: z.number().describe("Rounded to whole minutes, as displayed"),
  lines: z.array(quoteLineSchema),
  totalUsd: z.number(),
  currency: z.literal("USD"),
  /** A coupon code applied to this quote (its line is in `lines`, the total is net of it). */
  coupon: z.object({ code: z.string(), discountUsd: z.number() }).optional(),
});
export type Quote = z.infer<typeof quoteSchema>;

export type PricingResult =
  | { ok: true; quote: Quote }
  | { ok: false; code: "no_rate_card" | "no_tier" | "invalid_route"; message: string };

export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;
export const roundMinutes = (minutes: number) => Math.round(minutes);
export const toCents = (usd: number) => Math.round(usd * 100);
export const fromCents = (cents: number) => cents / 100;


/** The active tier containing `miles`: milesMin <= miles < milesMax, or the tier ending exactly at `miles`. */
export function findTier<T extends Tier>(tiers: T[], miles: number): T | undefined {
  const active = tiers.filter((t) => t.active);
  return active.find((t) => t.milesMin <= miles && miles < t.milesMax) ?? active.find((t) => t.milesMax === miles);
}

/** Two ranges overlap when one starts before the other ends and ends after it starts (touching is fine). */
export function tiersOverlap(a: Pick<Tier, "milesMin" | "milesMax">, b: Pick<Tier, "milesMin" | "milesMax">): boolean {
  return a.milesMin < b.milesMax && a.milesMax > b.milesMin;
}

export function findOverlappingTier<T extends Pick<Tier, "milesMin" | "milesMax"> & { id?: string }>(
  existing: T[],
  candidate: Pick<Tier, "milesMin" | "milesMax"> & { id?: string },
): T | undefined {
  return existing.find((t) => (candidate.id === undefined || t.id !== candidate.id) && tiersOverlap(candidate, t));
}

export function priceRide(input: {
  method: PricingMethod;
  vehicle: PricedVehicle;
  rateCard: RateCard | null | undefined;
  tiers: Tier[];
  miles: number;
  minutes: number;
}): PricingResult {
  if (!Number.isFinite(input.miles) || !Number.isFinite(input.minutes) || input.miles < 0 || input.minutes < 0) {
    return { ok: false, code: "invalid_route", message: "The route's distance or duration is not valid." };
  }
  const miles = roundMiles(input.miles);
  const minutes = roundMinutes(input.minutes);
  const base = { method: input.method, vehicleTypeId: input.vehicle.id, vehicleName: input.vehicle.name, miles, minutes, currency: "USD" as const };

  if (input.method === "fixed_tiers") {
    const tier = findTier(input.tiers, miles);
    if (!tier) {
      return {
        ok: false,
        code: "no_tier",
        message: `${input.vehicle.name} has no fixed price for a ${miles.toFixed(1)} mile trip. Please choose another vehicle or contact us for a quote.`,
      };
    }
    const lines: QuoteLine[] = [
      { kind: "tier", label: `Fixed fare, ${tier.milesMin}–${tier.milesMax} miles`, amountUsd: fromCents(toCents(tier.priceUsd)) },
    ];
    return { ok: true, quote: { ...base, lines, totalUsd: lines[0]!.amountUsd } };
  }

  const card = input.rateCard;
  if (!card || !card.active) {
    return { ok: false, code: "no_rate_card", message: `${input.vehicle.name} has no active rate card yet. Please choose another vehicle.` };
  }
  const lines: QuoteLine[] = [
    { kind: "base", label: "Base fee", amountUsd: fromCents(toCents(input.vehicle.baseFeeUsd)) },
    { kind: "distance", label: `${miles.toFixed(1)} mi × ${formatMoney(card.perMileUsd)}`, amountUsd: fromCents(toCents(miles * card.perMileUsd)) },
    { kind: "time", label: `${minutes} min × ${formatMoney(card.perMinuteUsd)}`, amountUsd: fromCents(toCents(minutes * card.perMinuteUsd)) },
  ];
  const totalUsd = fromCents(lines.reduce((sum, l) => sum + toCents(l.amountUsd), 0));
  return { ok: true, quote: { ...base, lines, totalUsd } };
}
