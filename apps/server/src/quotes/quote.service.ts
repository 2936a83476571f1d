// Server-side ride quotes: places resolved from ids, the route from the geo provider, the live pricing
// method, capacity checked. The booking re-runs the same function, so estimate and booking always agree.
import { requireFeature } from "../settings/public-settings";
import {
  INVALID_ADDRESS_MESSAGE,
  QUOTE_TTL_SECONDS,
  ROUTE_FAILED_TITLE,
  SAME_ADDRESS_MESSAGE,
  VEHICLE_UNAVAILABLE_MESSAGE,
  serviceAreaDateTime,
  type QuoteFlight,
  type QuoteInput,
  type QuotePlaceSummary,
  type QuoteResponse,
} from "@meridian/shared/booking";
import {
  DEFAULT_ARRIVAL_BUFFER_MINUTES,
  FLIGHT_NEEDS_AIRPORT_MESSAGE,
  airportCodeOf,
  flightCancelledMessage,
  flightNotFoundMessage,
  flightWrongAirportMessage,
  roundUpToQuarter,
  type FlightStatus,
} from "@meridian/shared/flights";
import { addDays, wallClock, zonedInstant } from "@meridian/shared/zoned-time";
import { FlightError } from "../lib/flight-provider";
import { bookingTimeProblem, type BookingKind } from "@meridian/shared/booking-time";
import { capacityProblems } from "@meridian/shared/capacity";
import type { OperationsSettings } from "@meridian/shared/rides";
import { carFreeIslandAt, unreachableByCarMessage } from "@meridian/shared/places";
import { outsideServiceArea, type ServiceArea } from "@meridian/shared/service-area";
import type { QuoteCouponRefusal } from "@meridian/shared/coupons";
import { priceRide, type Quote } from "@meridian/shared/pricing";
import { couponByCode, couponClaims, couponOnQuote, type QuotableCoupon } from "../coupons";
import { GeoError, type GeoService, type Place, type Route } from "../geo/geo.service";
import type { Deps } from "../lib/context";
import type { RideToSell } from "../lib/availability-port";
import { badRequest, HttpError } from "../lib/errors";
import { TtlCache } from "../lib/ttl-cache";
import { cachedOperationsSettings } from "../settings/settings.service";
import { getSettings } from "../settings/store";
import { pricingSnapshot, type PricedVehicleData, type PricingSnapshot } from "./pricing-data";
import { signQuoteToken } from "./quote-token";

export type PricedQuote = {
  input: QuoteInput;
  /** With the coupon line when a code applied. */
  quote: Quote;
  pickup: Place;
  dropoff: Place;
  /** The code applied and its discount (signed into the quote id). */
  applied?: { code: string; discountCents: number };
  /** The code given that could not be applied, and why (answered with the quote). */
  refused?: QuoteCouponRefusal;
  /** An airport pickup's flight (input.flightNumber): its status, and as the answer shows it. */
  flight?: { status: FlightStatus; view: QuoteFlight };
};

export const FLIGHT_UNAVAILABLE_MESSAGE = "We could not check your flight just now. Please try again in a moment.";

/**
 * The flight of an airport pickup, looked up for the ride's date: unknown, cancelled or landing elsewhere is a
 * 422 on the flightNumber field; a pickup that is not an airport, a 400. The answer suggests a pickup: the landing
 * plus time for bags, on the next quarter hour.
 */
async function flightFor(deps: Pick<Deps, "flights">, input: QuoteInput, pickup: Place, timeZone: string): Promise<PricedQuote["flight"]> {
  const flightNumber = input.flightNumber;
  if (!flightNumber) return undefined;
  if (pickup.precision !== "airport") throw badRequest(FLIGHT_NEEDS_AIRPORT_MESSAGE, { flightNumber: FLIGHT_NEEDS_AIRPORT_MESSAGE });
  const airport = airportCodeOf(pickup);
  let status: FlightStatus | null;
  try {
    status = await deps.flights.status({ flightNumber, date: input.date, arrivalAirport: airport });
  } catch (err) {
    if (err instanceof FlightError) throw new HttpError(502, "flight_unavailable", FLIGHT_UNAVAILABLE_MESSAGE);
    throw err;
  }
  const refuse = (code: string, message: string) => new HttpError(422, code, message, { flightNumber: message });
  if (!status) throw refuse("flight_not_found", flightNotFoundMessage(flightNumber, input.date));
  if (status.phase === "cancelled") throw refuse("flight_cancelled", flightCancelledMessage(flightNumber));
  if (airport && status.destination && status.destination !== airport) throw refuse("flight_wrong_airport", flightWrongAirportMessage(flightNumber, airport));
  const landing = wallClock(new Date(status.scheduledArrival), timeZone);
  const [h, m] = landing.time.split(":").map(Number);
  const suggested = roundUpToQuarter(h! * 60 + m! + DEFAULT_ARRIVAL_BUFFER_MINUTES);
  const suggestedDate = suggested >= 24 * 60 ? addDays(landing.date, 1) : landing.date;
  const mins = suggested % (24 * 60);
  const view: QuoteFlight = {
    flightNumber,
    airlineName: status.airlineName,
    origin: status.origin,
    phase: status.phase,
    scheduledArrival: status.scheduledArrival,
    scheduledDate: landing.date,
    scheduledTime: landing.time,
    estimatedArrival: status.estimatedArrival,
    delayMinutes: status.delayMinutes,
    terminal: status.terminal,
    suggestedDate,
    suggestedTime: `${String(Math.floor(mins / 60)).padStart(2, "0")}:${String(mins % 60).padStart(2, "0")}`,
  };
  return { status, view };
}

