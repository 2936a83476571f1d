// The quote id: a signed, expiring token carrying the quote's inputs and its total, so a booking can be
// re-priced from trusted inputs without storing quotes. base64url(JSON claims) + "." + HMAC-SHA256.
// Ride and valet quote ids are signed under different keys derived from AUTH_SECRET (and carry different
// claims), so a valet quote id can never book a ride, nor a ride quote id a valet event.
// The claims are a JSON array in a fixed order (format 2): half the bytes of an object with named fields, so
// less to sign, send and read back on the busiest route. Format 1 (an object with v: 1) is still accepted, so
// a quote issued just before an upgrade can still be booked within its 15 minutes.
import crypto from "node:crypto";
import { z } from "zod";
import { pricingMethodValues } from "@meridian/shared/pricing";

export const quoteClaimsSchema = z.object({
  pickupPlaceId: z.string().min(1).max(500),
  dropoffPlaceId: z.string().min(1).max(500),
  vehicleTypeId: z.string(),
  passengers: z.number().int(),
  luggage: z.number().int(),
  date: z.string(),
  time: z.string(),
  method: z.enum(pricingMethodValues),
  totalUsd: z.number(),
  miles: z.number(),
  minutes: z.number(),
  /** Expiry, seconds since the epoch. */
  exp: z.number().int(),
  /** Format 3: the coupon code applied (null: none) and its discount; totalUsd is net of it. */
  couponCode: z.string().nullable(),
  discountUsd: z.number(),
  /** Format 4: the arriving flight of an airport pickup (null: none). */
  flightNumber: z.string().nullable(),
});
export type QuoteClaims = z.infer<typeof quoteClaimsSchema>;
/** The claims of a quote id without a coupon (formats 1 and 2, and any quote issued with no code). */
const NO_COUPON = { couponCode: null, discountUsd: 0 } as const;

/** The valet quote id's claims: the event as quoted, the total, and the expiry. */
export const valetQuoteClaimsSchema = z.object({
  customerName: z.string(),
  eventType: z.string(),
  eventTypeOther: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  eventPlaceId: z.string().min(1).max(500),
  expectedVehicles: z.number().int().nullable(),
  notes: z.string(),
  totalUsd: z.number(),
  exp: z.number().int(),
  /** Format 2: the coupon code applied (null: none) and its discount; totalUsd is net of it. */
  couponCode: z.string().nullable(),
  discountUsd: z.number(),
});
export type ValetQuoteClaims = z.infer<typeof valetQuoteClaimsSchema>;

export type Verified<C> = { ok: true; claims: C } | { ok: false; code: "invalid_quote" | "quote_expired" };
export type VerifiedQuote = Verified<QuoteClaims>;

/** A quote key's HMAC pads (RFC 2104): the key XOR 0x36 and XOR 0x5c, each one SHA-256 block. */
type Pads = { inner: Buffer; outer: Buffer };

/** The pads of a key for one kind of token only, derived from AUTH_SECRET (never the session secret itself). */
function makePads(secret: string, purpose: string): Pads {
  const key = crypto.createHmac("sha256", secret).update(purpose).digest(); // 32 bytes < one block
  const p = { inner: Buffer.alloc(64, 0x36), outer: Buffer.alloc(64 + 32, 0x5c) };
  for (let i = 0; i < key.length; i++) {
    p.inner[i]! ^= key[i]!;
    p.outer[i]! ^= key[i]!;
  }
  return p;
}

/**
 * HMAC-SHA256 of an ASCII payload: SHA-256(outer pad + SHA-256(inner pad + payload)), the same bytes as
 * crypto.createHmac (the test checks), from two one-shot hashes. Signing is a third of a quote's own work and
 * createHmac sets up a hash object each call, which costs more than the hashing here.
 */
