// Coupon codes in ride and valet quotes (a quote line, a lower total, signed claims; or the quote without a
// discount and why) and at booking (counted in the booking's transaction: the last use goes to one customer,
// a customer's limit holds, a code that stopped applying since the quote writes no booking).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteInput } from "@meridian/shared/booking";
import { setValetRates } from "../seed/factories";
import { bookings, couponRedemptions, coupons } from "../db/schema";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { verifyQuoteToken, verifyValetQuoteToken } from "../quotes/quote-token";
import type { TestApp } from "../test/harness";
import { countRows } from "../test/helpers";
import { createFleetTestApp, laDate, rideInput, TEST_VALET_RATES, type TestFleet, valetEventInput } from "../test/factories";

let t: TestApp;
let fleet: TestFleet;
let admin: { cookie: string };

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp({}, { capacity: { rides: 12 } })); // every ride is tomorrow at 09:30
  await setValetRates(t.db, TEST_VALET_RATES);
  invalidatePricingCache();
  admin = await t.userWithSession({ role: "admin" });
});
afterAll(() => t.close());

const createCoupon = async (json: Record<string, unknown>) => {
  const res = await t.call("POST", "/api/admin/coupons", { cookie: admin.cookie, json });
  if (res.status !== 201) throw new Error(`coupon: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.coupon as { id: string; code: string };
};
const rideQuote = (overrides: Partial<QuoteInput> & Record<string, unknown> = {}) =>
  t.call("POST", "/api/quotes", { json: { ...rideInput(fleet.sedan.id), ...overrides } });
const valetQuote = (overrides: Record<string, unknown> = {}) => t.call("POST", "/api/valet/quotes", { json: valetEventInput(overrides) });
const book = (cookie: string, service: "ride" | "valet", quoteId: string) =>
  t.call("POST", "/api/bookings", { cookie, json: { service, quoteId, paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
const usesOf = async (code: string) => (await t.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.usesCount;

// The sedan from the airport to the hills: base $45 + 12.3 mi x $3 ($36.90) + 30 min x $1 = $111.90.
const FARE = 111.9;

describe("a coupon code in a ride quote", () => {
  it("applies: a 'Coupon CODE' line of minus the discount, the total lowered, and the code in the signed claims", async () => {
    await createCoupon({ code: "tenoff", kind: "percent", value: 10 });
    const res = await rideQuote({ couponCode: " tenOff " });
    expect(res.status).toBe(200);
    expect(res.body.coupon).toBeUndefined();
    expect(res.body.quote.lines.at(-1)).toEqual({ kind: "coupon", label: "Coupon TENOFF", amountUsd: -11.19 });
    expect(res.body.quote.totalUsd).toBe(100.71);
    expect(res.body.quote.coupon).toEqual({ code: "TENOFF", discountUsd: 11.19 });
    const verified = verifyQuoteToken(t.deps.config.authSecret, res.body.quoteId);
    expect(verified.ok && verified.claims).toMatchObject({ totalUsd: 100.71, couponCode: "TENOFF", discountUsd: 11.19 });

    const plain = await rideQuote();
    expect(plain.body.quote.totalUsd).toBe(FARE);
    const plainClaims = verifyQuoteToken(t.deps.config.authSecret, plain.body.quoteId);
    expect(plainClaims.ok && plainClaims.claims).toMatchObject({ couponCode: null, discountUsd: 0 });
    expect((await rideQuote({ couponCode: "  " })).body.quote.totalUsd).toBe(FARE); // blank: no code
  });

  it("says in words when a code would bring the total under the $0.50 card minimum, and the fare books as quoted", async () => {
    const customer = await t.userWithSession();
    await createCoupon({ code: "BIGGIFT", kind: "fixed", value: 500 });
    await createCoupon({ code: "ALLBUT25C", kind: "fixed", value: FARE - 0.25 });
    for (const code of ["BIGGIFT", "ALLBUT25C"]) {
      const res = await rideQuote({ couponCode: code });
      expect(res.status).toBe(200);
      expect(res.body.coupon).toEqual({ code, message: "This coupon would bring the total under the $0.50 card minimum." });
      expect(res.body.quote.totalUsd).toBe(FARE);
      const booked = await book(customer.cookie, "ride", res.body.quoteId);
      expect(booked.status).toBe(201);
      expect(booked.body.booking.price).toBe(FARE);
    }
    expect(await usesOf("BIGGIFT")).toBe(0);

    // Leaving exactly the minimum applies, and the card is authorised for $0.50.
    await createCoupon({ code: "ALLBUT50C", kind: "fixed", value: FARE - 0.5 });
    const least = await rideQuote({ couponCode: "ALLBUT50C" });
    expect(least.body.coupon).toBeUndefined();
    expect(least.body.quote.totalUsd).toBe(0.5);
    const booked = await book(customer.cookie, "ride", least.body.quoteId);
    expect(booked.status).toBe(201);
    expect(booked.body.booking.price).toBe(0.5);
  });

  it.each<[string, Record<string, unknown>, string | ((c: Record<string, unknown>) => string)]>([
    ["VALETONLY", { kind: "percent", value: 10, service: "valet" }, "This code applies to valet only."],
    ["MIN200", { kind: "fixed", value: 5, minFareUsd: 200 }, "This code needs a fare of at least $200.00."],
    ["NOTYET", { kind: "fixed", value: 5, validFrom: laDate(10) }, `This code is valid from ${laDate(10)}.`],
    ["TOOLATE", { kind: "fixed", value: 5, validTo: laDate(-1) }, "This code has expired."],
    ["ASLEEP", { kind: "fixed", value: 5, active: false }, "This code is no longer active."],
  ])("refuses %s with 200, the fare undiscounted and why", async (code, terms, message) => {
    await createCoupon({ code, ...terms });
    const res = await rideQuote({ couponCode: code.toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.body.quote.totalUsd).toBe(FARE);
    expect(res.body.quote.lines.map((l: { kind: string }) => l.kind)).toEqual(["base", "distance", "time"]);
    expect(res.body.coupon).toEqual({ code, message });
    const verified = verifyQuoteToken(t.deps.config.authSecret, res.body.quoteId);
    expect(verified.ok && verified.claims).toMatchObject({ totalUsd: FARE, couponCode: null, discountUsd: 0 });
  });

  it("refuses an unknown code, and applies it as soon as the admin creates it (the cache is dropped)", async () => {
    const before = await rideQuote({ couponCode: "LATECOMER" });
    expect(before.body.coupon).toEqual({ code: "LATECOMER", message: "This code is not valid." });
    const coupon = await createCoupon({ code: "LATECOMER", kind: "fixed", value: 20 });
    expect((await rideQuote({ couponCode: "LATECOMER" })).body.quote.totalUsd).toBe(91.9);
    await t.call("PATCH", `/api/admin/coupons/${coupon.id}`, { cookie: admin.cookie, json: { value: 30 } });
    expect((await rideQuote({ couponCode: "LATECOMER" })).body.quote.totalUsd).toBe(81.9);
    await t.call("PATCH", `/api/admin/coupons/${coupon.id}`, { cookie: admin.cookie, json: { active: false } });
    expect((await rideQuote({ couponCode: "LATECOMER" })).body.coupon).toEqual({ code: "LATECOMER", message: "This code is no longer active." });
  });

  it("refuses a code too long to be one with a 400 on the field", async () => {
    const res = await rideQuote({ couponCode: "X".repeat(65) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.couponCode).toBeTruthy();
  });
});

describe("a coupon code in a valet quote", () => {
  it("applies to valet and any-service codes, refuses ride-only ones", async () => {
    await createCoupon({ code: "VALET50", kind: "fixed", value: 50, service: "valet" });
    await createCoupon({ code: "RIDEONLY", kind: "percent", value: 10, service: "ride" });
    const plain = await valetQuote();
    expect(plain.status).toBe(200);
    const fare = plain.body.quote.totalUsd as number;
    const applied = await valetQuote({ couponCode: "valet50" });
    expect(applied.body.quote.lines.at(-1)).toEqual({ kind: "coupon", label: "Coupon VALET50", amountUsd: -50 });
    expect(applied.body.quote.totalUsd).toBe(fare - 50);
    const claims = verifyValetQuoteToken(t.deps.config.authSecret, applied.body.quoteId);
    expect(claims.ok && claims.claims).toMatchObject({ totalUsd: fare - 50, couponCode: "VALET50", discountUsd: 50 });
    const refused = await valetQuote({ couponCode: "RIDEONLY" });
    expect(refused.body).toMatchObject({ quote: { totalUsd: fare }, coupon: { code: "RIDEONLY", message: "This code applies to rides only." } });
  });
});

describe("a coupon at booking", () => {
  it("books at the discounted total, stores the coupon line, and counts one use for this booking", async () => {
    await createCoupon({ code: "WELCOME15", kind: "fixed", value: 15 });
    const { user, cookie } = await t.userWithSession();
    const quote = await rideQuote({ couponCode: "WELCOME15" });
    const res = await book(cookie, "ride", quote.body.quoteId);
    expect(res.status).toBe(201);
    expect(res.body.booking.price).toBe(96.9);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.body.booking.id));
    expect((row!.details as { quote: { lines: unknown[] } }).quote.lines.at(-1)).toEqual({ kind: "coupon", label: "Coupon WELCOME15", amountUsd: -15 });
    const redemptions = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.bookingId, res.body.booking.id));
    expect(redemptions).toEqual([expect.objectContaining({ userId: user.id, discountCents: 1500 })]);
    expect(await usesOf("WELCOME15")).toBe(1);
  });

  it("gives the last use to one of two customers racing for it; the other gets 409 and no booking", async () => {
    await createCoupon({ code: "LASTONE", kind: "percent", value: 20, maxUses: 1 });
    const [a, b] = [await t.userWithSession(), await t.userWithSession()];
    const [qa, qb] = [await rideQuote({ couponCode: "LASTONE" }), await rideQuote({ couponCode: "LASTONE", passengers: 2 })];
    expect([qa.body.quote.totalUsd, qb.body.quote.totalUsd]).toEqual([89.52, 89.52]);
    const before = await countRows(t.db, bookings);
    const answers = await Promise.all([book(a.cookie, "ride", qa.body.quoteId), book(b.cookie, "ride", qb.body.quoteId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = answers.find((r) => r.status === 409)!;
    expect(lost.body.error).toMatchObject({ code: "coupon_unavailable", message: "This code has been used up.", fields: { couponCode: "This code has been used up." } });
    expect(await countRows(t.db, bookings)).toBe(before + 1);
    expect(await usesOf("LASTONE")).toBe(1);
    // Now the quote itself says so.
    expect((await rideQuote({ couponCode: "LASTONE", passengers: 3 })).body.coupon).toEqual({ code: "LASTONE", message: "This code has been used up." });
  });

  it("holds the per-customer limit: a second booking with the code is 409 and not written", async () => {
    await createCoupon({ code: "ONCEEACH", kind: "fixed", value: 10, maxUsesPerCustomer: 1 });
    const { cookie } = await t.userWithSession();
    const first = await book(cookie, "ride", (await rideQuote({ couponCode: "ONCEEACH" })).body.quoteId);
    expect(first.status).toBe(201);
    const before = await countRows(t.db, bookings);
    const second = await book(cookie, "ride", (await rideQuote({ couponCode: "ONCEEACH", passengers: 2 })).body.quoteId);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: "coupon_unavailable", message: "You have already used this code." });
    expect(await countRows(t.db, bookings)).toBe(before);
    const other = await t.userWithSession();
    expect((await book(other.cookie, "ride", (await rideQuote({ couponCode: "ONCEEACH", passengers: 3 })).body.quoteId)).status).toBe(201);
    expect(await usesOf("ONCEEACH")).toBe(2);
  });

  it("refuses a quote whose code stopped applying since (deactivated): 409 with why, nothing written", async () => {
    const coupon = await createCoupon({ code: "SHORTLIVED", kind: "fixed", value: 10 });
    const { cookie } = await t.userWithSession();
    const quote = await rideQuote({ couponCode: "SHORTLIVED" });
    expect(quote.body.quote.totalUsd).toBe(101.9);
    await t.call("PATCH", `/api/admin/coupons/${coupon.id}`, { cookie: admin.cookie, json: { active: false } });
    const before = await countRows(t.db, bookings);
    const res = await book(cookie, "ride", quote.body.quoteId);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "coupon_unavailable", message: "This code is no longer active." });
    expect(await countRows(t.db, bookings)).toBe(before);
    expect(await usesOf("SHORTLIVED")).toBe(0);
  });

  it("refuses a quote whose discount changed since (the admin edited the code): the price changed", async () => {
    const coupon = await createCoupon({ code: "EDITED", kind: "fixed", value: 10 });
    const { cookie } = await t.userWithSession();
    const quote = await rideQuote({ couponCode: "EDITED" });
    await t.call("PATCH", `/api/admin/coupons/${coupon.id}`, { cookie: admin.cookie, json: { value: 12 } });
    const res = await book(cookie, "ride", quote.body.quoteId);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("quote_changed");
    expect(await usesOf("EDITED")).toBe(0);
  });

  it("books event valet with a code and counts its use", async () => {
    await createCoupon({ code: "EVENTS10", kind: "percent", value: 10, service: "valet" });
    const { cookie } = await t.userWithSession();
    const quote = await valetQuote({ couponCode: "EVENTS10" });
    const res = await book(cookie, "valet", quote.body.quoteId);
    expect(res.status).toBe(201);
    expect(res.body.booking.price).toBe(quote.body.quote.totalUsd);
    const [redemption] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.bookingId, res.body.booking.id));
    expect(redemption!.discountCents).toBe(Math.round(quote.body.quote.coupon.discountUsd * 100));
    expect(await usesOf("EVENTS10")).toBe(1);
  });
});