/** Routes per maps service, pickup, dropoff and departure minute: a repeated quote costs no lookup. */
const routes = new TtlCache<Route>({ ttlMs: 10 * 60_000, maxEntries: 5000 });

/** The provider's route, remembered for a few minutes; customer-facing failures are a 422. */
function routeFor(geo: GeoService, pickup: Place, dropoff: Place, input: QuoteInput): Promise<Route> {
  return routes.load(geo, `${pickup.placeId}|${dropoff.placeId}|${input.date}T${input.time}`, async () => {
    try {
      return await geo.route(pickup, dropoff, serviceAreaDateTime(input.date, input.time));
    } catch (err) {
      // An outage (provider_error) is not the customer's doing: it goes up as a 502 (lib/error-reply.ts).
      if (err instanceof GeoError && err.code !== "provider_error") throw new HttpError(422, "route_failed", ROUTE_FAILED_TITLE);
      throw err;
    }
  });
}

/** How old the operations settings a quote checks its time against may be (a booking's re-price: 0.5 s). */
const QUOTE_SETTINGS_MAX_AGE_MS = 5_000;

/**
 * A 400 with a field message (the reason and the earliest bookable time) for a date and time that cannot be booked
 * now: past, sooner than the notice, off the quarter hour. Used by the ride and valet quotes, so by the booking
 * (which re-prices its quote) and the reschedule (which needs a quote for the new time) too.
 */
export function refuseUnbookableTime(kind: BookingKind, date: string, time: string, settings: OperationsSettings, fields = { date: "date", time: "time" }) {
  const problem = bookingTimeProblem(kind, date, time, settings);
  if (problem) throw badRequest(problem.message, { [fields[problem.field]]: problem.message });
}

/** Places no car can reach (Santa Catalina and the other islands) are refused with the reason, never driven to across the sea. */
export function refuseIslands(places: Record<string, { lat: number; lng: number }>): void {
  const fields: Record<string, string> = {};
  for (const [field, p] of Object.entries(places)) {
    const island = carFreeIslandAt(p.lat, p.lng);
    if (island) fields[field] = unreachableByCarMessage(island);
  }
  const first = Object.values(fields)[0];
  if (first) throw new HttpError(422, "unreachable_by_car", first, fields);
}

// The service area's answer per area, kind of place and place: the area comes from the settings' cache and places from
// the maps service's, both never mutated (a new area is a new object), and quotes ask about the same places all day.
const areaAnswers = new WeakMap<ServiceArea, Record<"pickups" | "events", WeakMap<Place, string | null>>>();

/** A pickup (or a valet event) outside the service area of Settings → Maps: 422 outside_service_area with the sentence. */
export function refuseOutsideServiceArea(field: string, place: Place, area: ServiceArea, what: "pickups" | "events"): void {
  let answers = areaAnswers.get(area);
  if (!answers) areaAnswers.set(area, (answers = { pickups: new WeakMap(), events: new WeakMap() }));
  let problem = answers[what].get(place);
  if (problem === undefined) answers[what].set(place, (problem = outsideServiceArea(place, area, what)));
  if (problem) throw new HttpError(422, "outside_service_area", problem, { [field]: problem });
}

type Trip = { pickup: Place; dropoff: Place; data: PricedVehicleData };

