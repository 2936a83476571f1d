// The quote id: a signed, expiring token carrying the quote's inputs and its total, so a booking can be
// re-priced from trusted inputs without storing quotes. base64url(JSON claims tuple) + "." + HMAC-SHA256.
// Ride and valet quote ids are signed under different keys derived from AUTH_SECRET (and carry different
// claims), so a valet quote id can never book a ride, nor a ride quote id a valet event.
// The claims are a JSON array: the format number, then the claims in the order written out below (half the
// bytes of an object with named fields). Only the current format verifies: a quote lives 15 minutes, so a
// deploy that changes the format invalidates the quotes issued in the 15 minutes before it
// (docs/decisions/021-one-quote-path.md).
import crypto from "node:crypto";
import { z } from "zod";
import { pricingMethodValues } from "@meridian/shared/pricing";

/** What every quote id carries besides what was quoted: the total, the coupon and its discount, the expiry. */
const pricedClaimsSchema = z.object({
  /** Net of the coupon's discount. */
  totalUsd: z.number(),
  /** Expiry, seconds since the epoch. */
  exp: z.number().int(),
  /** The coupon code applied (null: none) and its discount. */
  couponCode: z.string().nullable(),
  discountUsd: z.number(),
});

/** The ride quote id's claims: the trip as quoted, how it was priced, the total, and the expiry. */
export const quoteClaimsSchema = pricedClaimsSchema.extend({
  pickupPlaceId: z.string().min(1).max(500),
  dropoffPlaceId: z.string().min(1).max(500),
  vehicleTypeId: z.string(),
  passengers: z.number().int(),
  luggage: z.number().int(),
  date: z.string(),
  time: z.string(),
  method: z.enum(pricingMethodValues),
  miles: z.number(),
  minutes: z.number(),
  /** The arriving flight of an airport pickup (null: none). */
  flightNumber: z.string().nullable(),
});
export type QuoteClaims = z.infer<typeof quoteClaimsSchema>;
/** The valet quote id's claims: the event as quoted, the total, and the expiry. */
export const valetQuoteClaimsSchema = pricedClaimsSchema.extend({
  customerName: z.string(),
  eventType: z.string(),
  eventTypeOther: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  eventPlaceId: z.string().min(1).max(500),
  expectedVehicles: z.number().int().nullable(),
  notes: z.string(),
});
export type ValetQuoteClaims = z.infer<typeof valetQuoteClaimsSchema>;

export type Verified<C> = { ok: true; claims: C } | { ok: false; code: "invalid_quote" | "quote_expired" };
export type VerifiedQuote = Verified<QuoteClaims>;

/** Every claim of C, each once: the order a token's tuple writes them in after its format number. */
type ClaimOrder<C> = readonly (keyof C & string)[];
type Exhaustive<C, K extends ClaimOrder<C>> = Exclude<keyof C, K[number]> extends never ? K : never;

/** The ride quote id's tuple: [RIDE_FORMAT, ...these claims, in this order]. */
const RIDE_FORMAT = 4;
const RIDE_CLAIMS = [
  "pickupPlaceId",
  "dropoffPlaceId",
  "vehicleTypeId",
  "passengers",
  "luggage",
  "date",
  "time",
  "method",
  "totalUsd",
  "miles",
  "minutes",
  "exp",
  "couponCode",
  "discountUsd",
  "flightNumber",
] as const;
const rideOrder: Exhaustive<QuoteClaims, typeof RIDE_CLAIMS> = RIDE_CLAIMS;

/** The valet quote id's tuple: [VALET_FORMAT, ...these claims, in this order]. */
const VALET_FORMAT = 2;
const VALET_CLAIMS = [
  "customerName",
  "eventType",
  "eventTypeOther",
  "date",
  "startTime",
  "endTime",
  "eventPlaceId",
  "expectedVehicles",
  "notes",
  "totalUsd",
  "exp",
  "couponCode",
  "discountUsd",
] as const;
const valetOrder: Exhaustive<ValetQuoteClaims, typeof VALET_CLAIMS> = VALET_CLAIMS;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Signs and verifies one kind of quote id: the claims tuple [format, ...claims in `order`], HMAC-SHA256 under a key derived for `purpose`. */
function tokenCodec<C extends z.infer<typeof pricedClaimsSchema>>(purpose: string, schema: z.ZodType<C>, format: number, order: ClaimOrder<C>) {
  const keys = new Map<string, Buffer>();
  /** The key for this kind of token only, derived from AUTH_SECRET (never the session secret itself). */
  const keyFor = (secret: string) => {
    let key = keys.get(secret);
    if (!key) keys.set(secret, (key = crypto.createHmac("sha256", secret).update(purpose).digest()));
    return key;
  };
  const hmac = (secret: string, payload: string) => crypto.createHmac("sha256", keyFor(secret)).update(payload);

  function sign(secret: string, c: C): string {
    const tuple: unknown[] = [format];
    for (const name of order) tuple.push(c[name]);
    const payload = Buffer.from(JSON.stringify(tuple)).toString("base64url");
    return `${payload}.${hmac(secret, payload).digest("base64url")}`;
  }

  function verify(secret: string, token: string, nowMs = Date.now()): Verified<C> {
    const dot = token.indexOf(".");
    if (dot <= 0 || dot !== token.lastIndexOf(".")) return { ok: false, code: "invalid_quote" };
    const payload = token.slice(0, dot);
    // Only base64url is signed: anything else could decode to the same claims under another signature.
    if (!BASE64URL.test(payload)) return { ok: false, code: "invalid_quote" };
    const given = Buffer.from(token.slice(dot + 1), "base64url");
    const expected = hmac(secret, payload).digest();
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, code: "invalid_quote" };
    let tuple: unknown;
    try {
      tuple = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    } catch {
      return { ok: false, code: "invalid_quote" };
    }
    if (!Array.isArray(tuple) || tuple[0] !== format || tuple.length !== order.length + 1) return { ok: false, code: "invalid_quote" };
    const claims = schema.safeParse(Object.fromEntries(order.map((name, i) => [name, tuple[i + 1]])));
    if (!claims.success) return { ok: false, code: "invalid_quote" };
    if (claims.data.exp * 1000 <= nowMs) return { ok: false, code: "quote_expired" };
    return { ok: true, claims: claims.data };
  }

  return { sign, verify };
}

const rideTokens = tokenCodec<QuoteClaims>("meridian/quote-token/v1", quoteClaimsSchema, RIDE_FORMAT, rideOrder);
export const signQuoteToken: (secret: string, claims: QuoteClaims) => string = rideTokens.sign;
export const verifyQuoteToken: (secret: string, token: string, nowMs?: number) => VerifiedQuote = rideTokens.verify;

const valetTokens = tokenCodec<ValetQuoteClaims>("meridian/valet-quote-token/v1", valetQuoteClaimsSchema, VALET_FORMAT, valetOrder);
export const signValetQuoteToken: (secret: string, claims: ValetQuoteClaims) => string = valetTokens.sign;
export const verifyValetQuoteToken: (secret: string, token: string, nowMs?: number) => Verified<ValetQuoteClaims> = valetTokens.verify;
