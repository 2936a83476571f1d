import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findOverlappingTier, findTier, priceRide, tiersOverlap, type Tier } from "./pricing";

const vehicle = { id: "v1", name: "Executive Sedan", baseFeeUsd: 45 };
const card = { perMileUsd: 3.25, perMinuteUsd: 0.85, active: true };
const tiers: Tier[] = [
  { milesMin: 0, milesMax: 5, priceUsd: 65, active: true },
  { milesMin: 5, milesMax: 10, priceUsd: 90, active: true },
  { milesMin: 10, milesMax: 20, priceUsd: 135, active: false },
];

describe("priceRide: miles_minutes", () => {
  it.each([
    // miles, minutes, expected total: base + miles x rate + minutes x rate (spec's preview example is 12 mi, 30 min)
    [12, 30, 45 + 39 + 25.5],
    [0, 0, 45],
    [3.5, 11, 45 + 11.38 + 9.35],
  ])("%s mi, %s min -> $%s", (miles, minutes, total) => {
    const r = priceRide({ method: "miles_minutes", vehicle, rateCard: card, tiers, miles, minutes });
    expect(r.ok && r.quote.totalUsd).toBeCloseTo(total, 2);
  });

  it("itemises base, distance and time from the displayed (rounded) miles and minutes", () => {
    const r = priceRide({ method: "miles_minutes", vehicle, rateCard: card, tiers, miles: 12.34, minutes: 29.6 });
    if (!r.ok) throw new Error(r.message);
    expect(r.quote.miles).toBe(12.3);
    expect(r.quote.minutes).toBe(30);
    expect(r.quote.lines.map((l) => [l.kind, l.amountUsd])).toEqual([
      ["base", 45],
      ["distance", 39.98],
      ["time", 25.5],
    ]);
    expect(r.quote.totalUsd).toBe(110.48);
  });

  it("refuses a vehicle without an active rate card", () => {
    expect(priceRide({ method: "miles_minutes", vehicle, rateCard: { ...card, active: false }, tiers, miles: 3, minutes: 9 })).toMatchObject({
      ok: false,
      code: "no_rate_card",
    });
    expect(priceRide({ method: "miles_minutes", vehicle, rateCard: null, tiers, miles: 3, minutes: 9 }).ok).toBe(false);
  });

  it("the total always equals the sum of its lines, to the cent", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 500, noNaN: true }), fc.double({ min: 0, max: 900, noNaN: true }), (miles, minutes) => {
        const r = priceRide({ method: "miles_minutes", vehicle, rateCard: card, tiers, miles, minutes });
        if (!r.ok) return false;
        const cents = r.quote.lines.reduce((s, l) => s + Math.round(l.amountUsd * 100), 0);
        return Math.round(r.quote.totalUsd * 100) === cents;
      }),
    );
  });
});

describe("priceRide: fixed_tiers", () => {
  it("uses the active tier that contains the miles (spec example 5-10 miles = $90)", () => {
    const r = priceRide({ method: "fixed_tiers", vehicle, rateCard: card, tiers, miles: 7.2, minutes: 20 });
    expect(r.ok && r.quote.totalUsd).toBe(90);
  });

  it("a boundary belongs to the tier that starts there", () => {
    expect(findTier(tiers, 5)?.priceUsd).toBe(90);
    expect(findTier(tiers, 10)?.priceUsd).toBe(90); // the 10-20 tier is inactive; 10 is the end of 5-10
  });

  it("gives a clear error when no active tier contains the trip", () => {
    const r = priceRide({ method: "fixed_tiers", vehicle, rateCard: card, tiers, miles: 14, minutes: 30 });
    expect(r).toMatchObject({ ok: false, code: "no_tier" });
    expect(!r.ok && r.message).toContain("14.0 mile");
  });
});

describe("tier overlap", () => {
  it("follows the spec: overlap when new min < other max and new max > other min", () => {
    expect(tiersOverlap({ milesMin: 4, milesMax: 6 }, { milesMin: 5, milesMax: 10 })).toBe(true);
    expect(tiersOverlap({ milesMin: 10, milesMax: 12 }, { milesMin: 5, milesMax: 10 })).toBe(false);
    expect(tiersOverlap({ milesMin: 0, milesMax: 5 }, { milesMin: 5, milesMax: 10 })).toBe(false);
    expect(tiersOverlap({ milesMin: 6, milesMax: 7 }, { milesMin: 5, milesMax: 10 })).toBe(true);
  });

  it("ignores the tier being edited", () => {
    const existing = [{ id: "a", milesMin: 0, milesMax: 5 }];
    expect(findOverlappingTier(existing, { id: "a", milesMin: 0, milesMax: 6 })).toBeUndefined();
    expect(findOverlappingTier(existing, { milesMin: 0, milesMax: 6 })?.id).toBe("a");
  });
});