/** The places, vehicle and capacity checks; every problem a customer can cause is a 4xx HttpError. */
function checkTrip(input: QuoteInput, pickup: Place | null, dropoff: Place | null, pricing: PricingSnapshot, area: ServiceArea): Trip {
  if (!pickup || !dropoff) {
    const fields: Record<string, string> = {};
    if (!pickup) fields.pickupPlaceId = INVALID_ADDRESS_MESSAGE;
    if (!dropoff) fields.dropoffPlaceId = INVALID_ADDRESS_MESSAGE;
    throw badRequest(INVALID_ADDRESS_MESSAGE, fields);
  }
  refuseIslands({ pickupPlaceId: pickup, dropoffPlaceId: dropoff });
  refuseOutsideServiceArea("pickupPlaceId", pickup, area, "pickups");
  if (pickup.placeId === dropoff.placeId || (pickup.lat === dropoff.lat && pickup.lng === dropoff.lng)) {
    throw badRequest(SAME_ADDRESS_MESSAGE, { dropoffPlaceId: SAME_ADDRESS_MESSAGE }, "same_address");
  }
  const data = pricing.byId.get(input.vehicleTypeId);
  if (!data) throw badRequest(VEHICLE_UNAVAILABLE_MESSAGE, { vehicleTypeId: VEHICLE_UNAVAILABLE_MESSAGE }, "vehicle_unavailable");
  const problems = capacityProblems(data.vehicle, input.passengers, input.luggage);
  if (problems.length) {
    const fields: Record<string, string> = {};
    if (input.passengers > data.vehicle.passengerCapacity) fields.passengers = problems[0]!;
    if (input.luggage > data.vehicle.luggageCapacity) fields.luggage = problems[problems.length - 1]!;
    throw new HttpError(422, "capacity", problems.join(" "), fields);
  }
  return { pickup, dropoff, data };
}

// Priced quotes per vehicle (of one pricing snapshot), method and route: a quote that differs only in party
// size, date or time from an earlier one (the booking form asks again on every change) is not priced twice.
// Keyed by the snapshot's own objects, so a pricing change (a new snapshot) starts afresh.
const priceMemo = new WeakMap<PricedVehicleData, Map<string, Quote>>();

function priceFor(method: PricingSnapshot["method"], data: PricedVehicleData, route: Route): Quote {
  const key = `${method}|${route.miles}|${route.minutes}`;
  let memo = priceMemo.get(data);
  const hit = memo?.get(key);
  if (hit) return hit;
  const priced = priceRide({ method, vehicle: data.vehicle, rateCard: data.rateCard, tiers: data.tiers, miles: route.miles, minutes: route.minutes });
  if (!priced.ok) throw new HttpError(422, priced.code === "invalid_route" ? "route_failed" : priced.code, priced.code === "invalid_route" ? ROUTE_FAILED_TITLE : priced.message);
  if (!memo) priceMemo.set(data, (memo = new Map()));
  if (memo.size >= 1000) memo.clear();
  for (const line of priced.quote.lines) Object.freeze(line);
  Object.freeze(priced.quote.lines);
  memo.set(key, Object.freeze(priced.quote)); // shared by every quote of this trip: never mutated
  return priced.quote;
}

function finishQuote(input: QuoteInput, method: PricingSnapshot["method"], { pickup, dropoff, data }: Trip, route: Route, coupon: QuotableCoupon | null): PricedQuote {
  const { quote, applied, refused } = couponOnQuote(priceFor(method, data, route), "ride", input.couponCode, coupon);
  return { input, quote, pickup, dropoff, ...(applied ? { applied } : {}), ...(refused ? { refused } : {}) };
}

/**
 * Prices a ride from trusted inputs, with its coupon code applied or refused; every problem a customer can
 * cause is a 4xx HttpError. `maxPricingAgeMs` bounds the age of the pricing and coupon data (a booking's re-price).
 */
export async function priceQuote(deps: Pick<Deps, "database" | "geo" | "flights" | "availability">, input: QuoteInput, opts: { maxPricingAgeMs?: number; checkAvailability?: boolean } = {}): Promise<PricedQuote> {
  if (input.couponCode) await requireFeature(deps.database.db, "coupons");
  const settings = await cachedOperationsSettings(deps.database.db, opts.maxPricingAgeMs ?? QUOTE_SETTINGS_MAX_AGE_MS);
  refuseUnbookableTime("ride", input.date, input.time, settings);
  const [pickup, dropoff, coupon] = await Promise.all([
    deps.geo.place(input.pickupPlaceId),
    deps.geo.place(input.dropoffPlaceId),
    ...(input.couponCode ? [couponByCode(deps.database.db, input.couponCode, { maxAgeMs: opts.maxPricingAgeMs })] : []),
  ]);
  const [pricing, maps] = await Promise.all([pricingSnapshot(deps.database.db, { maxAgeMs: opts.maxPricingAgeMs }), getSettings(deps.database.db, "maps")]);
  const trip = checkTrip(input, pickup, dropoff, pricing, maps.serviceArea);
  // Most rides have no flight to look up: then the route alone is awaited (no promises made for nothing on the busiest route).
  const [route, flight] = input.flightNumber
    ? await Promise.all([routeFor(deps.geo, trip.pickup, trip.dropoff, input), flightFor(deps, input, trip.pickup, settings.timeZone)])
    : [await routeFor(deps.geo, trip.pickup, trip.dropoff, input), undefined];
  const priced = finishQuote(input, pricing.method, trip, route, coupon ?? null);
  // A booking or a reschedule checks under its lock instead (bookings.service.ts, reschedule.service.ts).
  if (opts.checkAvailability !== false) await deps.availability.refuse(deps.database.db, rideToSell(input, priced.quote, settings.timeZone));
  return flight ? { ...priced, flight } : priced;
}

