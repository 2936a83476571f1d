import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { signQuoteToken, verifyQuoteToken, type QuoteClaims } from "./quote-token";

const SECRET = "quote-token-test-secret-quote-token-test-secret";
const now = Date.UTC(2026, 10, 24, 12);
const claims: QuoteClaims = {
  pickupPlaceId: "emb:apt:LAX",
  dropoffPlaceId: "emb:zip:90210",
  vehicleTypeId: "68891fab-2b5e-4cad-b098-45e585e0a744",
  passengers: 2,
  luggage: 1,
  date: "2026-11-26",
  time: "12:00",
  method: "miles_minutes",
  totalUsd: 105.43,
  miles: 13.1,
  minutes: 21,
  exp: now / 1000 + 900,
  couponCode: null,
  discountUsd: 0,
  flightNumber: null,
};
const { flightNumber: _flight, ...format3Claims } = claims;
const { couponCode: _code, discountUsd: _discount, ...format2Claims } = format3Claims;

const decode = (token: string) => JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8"));
/** A token signed with the quote key the way the server signs, over any payload. */
function signed(payload: unknown): string {
  const key = crypto.createHmac("sha256", SECRET).update("meridian/quote-token/v1").digest();
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${crypto.createHmac("sha256", key).update(body).digest("base64url")}`;
}

describe("quote tokens", () => {
  it("are signed with HMAC-SHA256 under a key derived for quotes, for payloads of every length", () => {
    const key = crypto.createHmac("sha256", SECRET).update("meridian/quote-token/v1").digest();
    for (let n = 0; n <= 300; n++) {
      const token = signQuoteToken(SECRET, { ...claims, pickupPlaceId: "p".repeat(n + 1) });
      const [payload, sig] = token.split(".");
      expect(sig).toBe(crypto.createHmac("sha256", key).update(payload!).digest("base64url"));
    }
  });

  it("carry every claim through a round trip, as a compact array", () => {
    const token = signQuoteToken(SECRET, claims);
    expect(verifyQuoteToken(SECRET, token, now)).toEqual({ ok: true, claims });
    expect(decode(token)).toEqual([4, "emb:apt:LAX", "emb:zip:90210", claims.vehicleTypeId, 2, 1, "2026-11-26", "12:00", "miles_minutes", 105.43, 13.1, 21, claims.exp, null, 0, null]);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(token.length).toBeLessThan(250);
  });

  it("keep place ids with any characters intact", () => {
    const odd = { ...claims, pickupPlaceId: 'osm:"N"/123,ü\u{1F377}', dropoffPlaceId: "ChIJ-x_y" };
    expect(verifyQuoteToken(SECRET, signQuoteToken(SECRET, odd), now)).toEqual({ ok: true, claims: odd });
  });

  it("carry the coupon applied (the code and its discount after the other claims)", () => {
    const withCoupon = { ...claims, totalUsd: 94.89, couponCode: "VIP10", discountUsd: 10.54 };
    const token = signQuoteToken(SECRET, withCoupon);
    expect(verifyQuoteToken(SECRET, token, now)).toEqual({ ok: true, claims: withCoupon });
    expect(decode(token).slice(-4)).toEqual([withCoupon.exp, "VIP10", 10.54, null]);
  });

  it("carry an airport pickup's flight (after the coupon claims)", () => {
    const withFlight = { ...claims, flightNumber: "AA100" };
    const token = signQuoteToken(SECRET, withFlight);
    expect(verifyQuoteToken(SECRET, token, now)).toEqual({ ok: true, claims: withFlight });
    expect(decode(token).slice(-1)).toEqual(["AA100"]);
  });

  it("refuse the formats before the current one (a quote lives 15 minutes: decision 021)", () => {
    for (const token of [signed([3, ...Object.values(format3Claims)]), signed({ v: 1, ...format2Claims }), signed([2, ...Object.values(format2Claims)])]) {
      expect(verifyQuoteToken(SECRET, token, now), token).toEqual({ ok: false, code: "invalid_quote" });
    }
  });

  it("write the claims in the order the code spells out, whatever order the object had", () => {
    const shuffled = Object.fromEntries(Object.entries(claims).reverse()) as QuoteClaims;
    expect(signQuoteToken(SECRET, shuffled)).toBe(signQuoteToken(SECRET, claims));
  });

  it("refuse expired tokens, other keys, tampering and correctly signed payloads of an unknown shape", () => {
    expect(verifyQuoteToken(SECRET, signQuoteToken(SECRET, claims), claims.exp * 1000)).toEqual({ ok: false, code: "quote_expired" });
    expect(verifyQuoteToken("another-secret-another-secret-another-secret", signQuoteToken(SECRET, claims), now)).toEqual({ ok: false, code: "invalid_quote" });
    const [payload, sig] = signQuoteToken(SECRET, claims).split(".");
    const cheaper = Buffer.from(JSON.stringify([4, ...Object.values({ ...claims, totalUsd: 1 })])).toString("base64url");
    for (const token of [
      `${cheaper}.${sig}`,
      `${payload}.${sig!.slice(0, -2)}AA`,
      payload!,
      `${payload}.${sig}.${sig}`,
      signed([5, ...Object.values(claims)]),
      signed([4, ...Object.values(claims).slice(1)]),
      signed([3, ...Object.values(claims)]),
      signed([4, ...Object.values({ ...claims, flightNumber: 100 })]),
      signed([2, ...Object.values(claims)]),
      signed([2, ...Object.values(format2Claims).slice(1)]),
      signed([4, ...Object.values({ ...claims, passengers: "2" })]),
      signed([4, ...Object.values({ ...claims, couponCode: 5 })]),
      signed({ v: 2, ...claims }),
      signed({ ...claims }),
      signed(null),
      signed("claims"),
      // "Ł" (U+0141) written as one byte is "A": the same signed bytes, but base64url decoding skips it.
      `${payload!.replace("A", "Ł")}.${sig}`,
      `${payload}=.${sig}`,
    ]) {
      expect(verifyQuoteToken(SECRET, token, now), token).toEqual({ ok: false, code: "invalid_quote" });
    }
  });
});
