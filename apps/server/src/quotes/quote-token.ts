// The quote id: a signed, expiring token carrying the quote's inputs and its total, so a booking can be
// re-priced from trusted inputs without storing quotes. base64url(JSON claims) + "." + HMAC-SHA256.
import crypto from "node:crypto";
import { z } from "zod";
import { pricingMethodValues } from "@meridian/shared/pricing";

export const quoteClaimsSchema = z.object({
  v: z.literal(1),
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

export type VerifiedQuote = { ok: true; claims: QuoteClaims } | { ok: false; code: "invalid_quote" | "quote_expired" };

const derived = new Map<string, Buffer>();

/** A key for quote tokens only, derived from AUTH_SECRET (never the session secret itself). */
function keyFor(secret: string): Buffer {
  let key = derived.get(secret);
  if (!key) {
    key = crypto.createHmac("sha256", secret).update("meridian/quote-token/v1").digest();
    derived.set(secret, key);
  }
  return key;
}

const mac = (secret: string, payload: string) => crypto.createHmac("sha256", keyFor(secret)).update(payload).digest();

export function signQuoteToken(secret: string, claims: QuoteClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${mac(secret, payload).toString("base64url")}`;
}

export function verifyQuoteToken(secret: string, token: string, nowMs = Date.now()): VerifiedQuote {
  const dot = token.indexOf(".");
  if (dot <= 0 || dot !== token.lastIndexOf(".")) return { ok: false, code: "invalid_quote" };
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, code: "invalid_quote" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, code: "invalid_quote" };
  }
  const claims = quoteClaimsSchema.safeParse(parsed);
  if (!claims.success) return { ok: false, code: "invalid_quote" };
  if (claims.data.exp * 1000 <= nowMs) return { ok: false, code: "quote_expired" };
  return { ok: true, claims: claims.data };
}
