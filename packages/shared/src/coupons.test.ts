import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { couponDiscount, couponInputSchema, couponUpdateSchema, formatCouponValue, type CouponCheck, type CouponTerms } from "./coupons";
import { COUPON_WITHOUT_LIMITS } from "./test-data";

const base: CouponTerms = {
  kind: "percent",
  value: 15,
  service: "any",
  validFrom: "2026-01-01",
  validTo: "2026-12-31",
  maxUses: 100,
  maxUsesPerCustomer: 1,
  minFareUsd: 50,
  active: true,
};
const use: CouponCheck = { service: "ride", fareCents: 12_345, today: "2026-06-15", totalUses: 0, customerUses: 0 };

describe("couponDiscount", () => {
  it.each<[string, Partial<CouponTerms>, Partial<CouponCheck>, number | string]>([
    ["15% of $123.45, rounded to the cent", {}, {}, 1852],
    ["10% of $5.05 rounds half up", { value: 10, minFareUsd: 0 }, { fareCents: 505 }, 51],
    ["99% leaves $1.23 to pay", { value: 99 }, {}, 12_222],
    ["a fixed amount leaving exactly the $0.50 card minimum", { kind: "fixed", value: 39.5, minFareUsd: 0 }, { fareCents: 4000 }, 3950],
    ["a fixed $25 off", { kind: "fixed", value: 25 }, {}, 2500],
    ["100% would make it free: under the card minimum", { value: 100 }, {}, "under_card_minimum"],
    ["a fixed amount above the fare: under the card minimum", { kind: "fixed", value: 500, minFareUsd: 0 }, { fareCents: 4000 }, "under_card_minimum"],
    ["a fixed amount leaving $0.49: under the card minimum", { kind: "fixed", value: 39.51, minFareUsd: 0 }, { fareCents: 4000 }, "under_card_minimum"],
    ["valid on its first day", {}, { today: "2026-01-01" }, 1852],
    ["valid on its last day", {}, { today: "2026-12-31" }, 1852],
    ["no dates: always valid", { validFrom: null, validTo: null }, { today: "2031-02-03" }, 1852],
    ["the fare equal to the minimum applies", { minFareUsd: 123.45 }, {}, 1852],
    ["the last total use", { maxUses: 100 }, { totalUses: 99 }, 1852],
    ["no limits", { maxUses: null, maxUsesPerCustomer: null }, { totalUses: 10_000, customerUses: 50 }, 1852],
    ["a valet-only code on valet", { service: "valet" }, { service: "valet" }, 1852],
    ["inactive", { active: false }, {}, "inactive"],
    ["the day before it starts", {}, { today: "2025-12-31" }, "not_started"],
    ["the day after it ends", {}, { today: "2027-01-01" }, "expired"],
    ["a ride code on valet", { service: "ride" }, { service: "valet" }, "wrong_service"],
    ["a cent under the minimum", { minFareUsd: 123.46 }, {}, "below_minimum"],
    ["every use taken", { maxUses: 100 }, { totalUses: 100 }, "used_up"],
    ["this customer's uses taken", { maxUsesPerCustomer: 2 }, { customerUses: 2 }, "customer_limit"],
  ])("%s", (_name, terms, check, expected) => {
    const out = couponDiscount({ ...base, ...terms }, { ...use, ...check });
    if (typeof expected === "number") expect(out).toEqual({ ok: true, discountCents: expected });
    else expect(out).toMatchObject({ ok: false, reason: expected, message: expect.any(String) });
  });

  it("says why in words a customer understands", () => {
    expect(couponDiscount({ ...base, service: "ride" }, { ...use, service: "valet" })).toMatchObject({ message: "This code applies to rides only." });
    expect(couponDiscount(base, { ...use, fareCents: 4999 })).toMatchObject({ message: "This code needs a fare of at least $50.00." });
    expect(couponDiscount(base, { ...use, today: "2025-06-01" })).toMatchObject({ message: "This code is valid from 2026-01-01." });
    expect(couponDiscount({ ...base, kind: "fixed", value: 123.2 }, use)).toMatchObject({
      message: "This coupon would bring the total under the $0.50 card minimum.",
    });
  });

  it("never gives a negative discount, nor more than the fare, nor leaves less than the card minimum to pay", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("percent" as const, "fixed" as const),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (kind, valueCents, fareCents) => {
          const value = kind === "percent" ? (valueCents % 100) + 1 : valueCents / 100;
          const out = couponDiscount({ ...base, kind, value, minFareUsd: 0 }, { ...use, fareCents });
          if (out.ok) {
            expect(Number.isInteger(out.discountCents)).toBe(true);
            expect(out.discountCents).toBeGreaterThanOrEqual(0);
            expect(out.discountCents).toBeLessThanOrEqual(fareCents);
            expect(fareCents - out.discountCents).toBeGreaterThanOrEqual(50);
          } else expect(out.reason).toBe("under_card_minimum");
        },
      ),
    );
  });
});

describe("coupon input", () => {
  const ok = { code: " spring-25 ", kind: "percent", value: 25 };
  it("normalises the code and fills the defaults", () => {
    expect(couponInputSchema.parse(ok)).toEqual({
      code: "SPRING-25",
      kind: "percent",
      value: 25,
      service: "any",
      ...COUPON_WITHOUT_LIMITS,
    });
  });
  it.each<[Record<string, unknown>, string, string]>([
    [{ ...ok, code: "ab" }, "code", "Codes are 3 to 32 letters, digits, dashes or underscores."],
    [{ ...ok, code: "NO SPACES" }, "code", "Codes are 3 to 32 letters, digits, dashes or underscores."],
    [{ ...ok, value: 101 }, "value", "A percent discount is a whole number from 1 to 100."],
    [{ ...ok, value: 12.5 }, "value", "A percent discount is a whole number from 1 to 100."],
    [{ ...ok, kind: "fixed", value: 10.005 }, "value", "The discount can have at most 2 decimals."],
    [{ ...ok, value: 0 }, "value", "Enter the discount."],
    [{ ...ok, validFrom: "2026-05-02", validTo: "2026-05-01" }, "validTo", "Valid to must be on or after valid from."],
    [{ ...ok, validFrom: "2026-02-30" }, "validFrom", "Valid from must be a real date (YYYY-MM-DD)."],
    [{ ...ok, maxUses: 0 }, "maxUses", "Total uses must be at least 1 (leave it empty for no limit)."],
    [{ ...ok, service: "boat" }, "service", "Choose which service the code applies to."],
  ])("refuses %o", (input, field, message) => {
    const r = couponInputSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
  it("an edit needs a field, and unknown fields are refused", () => {
    expect(couponUpdateSchema.safeParse({}).success).toBe(false);
    expect(couponUpdateSchema.safeParse({ usesCount: 0 }).success).toBe(false);
    expect(couponUpdateSchema.parse({ active: false })).toEqual({ active: false });
  });
  it("formats the value", () => {
    expect(formatCouponValue({ kind: "percent", value: 15 })).toBe("15%");
    expect(formatCouponValue({ kind: "fixed", value: 25 })).toBe("$25.00");
  });
});
