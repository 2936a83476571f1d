// Server-side ride quotes: places resolved from ids, the route from the geo provider, the live pricing
// method, capacity checked. The booking re-runs the same function, so estimate and booking always agree.
import {
  INVALID_ADDRESS_MESSAGE,
  QUOTE_TTL_SECONDS,
  ROUTE_FAILED_TITLE,
  SAME_ADDRESS_MESSAGE,
  VEHICLE_UNAVAILABLE_MESSAGE,
  serviceAreaDateTime,
  type QuoteInput,
  type QuoteResponse,
} from "@meridian/shared/booking";
import { capacityProblems } from "@meridian/shared/capacity";
import { priceRide, type Quote } from "@meridian/shared/pricing";
import { GeoError, type GeoService, type Place, type Route } from "../geo/geo.service";
import type { Deps } from "../lib/context";
import { badRequest, HttpError } from "../lib/errors";
import { pricingSnapshot } from "./pricing-data";
import { signQuoteToken } from "./quote-token";

export type PricedQuote = { input: QuoteInput; quote: Quote; pickup: Place; dropoff: Place };

const ROUTE_MEMO_MS = 10 * 60_000;
const routeMemo = new WeakMap<GeoService, Map<string, { route: Route; until: number }>>();

/** The provider's route for a pickup, dropoff and departure minute, remembered for a few minutes (a repeated quote costs no lookup). */
async function memoRoute(geo: GeoService, pickup: Place, dropoff: Place, date: string, time: string): Promise<Route> {
  let memo = routeMemo.get(geo);
  if (!memo) routeMemo.set(geo, (memo = new Map()));
  const key = `${pickup.placeId}|${dropoff.placeId}|${date}T${time}`;
  const now = Date.now();
  const hit = memo.get(key);
  if (hit && hit.until > now) return hit.route;
  const route = await geo.route(pickup, dropoff, serviceAreaDateTime(date, time));
  if (memo.size >= 5000) memo.clear();
  memo.set(key, { route, until: now + ROUTE_MEMO_MS });
  return route;
}

/** Prices a ride from trusted inputs; every problem a customer can cause is a 4xx HttpError. */
export async function priceQuote(deps: Pick<Deps, "database" | "geo">, input: QuoteInput, opts: { maxPricingAgeMs?: number } = {}): Promise<PricedQuote> {
  const [pickup, dropoff] = await Promise.all([deps.geo.place(input.pickupPlaceId), deps.geo.place(input.dropoffPlaceId)]);
  if (!pickup || !dropoff) {
    const fields: Record<string, string> = {};
    if (!pickup) fields.pickupPlaceId = INVALID_ADDRESS_MESSAGE;
    if (!dropoff) fields.dropoffPlaceId = INVALID_ADDRESS_MESSAGE;
    throw badRequest(INVALID_ADDRESS_MESSAGE, fields);
  }
  if (pickup.placeId === dropoff.placeId || (pickup.lat === dropoff.lat && pickup.lng === dropoff.lng)) {
    throw badRequest(SAME_ADDRESS_MESSAGE, { dropoffPlaceId: SAME_ADDRESS_MESSAGE }, "same_address");
  }

  const pricing = await pricingSnapshot(deps.database.db, { maxAgeMs: opts.maxPricingAgeMs });
  const data = pricing.byId.get(input.vehicleTypeId);
  if (!data) throw badRequest(VEHICLE_UNAVAILABLE_MESSAGE, { vehicleTypeId: VEHICLE_UNAVAILABLE_MESSAGE }, "vehicle_unavailable");
  const problems = capacityProblems(data.vehicle, input.passengers, input.luggage);
  if (problems.length) {
    const fields: Record<string, string> = {};
    if (input.passengers > data.vehicle.passengerCapacity) fields.passengers = problems[0]!;
    if (input.luggage > data.vehicle.luggageCapacity) fields.luggage = problems[problems.length - 1]!;
    throw new HttpError(422, "capacity", problems.join(" "), fields);
  }

  let route;
  try {
    route = await memoRoute(deps.geo, pickup, dropoff, input.date, input.time);
  } catch (err) {
    if (err instanceof GeoError) throw new HttpError(422, "route_failed", ROUTE_FAILED_TITLE);
    throw err;
  }

  const priced = priceRide({ method: pricing.method, vehicle: data.vehicle, rateCard: data.rateCard, tiers: data.tiers, miles: route.miles, minutes: route.minutes });
  if (!priced.ok) throw new HttpError(422, priced.code === "invalid_route" ? "route_failed" : priced.code, priced.code === "invalid_route" ? ROUTE_FAILED_TITLE : priced.message);
  return { input, quote: priced.quote, pickup, dropoff };
}

/** The answer to POST /api/quotes: the quote plus its signed, expiring id. */
export function issueQuote(secret: string, priced: PricedQuote, nowMs = Date.now()): QuoteResponse {
  const exp = Math.floor(nowMs / 1000) + QUOTE_TTL_SECONDS;
  const { input, quote } = priced;
  const quoteId = signQuoteToken(secret, {
    v: 1,
    pickupPlaceId: input.pickupPlaceId,
    dropoffPlaceId: input.dropoffPlaceId,
    vehicleTypeId: input.vehicleTypeId,
    passengers: input.passengers,
    luggage: input.luggage,
    date: input.date,
    time: input.time,
    method: quote.method,
    totalUsd: quote.totalUsd,
    miles: quote.miles,
    minutes: quote.minutes,
    exp,
  });
  return { quoteId, expiresAt: new Date(exp * 1000).toISOString(), quote, pickup: priced.pickup, dropoff: priced.dropoff };
}

const placeJsonCache = new WeakMap<object, string>();

/** A place's JSON, serialised once per place object (places come from caches and are never mutated). */
function placeJson(place: object): string {
  let json = placeJsonCache.get(place);
  if (json === undefined) placeJsonCache.set(place, (json = JSON.stringify(place)));
  return json;
}

/** JSON.stringify(response), with the two places (most of the bytes) serialised once per place. */
export function quoteResponseJson(response: QuoteResponse): string {
  const { quoteId, expiresAt, quote, pickup, dropoff } = response;
  return `{"quoteId":${JSON.stringify(quoteId)},"expiresAt":${JSON.stringify(expiresAt)},"quote":${JSON.stringify(quote)},"pickup":${placeJson(pickup)},"dropoff":${placeJson(dropoff)}}`;
}
