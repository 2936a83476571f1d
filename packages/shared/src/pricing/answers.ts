// The pricing domain's answers (zod): coupons as the admin API answers them. Types are inferred from the schemas.
import { z } from "zod";
import { couponKindValues, couponServiceValues } from "../coupons";
import { pricingMethodValues, quoteSchema } from "../pricing";
import { VALET_EVENT_TYPES } from "../valet";
import { valetQuoteSchema } from "../valet-pricing";

/** A coupon as the admin API answers it. */
export const adminCouponSchema = z.object({
  id: z.string(),
  code: z.string().regex(/^[A-Z0-9_-]{3,32}$/),
  kind: z.enum(couponKindValues),
  value: z.number().positive().describe("Percent off (1-100) for a percent coupon; US dollars off for a fixed one"),
  service: z.enum(couponServiceValues),
  validFrom: z.string().nullable().describe("YYYY-MM-DD"),
  validTo: z.string().nullable().describe("YYYY-MM-DD"),
  maxUses: z.number().int().min(1).nullable(),
  maxUsesPerCustomer: z.number().int().min(1).nullable(),
  minFareUsd: z.number().nonnegative(),
  active: z.boolean(),
  usesCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponsResponseSchema = z.object({ coupons: z.array(adminCouponSchema) });
export const adminCouponResponseSchema = z.object({ coupon: adminCouponSchema });

// ---- Vehicle types, rate cards, tiers and the published method (the admin's pricing screens)

const usd = z.number().nonnegative().describe("US dollars");
export const adminVehicleSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseFeeUsd: usd,
  passengerCapacity: z.number().int().nonnegative(),
  luggageCapacity: z.number().int().nonnegative(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type AdminVehicle = z.infer<typeof adminVehicleSchema>;
export const adminVehiclesResponseSchema = z.object({ vehicles: z.array(adminVehicleSchema) });
/** A removal that answers { ok: true }. */
export const okAnswerSchema = z.object({ ok: z.literal(true) });
/** POST /api/admin/pricing/simulate: the quote a trip of given miles and minutes would get. */
export const simulatedQuoteSchema = z.object({ quote: quoteSchema });
export const adminVehicleResponseSchema = z.object({ vehicle: adminVehicleSchema });
export const adminRateCardSchema = z.object({ id: z.string(), vehicleTypeId: z.string(), perMileUsd: usd, perMinuteUsd: usd, active: z.boolean() });
export type AdminRateCard = z.infer<typeof adminRateCardSchema>;
export const adminTierSchema = z.object({ id: z.string(), vehicleTypeId: z.string(), milesMin: z.number().nonnegative(), milesMax: z.number().nonnegative(), priceUsd: usd, active: z.boolean() });
export type AdminTier = z.infer<typeof adminTierSchema>;
export const rateCardResponseSchema = z.object({ rateCard: adminRateCardSchema });
export const tierResponseSchema = z.object({ tier: adminTierSchema });
/** GET /api/admin/pricing: the method customers are quoted with, and each vehicle's rate card and tiers. */
export const pricingOverviewSchema = z.object({
  method: z.enum(pricingMethodValues),
  vehicles: z.array(z.object({ vehicle: adminVehicleSchema, rateCard: adminRateCardSchema.nullable(), tiers: z.array(adminTierSchema) })),
});
export type PricingOverview = z.infer<typeof pricingOverviewSchema>;
/** POST /api/admin/pricing/publish. */
export const publishedPricingSchema = z.object({ method: z.enum(pricingMethodValues), message: z.string(), valetPublished: z.boolean().describe("The valet draft was published with it") });

/** The valet rate card as the admin API answers it. */
export const valetRatesAnswerSchema = z.object({
  eventBaseFeeUsd: usd,
  attendantHourlyUsd: usd,
  minimumHours: z.number().nonnegative(),
  vehiclesPerAttendant: z.number().int().positive(),
  minimumAttendants: z.number().int().nonnegative(),
  lateAfter: z.string().regex(/^\d{2}:\d{2}$/).describe("HH:MM"),
  lateHourlySurchargeUsd: usd,
  eventTypeSurchargesUsd: z.object(Object.fromEntries(VALET_EVENT_TYPES.map((t) => [t, usd])) as Record<(typeof VALET_EVENT_TYPES)[number], typeof usd>),
  defaultExpectedVehicles: z.number().int().nonnegative(),
});
/** GET/PUT /api/admin/pricing/valet: the draft the admin edits and the card quotes use now. */
export const adminValetRatesSchema = z.object({
  draft: valetRatesAnswerSchema,
  published: valetRatesAnswerSchema.nullable().describe("null until a card is first published"),
  unpublished: z.boolean().describe("The draft differs from the published card"),
});
export const simulatedValetQuoteSchema = z.object({ quote: valetQuoteSchema });
export type AdminValetRates = z.infer<typeof adminValetRatesSchema>;