/** The ride a quote sells, for the availability rule: its pickup instant, quoted minutes and vehicle type. */
export function rideToSell(input: Pick<QuoteInput, "date" | "time" | "vehicleTypeId">, quote: Pick<Quote, "minutes">, timeZone: string): RideToSell {
  return { pickupAt: zonedInstant(input.date, input.time, timeZone), minutes: quote.minutes, vehicleTypeId: input.vehicleTypeId };
}

/**
 * POST /api/quotes' handler, called by the Hono route and the node:http pre-dispatch alike (decision 021): the
 * priced quote's answer as JSON, counted in the metrics and the daily quote counts.
 */
export async function answerQuote(deps: Pick<Deps, "database" | "geo" | "flights" | "availability" | "config" | "metrics" | "quoteCounts">, input: QuoteInput): Promise<string> {
  const priced = await priceQuote(deps, input);
  const json = quoteResponseJson(issueQuote(deps.config.authSecret, priced));
  deps.metrics.quotesIssued.inc();
  deps.quoteCounts.count("ride", priced.applied !== undefined);
  return json;
}

/** The answer to POST /api/quotes: the quote plus its signed, expiring id. */
export function issueQuote(secret: string, priced: PricedQuote, nowMs = Date.now()): QuoteResponse {
  const exp = Math.floor(nowMs / 1000) + QUOTE_TTL_SECONDS;
  const { input, quote } = priced;
  const quoteId = signQuoteToken(secret, {
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
    ...couponClaims(priced.applied),
    flightNumber: priced.flight ? input.flightNumber! : null,
  });
  const response: QuoteResponse = { quoteId, expiresAt: expiryIso(exp), quote, pickup: summaryOf(priced.pickup), dropoff: summaryOf(priced.dropoff) };
  if (priced.refused) response.coupon = priced.refused;
  if (priced.flight) response.flight = priced.flight.view;
  return response;
}

const summaries = new WeakMap<Place, QuotePlaceSummary>();
/** A place's summary for quote answers, made once per place object (places come from caches, never mutated). */
function summaryOf(place: Place): QuotePlaceSummary {
  let summary = summaries.get(place);
  if (!summary) summaries.set(place, (summary = Object.freeze({ placeId: place.placeId, name: place.name, address: place.address })));
  return summary;
}

let lastExpiry = { exp: 0, iso: "" };
/** The ISO time of an expiry in seconds (the same for every quote issued within one second). */
function expiryIso(exp: number): string {
  if (lastExpiry.exp !== exp) lastExpiry = { exp, iso: new Date(exp * 1000).toISOString() };
  return lastExpiry.iso;
}

/** JSON with every non-ASCII character escaped (\u00d7 for "×"): the same value, and one byte per character. */
const asciiJson = (value: unknown) => JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

const jsonCache = new WeakMap<object, string>();

/** A place summary's or a quote's JSON, serialised once per object (both come from caches and are never mutated). */
function cachedJson(value: object): string {
  let json = jsonCache.get(value);
  if (json === undefined) jsonCache.set(value, (json = asciiJson(value)));
  return json;
}

/**
 * JSON.stringify(response) in plain ASCII (so the server can send it as is: its length is its byte count),
 * with the quote and the two place summaries (most of the bytes) serialised once per object.
 */
export function quoteResponseJson(response: QuoteResponse): string {
  const { quoteId, expiresAt, quote, pickup, dropoff, coupon, flight } = response;
  // The quote id (base64url and ".") and the ISO time need no escaping.
  const refused = coupon ? `,"coupon":${asciiJson(coupon)}` : "";
  const flew = flight ? `,"flight":${asciiJson(flight)}` : "";
  return `{"quoteId":"${quoteId}","expiresAt":"${expiresAt}","quote":${cachedJson(quote)},"pickup":${cachedJson(pickup)},"dropoff":${cachedJson(dropoff)}${refused}${flew}}`;
}
