// The quote id: a signed, expiring token carrying the quote's inputs and its total, so a booking can be
// re-priced from trusted inputs without storing quotes. base64url(JSON claims) + "." + HMAC-SHA256.
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
});
export type QuoteClaims = z.infer<typeof quoteClaimsSchema>;

/** The claims' names in the order format 2 writes them after the leading 2. */
const ORDER = Object.keys(quoteClaimsSchema.shape) as (keyof QuoteClaims)[];
const FORMAT = 2;

export type VerifiedQuote = { ok: true; claims: QuoteClaims } | { ok: false; code: "invalid_quote" | "quote_expired" };

/** A quote key's HMAC pads (RFC 2104): the key XOR 0x36 and XOR 0x5c, each one SHA-256 block. */
type Pads = { inner: Buffer; outer: Buffer };
const pads = new Map<string, Pads>();

/** The pads of a key for quote tokens only, derived from AUTH_SECRET (never the session secret itself). */
function padsFor(secret: string): Pads {
  let p = pads.get(secret);
  if (!p) {
    const key = crypto.createHmac("sha256", secret).update("meridian/quote-token/v1").digest(); // 32 bytes < one block
    p = { inner: Buffer.alloc(64, 0x36), outer: Buffer.alloc(64 + 32, 0x5c) };
    for (let i = 0; i < key.length; i++) {
      p.inner[i]! ^= key[i]!;
      p.outer[i]! ^= key[i]!;
    }
    pads.set(secret, p);
  }
  return p;
}

/**
 * HMAC-SHA256 of an ASCII payload: SHA-256(outer pad + SHA-256(inner pad + payload)), the same bytes as
 * crypto.createHmac (the test checks), from two one-shot hashes. Signing is a third of a quote's own work and
 * createHmac sets up a hash object each call, which costs more than the hashing here.
 */
function mac(secret: string, payload: string): Buffer {
  const { inner, outer } = padsFor(secret);
  const message = Buffer.allocUnsafe(64 + payload.length);
  inner.copy(message);
  message.write(payload, 64, "latin1");
  crypto.hash("sha256", message, "buffer").copy(outer, 64);
  return crypto.hash("sha256", outer, "buffer");
}

export function signQuoteToken(secret: string, c: QuoteClaims): string {
  const values: unknown[] = [FORMAT];
  for (const name of ORDER) values.push(c[name]);
  const payload = Buffer.from(JSON.stringify(values)).toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

/** The claims object of a decoded payload: format 2 (an array), or format 1 (an object with v: 1). */
function claimsOf(parsed: unknown): unknown {
  if (Array.isArray(parsed)) {
    if (parsed[0] !== FORMAT || parsed.length !== ORDER.length + 1) return null;
    return Object.fromEntries(ORDER.map((name, i) => [name, parsed[i + 1]]));
  }
  if (typeof parsed === "object" && parsed !== null && (parsed as { v?: unknown }).v === 1) return parsed;
  return null;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function verifyQuoteToken(secret: string, token: string, nowMs = Date.now()): VerifiedQuote {
  const dot = token.indexOf(".");
  if (dot <= 0 || dot !== token.lastIndexOf(".")) return { ok: false, code: "invalid_quote" };
  const payload = token.slice(0, dot);
  // Only base64url is signed: anything else could hash as the same bytes (mac() writes one byte per character)
  // yet decode to other claims.
  if (!BASE64URL.test(payload)) return { ok: false, code: "invalid_quote" };
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, code: "invalid_quote" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, code: "invalid_quote" };
  }
  const claims = quoteClaimsSchema.safeParse(claimsOf(parsed));
  if (!claims.success) return { ok: false, code: "invalid_quote" };
  if (claims.data.exp * 1000 <= nowMs) return { ok: false, code: "quote_expired" };
  return { ok: true, claims: claims.data };
}
