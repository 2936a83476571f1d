import { describe, expect, it } from "vitest";
import { CARD_MINIMUM_COUPON_MESSAGE, formatCard, formatCents, formatMoney, percentOfCents, roundToCents } from "./money";

describe("formatMoney", () => {
  it.each([
    [1685, "$1,685.00"],
    [0, "$0.00"],
    [-0, "$0.00"],
    [0.5, "$0.50"],
    [-12.5, "-$12.50"],
    [-1685.25, "-$1,685.25"],
    [1234567.891, "$1,234,567.89"],
    [999999.99, "$999,999.99"],
    [1.005, "$1.01"],
    [2.675, "$2.68"],
    [-1.005, "-$1.01"],
    [0.004, "$0.00"],
    [-0.004, "$0.00"],
    [0.1 + 0.2, "$0.30"],
    [19.999, "$20.00"],
  ])("%s reads %s", (usd, text) => {
    expect(formatMoney(usd)).toBe(text);
  });

  it("a price tag may drop .00, never other cents", () => {
    expect(formatMoney(299, { wholeDollars: true })).toBe("$299");
    expect(formatMoney(1299, { wholeDollars: true })).toBe("$1,299");
    expect(formatMoney(299.5, { wholeDollars: true })).toBe("$299.50");
  });

  it("refuses what is not an amount", () => {
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("cents read the same as dollars", () => {
    expect(formatCents(168500)).toBe("$1,685.00");
    expect(formatCents(-5)).toBe("-$0.05");
    expect(roundToCents(1.005)).toBe(101);
    expect(roundToCents(-1.005)).toBe(-101);
  });
});

describe("percentOfCents", () => {
  it.each([
    [12_817, 50, 6409], // $128.17 x 50% = $64.085: half a cent up
    [12_817, 10, 1282],
    [15_050, 50, 7525],
    [101, 50, 51],
    [1, 49, 0],
    [1, 50, 1],
    [-12_817, 50, -6409], // away from zero, as roundToCents
    [-1, 49, 0],
    [99_999, 100, 99_999],
    [99_999, 0, 0],
  ])("%i cents x %i%% is %i cents", (cents, percent, share) => {
    expect(percentOfCents(cents, percent)).toBe(share);
  });
});

describe("formatCard", () => {
  it.each([
    [{ brand: "visa", last4: "4242" }, "Visa •••• 4242"],
    [{ brand: "Visa", last4: "4242" }, "Visa •••• 4242"],
    [{ brand: "amex", last4: "0005" }, "American Express •••• 0005"],
    [{ brand: "mastercard", last4: "4444" }, "Mastercard •••• 4444"],
    [{ brand: "elo", last4: "1234" }, "Elo •••• 1234"],
    [{ brand: null, last4: "1234" }, "Card •••• 1234"],
    [{ brand: "visa", last4: null }, null],
    [null, null],
  ])("%o reads %s", (card, text) => {
    expect(formatCard(card)).toBe(text);
  });
});

it("the card-minimum refusal names the minimum", () => {
  expect(CARD_MINIMUM_COUPON_MESSAGE).toBe("This coupon would bring the total under the $0.50 card minimum.");
});
