// Fleet and pricing administration: the inputs of the admin vehicle and pricing screens (one schema
// per input, used by the forms and by the API), the shapes the API answers with, and the pure rules
// the screens share with the server (the readiness badge).
import { z } from "zod";
import { pricingMethodValues, type PricingMethod } from "./pricing";

export const VEHICLE_REQUIRED_MESSAGE = "Vehicle name is required and passenger capacity must be at least 1.";
export const TIER_REQUIRED_MESSAGE = "All fields are required.";
export const TIER_RANGE_MESSAGE = "Miles From must be less than Miles To.";
export const tierOverlapMessage = (other: { milesMin: number; milesMax: number }) =>
  `This tier overlaps with an existing tier (${other.milesMin} - ${other.milesMax} miles).`;
export const PRICING_METHOD_LABELS: Record<PricingMethod, string> = {
  miles_minutes: "Miles & Minutes",
  fixed_tiers: "Fixed Tiers",
};

/** True when `n` has at most two decimals (the inputs' step of 0.01). */
export const isCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
/** isCents in the OpenAPI document (JSON Schema): `.refine(isCents, message).meta(CENTS)`. */
export const CENTS = { multipleOf: 0.01 } as const;

const MAX_MONEY = 99_999.99;
const MAX_MILES = 99_999.99;

const money = (label: string) =>
  z
    .number({ error: `${label} is required.` })
    .min(0, `${label} must be 0 or more.`)
    .max(MAX_MONEY, `${label} must be at most ${MAX_MONEY}.`)
    .refine(isCents, `${label} can have at most 2 decimals.`).meta(CENTS);

const miles = (label: string) =>
  z
    .number({ error: TIER_REQUIRED_MESSAGE })
    .min(0, `${label} must be 0 or more.`)
    .max(MAX_MILES, `${label} must be at most ${MAX_MILES}.`)
    .refine(isCents, `${label} can have at most 2 decimals.`).meta(CENTS);

// ---- Vehicles
const vehicleFields = z.strictObject({
  name: z.string({ error: VEHICLE_REQUIRED_MESSAGE }).trim().min(1, VEHICLE_REQUIRED_MESSAGE).max(80, "Vehicle name must be at most 80 characters."),
  baseFeeUsd: money("Base fee"),
  passengerCapacity: z.number({ error: VEHICLE_REQUIRED_MESSAGE }).int(VEHICLE_REQUIRED_MESSAGE).min(1, VEHICLE_REQUIRED_MESSAGE).max(99, "Passenger capacity must be at most 99."),
  luggageCapacity: z.number({ error: "Luggage capacity must be 0 or more." }).int("Luggage capacity must be a whole number.").min(0, "Luggage capacity must be 0 or more.").max(99, "Luggage capacity must be at most 99."),
  active: z.boolean({ error: "Active must be true or false." }),
});
/** A new vehicle starts inactive: it is offered only once active and priced (a rate card, or tiers). */
export const vehicleInputSchema = vehicleFields.extend({ active: vehicleFields.shape.active.default(false) });
export type VehicleInput = z.input<typeof vehicleInputSchema>;

export const vehicleUpdateSchema = vehicleFields
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change.");
export type VehicleUpdate = z.input<typeof vehicleUpdateSchema>;

/** New-vehicle defaults: name empty, base fee 0, passengers 1, luggage 1, inactive until priced. */
export const NEW_VEHICLE_DEFAULTS = { name: "", baseFeeUsd: 0, passengerCapacity: 1, luggageCapacity: 1, active: false } as const;

/** The passenger input: 'defaults to 1 when not a number'. */
export const passengersFromInput = (raw: string) => {
  const n = Number.parseInt(raw, 10);
  return Number.isNaN(n) ? 1 : n;
};

// ---- Rate cards
export const rateCardInputSchema = z.strictObject({
  perMileUsd: money("Rate per mile"),
  perMinuteUsd: money("Rate per minute"),
  active: z.boolean({ error: "Active is required." }),
});
export type RateCardInput = z.input<typeof rateCardInputSchema>;
/** Absent rate card default: 0, 0, inactive. */
export const ABSENT_RATE_CARD = { perMileUsd: 0, perMinuteUsd: 0, active: false } as const;

// ---- Fixed tiers
const tierFields = {
  milesMin: miles("Miles From"),
  milesMax: miles("Miles To"),
  priceUsd: money("Price"),
  active: z.boolean({ error: TIER_REQUIRED_MESSAGE }),
};

export const tierInputSchema = z
  .strictObject({ vehicleTypeId: z.uuid({ error: "Choose a vehicle." }), ...tierFields })
  .refine((t) => t.milesMin < t.milesMax, { message: TIER_RANGE_MESSAGE, path: ["milesMax"] });
export type TierInput = z.input<typeof tierInputSchema>;

/** PATCH: any of the tier's fields; the merged tier is checked again on the server. */
export const tierUpdateSchema = z
  .strictObject(tierFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change.")
  .refine((t) => t.milesMin === undefined || t.milesMax === undefined || t.milesMin < t.milesMax, {
    message: TIER_RANGE_MESSAGE,
    path: ["milesMax"],
  });
export type TierUpdate = z.input<typeof tierUpdateSchema>;

/** New tier defaults: 0, 0, price 0, active. */
export const NEW_TIER_DEFAULTS = { milesMin: 0, milesMax: 0, priceUsd: 0, active: true } as const;

// ---- Method, publish, simulator
export const pricingMethodSchema = z.enum(pricingMethodValues, { error: "Choose miles_minutes or fixed_tiers." });
export const publishPricingSchema = z.strictObject({ method: pricingMethodSchema });
export type PublishPricingInput = z.input<typeof publishPricingSchema>;

export const simulateQuoteSchema = z.strictObject({
  vehicleTypeId: z.uuid({ error: "Choose a vehicle." }),
  miles: z.number({ error: "Miles must be a number." }).min(0, "Miles must be 0 or more.").max(MAX_MILES, `Miles must be at most ${MAX_MILES}.`),
  minutes: z.number({ error: "Minutes must be a number." }).min(0, "Minutes must be 0 or more.").max(100_000, "Minutes must be at most 100000."),
  method: pricingMethodSchema.optional(),
});
export type SimulateQuoteInput = z.input<typeof simulateQuoteSchema>;

export const pricingTabValues = ["methods", "miles_minutes", "fixed_tiers", "valet"] as const;
export type PricingTab = (typeof pricingTabValues)[number];
export const parsePricingTab = (raw: string | null | undefined): PricingTab =>
  (pricingTabValues as readonly string[]).includes(raw ?? "") ? (raw as PricingTab) : "methods";

// ---- What the admin API answers
export type { AdminRateCard, AdminTier, AdminVehicle, PricingOverview } from "./pricing/answers";

export type Readiness = "ok" | "needs_tiers" | "needs_rates";
export const READINESS_LABELS: Record<Readiness, string> = { ok: "OK", needs_tiers: "Needs Tiers", needs_rates: "Needs Rates" };

/** The readiness badge: can this vehicle be priced under `method`? */
export function pricingReadiness(
  method: PricingMethod,
  rateCard: { active: boolean } | null | undefined,
  tiers: { active: boolean }[],
): Readiness {
  if (method === "fixed_tiers") return tiers.some((t) => t.active) ? "ok" : "needs_tiers";
  return rateCard?.active ? "ok" : "needs_rates";
}
