import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { paymentStateLabel } from "./refunds";
import { splitCents, tipInputSchema, tipMaxUsd, tipPresetUsd } from "./tips";

describe("splitCents", () => {
  it.each<[number, number, number[]]>([
    [1000, 1, [1000]],
    [1000, 3, [334, 333, 333]],
    [1001, 3, [334, 334, 333]],
    [2, 3, [1, 1, 0]],
    [0, 2, [0, 0]],
    [2501, 2, [1251, 1250]],
  ])("%i cents between %i people: %o", (total, n, shares) => {
    expect(splitCents(total, n)).toEqual(shares);
  });

  it("always adds up to the total, no two shares more than a cent apart, the larger ones first", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 50 }), (total, n) => {
        const shares = splitCents(total, n);
        expect(shares).toHaveLength(n);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        expect([...shares].sort((a, b) => b - a)).toEqual(shares);
      }),
    );
  });

  it("refuses nonsense", () => {
    expect(() => splitCents(10.5, 2)).toThrow(RangeError);
    expect(() => splitCents(10, 0)).toThrow(RangeError);
  });
});

describe("tip bounds and presets", () => {
  it.each<[number, number]>([
    [40, 100],
    [111.9, 111.9],
    [650, 650],
    [12_000, 2000],
  ])("a $%d service takes a tip of at most $%d", (total, max) => expect(tipMaxUsd(total)).toBe(max));

  it.each<[number, number, number]>([
    [111.9, 15, 16.79],
    [111.9, 20, 22.38],
    [111.9, 25, 27.98],
    [4, 15, 1],
  ])("%d at %d%% is $%d (to the cent, never under the minimum)", (total, pct, tip) => expect(tipPresetUsd(total, pct)).toBe(tip));

  it("the input schema takes dollars with at most 2 decimals, from $1.00", () => {
    expect(tipInputSchema.safeParse({ amountUsd: 1 }).success).toBe(true);
    expect(tipInputSchema.safeParse({ amountUsd: 0.99 }).success).toBe(false);
    expect(tipInputSchema.safeParse({ amountUsd: 10.001 }).success).toBe(false);
    expect(tipInputSchema.safeParse({ amountUsd: 10, extra: 1 }).success).toBe(false);
  });
});

describe("paymentStateLabel", () => {
  it.each<[string, number, number, string]>([
    ["requires_capture", 0, 0, "Authorised"],
    ["succeeded", 1000, 0, "Captured"],
    ["succeeded", 1000, 400, "Partly refunded"],
    ["succeeded", 1000, 1000, "Refunded"],
    ["canceled", 0, 0, "Released"],
    ["requires_payment_method", 0, 0, "Declined"],
  ])("%s captured %i refunded %i: %s", (status, capturedCents, refundedCents, label) => {
    expect(paymentStateLabel({ status, capturedCents, refundedCents })).toBe(label);
  });
});