function mac({ inner, outer }: Pads, payload: string): Buffer {
  const message = Buffer.allocUnsafe(64 + payload.length);
  inner.copy(message);
  message.write(payload, 64, "latin1");
  crypto.hash("sha256", message, "buffer").copy(outer, 64);
  return crypto.hash("sha256", outer, "buffer");
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Signs and verifies one kind of quote id: the claims as a JSON array [format, ...values in the schema's
 * order] (half the bytes of an object with named fields), under a key derived for `purpose`.
 * `legacy` reads an older payload shape into a claims object (or null).
 */
function tokenCodec<S extends z.ZodObject<{ exp: z.ZodNumber }>>(purpose: string, schema: S, format: number, legacy?: (parsed: unknown) => unknown) {
  type Claims = z.infer<S>;
  /** The claims' names in the order the array writes them after the leading format number. */
  const order = Object.keys(schema.shape) as (keyof Claims & string)[];
  const pads = new Map<string, Pads>();
  const padsFor = (secret: string) => {
    let p = pads.get(secret);
    if (!p) pads.set(secret, (p = makePads(secret, purpose)));
    return p;
  };

  function sign(secret: string, c: Claims): string {
    const values: unknown[] = [format];
    for (const name of order) values.push(c[name]);
    const payload = Buffer.from(JSON.stringify(values)).toString("base64url");
    return `${payload}.${mac(padsFor(secret), payload).toString("base64url")}`;
  }

  /** The claims object of a decoded payload: the array of this format, or whatever `legacy` reads. */
  function claimsOf(parsed: unknown): unknown {
    if (Array.isArray(parsed) && parsed[0] === format) {
      if (parsed.length !== order.length + 1) return null;
      return Object.fromEntries(order.map((name, i) => [name, parsed[i + 1]]));
    }
    return legacy ? legacy(parsed) : null;
  }

  function verify(secret: string, token: string, nowMs = Date.now()): Verified<Claims> {
    const dot = token.indexOf(".");
    if (dot <= 0 || dot !== token.lastIndexOf(".")) return { ok: false, code: "invalid_quote" };
    const payload = token.slice(0, dot);
    // Only base64url is signed: anything else could hash as the same bytes (mac() writes one byte per character)
    // yet decode to other claims.
    if (!BASE64URL.test(payload)) return { ok: false, code: "invalid_quote" };
    const given = Buffer.from(token.slice(dot + 1), "base64url");
    const expected = mac(padsFor(secret), payload);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, code: "invalid_quote" };
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    } catch {
      return { ok: false, code: "invalid_quote" };
    }
    const claims = schema.safeParse(claimsOf(parsed));
    if (!claims.success) return { ok: false, code: "invalid_quote" };
    const data = claims.data as Claims;
    if (data.exp * 1000 <= nowMs) return { ok: false, code: "quote_expired" };
    return { ok: true, claims: data };
  }

  return { sign, verify };
}

/** An older array format's claims: `names` in order after the format number, and no coupon (nor flight). */
function olderArray(parsed: unknown, format: number, names: readonly string[], missing: Record<string, unknown> = NO_COUPON): unknown {
  if (!Array.isArray(parsed) || parsed[0] !== format || parsed.length !== names.length + 1) return null;
  return { ...Object.fromEntries(names.map((name, i) => [name, parsed[i + 1]])), ...missing };
}

const couponClaims = new Set(["couponCode", "discountUsd"]);
const RIDE_FORMAT_3 = Object.keys(quoteClaimsSchema.shape).filter((name) => name !== "flightNumber");
const RIDE_FORMAT_2 = RIDE_FORMAT_3.filter((name) => !couponClaims.has(name));
const NO_FLIGHT = { flightNumber: null } as const;
const VALET_FORMAT_1 = Object.keys(valetQuoteClaimsSchema.shape).filter((name) => !couponClaims.has(name));

// Ride quote ids: format 4 (an array, with the coupon claims and then the flight at the end). Format 3 (without
// the flight), format 2 (without the coupon either) and format 1 (an object with v: 1) are still accepted, so a
// quote issued just before an upgrade can still be booked within its 15 minutes.
const rideTokens = tokenCodec("meridian/quote-token/v1", quoteClaimsSchema, 4, (parsed) => {
  if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) && (parsed as { v?: unknown }).v === 1) return { ...parsed, ...NO_COUPON, ...NO_FLIGHT };
  return olderArray(parsed, 3, RIDE_FORMAT_3, NO_FLIGHT) ?? olderArray(parsed, 2, RIDE_FORMAT_2, { ...NO_COUPON, ...NO_FLIGHT });
});
export const signQuoteToken: (secret: string, claims: QuoteClaims) => string = rideTokens.sign;
export const verifyQuoteToken: (secret: string, token: string, nowMs?: number) => VerifiedQuote = rideTokens.verify;

// Valet quote ids: format 2 (with the coupon claims at the end); format 1 (without them) is still accepted.
const valetTokens = tokenCodec("meridian/valet-quote-token/v1", valetQuoteClaimsSchema, 2, (parsed) => olderArray(parsed, 1, VALET_FORMAT_1));
export const signValetQuoteToken: (secret: string, claims: ValetQuoteClaims) => string = valetTokens.sign;
export const verifyValetQuoteToken: (secret: string, token: string, nowMs?: number) => Verified<ValetQuoteClaims> = valetTokens.verify;
