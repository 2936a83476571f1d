// Server-side valet quotes: the event address resolved from its place id, the published valet rate card,
// and the shared priceValet. The booking re-runs the same function, so quote and booking always agree.
import { requireFeature } from "../settings/public-settings";
import { cachedOperationsSettings } from "../settings/settings.service";
import { INVALID_ADDRESS_MESSAGE, QUOTE_TTL_SECONDS, type QuotePlace } from "@meridian/shared/booking";
import type { QuoteCouponRefusal } from "@meridian/shared/coupons";
import { VALET_MESSAGES, type ValetQuoteValues } from "@meridian/shared/valet";
import { priceValet, type ValetQuote, type ValetQuoteResponse } from "@meridian/shared/valet-pricing";
import { couponByCode, couponClaims, couponOnQuote } from "../coupons";
import type { Deps } from "../lib/context";
import { badRequest, HttpError } from "../lib/errors";
import { pricingSnapshot } from "./pricing-data";
import { refuseIslands, refuseOutsideServiceArea, refuseUnbookableTime } from "./quote.service";
import { getSettings } from "../settings/store";
import { signValetQuoteToken, type ValetQuoteClaims } from "./quote-token";

export const VALET_UNAVAILABLE_MESSAGE = "Event valet cannot be quoted online yet. Please contact our concierge.";

export type PricedValetQuote = {
  input: ValetQuoteValues;
  /** With the coupon line when a code applied. */
  quote: ValetQuote;
  place: QuotePlace;
  /** The code applied and its discount (signed into the quote id). */
  applied?: { code: string; discountCents: number };
  /** The code given that could not be applied, and why (answered with the quote). */
  refused?: QuoteCouponRefusal;
};

/** Prices an event from trusted inputs, with its coupon code applied or refused; every problem a customer can cause is a 4xx HttpError. */
export async function priceValetQuote(
  deps: Pick<Deps, "database" | "geo">,
  input: ValetQuoteValues,
  opts: { maxPricingAgeMs?: number } = {},
): Promise<PricedValetQuote> {
  if (input.couponCode) await requireFeature(deps.database.db, "coupons");
  const settings = await cachedOperationsSettings(deps.database.db, opts.maxPricingAgeMs ?? 5_000);
  refuseUnbookableTime("valet", input.date, input.startTime, settings, { date: "date", time: "startTime" });
  const [place, pricing, coupon] = await Promise.all([
    deps.geo.place(input.eventPlaceId),
    pricingSnapshot(deps.database.db, { maxAgeMs: opts.maxPricingAgeMs }),
    input.couponCode ? couponByCode(deps.database.db, input.couponCode, { maxAgeMs: opts.maxPricingAgeMs }) : null,
  ]);
  if (!place) throw badRequest(INVALID_ADDRESS_MESSAGE, { eventPlaceId: INVALID_ADDRESS_MESSAGE });
  refuseIslands({ eventPlaceId: place });
  refuseOutsideServiceArea("eventPlaceId", place, (await getSettings(deps.database.db, "maps")).serviceArea, "events");
  if (!pricing.valetRates) throw new HttpError(422, "valet_unavailable", VALET_UNAVAILABLE_MESSAGE);
  const priced = priceValet(pricing.valetRates, input);
  // The input schema already refuses these times; kept so the rule holds for any caller.
  if (!priced.ok) throw badRequest(VALET_MESSAGES.endAfterStart, { endTime: VALET_MESSAGES.endAfterStart });
  const { quote, applied, refused } = couponOnQuote(priced.quote, "valet", input.couponCode, coupon);
  return { input, quote, place, ...(applied ? { applied } : {}), ...(refused ? { refused } : {}) };
}

/** The answer to POST /api/valet/quotes: the quote plus its signed, expiring valet quote id. */
export function issueValetQuote(secret: string, priced: PricedValetQuote, nowMs = Date.now()): ValetQuoteResponse {
  const exp = Math.floor(nowMs / 1000) + QUOTE_TTL_SECONDS;
  const { input, quote, place } = priced;
  const claims: ValetQuoteClaims = {
    customerName: input.customerName,
    eventType: input.eventType,
    eventTypeOther: input.eventTypeOther,
    date: input.date,
    startTime: input.startTime,
    endTime: input.endTime,
    eventPlaceId: input.eventPlaceId,
    expectedVehicles: input.expectedVehicles,
    notes: input.notes,
    totalUsd: quote.totalUsd,
    exp,
    ...couponClaims(priced.applied),
  };
  return {
    quoteId: signValetQuoteToken(secret, claims),
    expiresAt: new Date(exp * 1000).toISOString(),
    quote,
    eventPlace: { placeId: place.placeId, name: place.name, address: place.address },
    ...(priced.refused ? { coupon: priced.refused } : {}),
  };
}
