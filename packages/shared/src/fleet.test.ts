import { describe, expect, it } from "vitest";
import {
  NEW_TIER_DEFAULTS,
  NEW_VEHICLE_DEFAULTS,
  parsePricingTab,
  passengersFromInput,
  pricingReadiness,
  publishPricingSchema,
  rateCardInputSchema,
  simulateQuoteSchema,
  tierInputSchema,
  tierUpdateSchema,
  vehicleInputSchema,
  vehicleUpdateSchema,
} from "./fleet";

const VEHICLE_MSG = "Vehicle name is required and passenger capacity must be at least 1.";
const vid = "6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe("vehicleInputSchema", () => {
  it("accepts the defaults once a name is given (inactive until priced), and trims the name", () => {
    const r = vehicleInputSchema.safeParse({ ...NEW_VEHICLE_DEFAULTS, name: "  Town Car " });
    expect(r.success && r.data).toEqual({ name: "Town Car", baseFeeUsd: 0, passengerCapacity: 1, luggageCapacity: 1, active: false });
  });

  it.each([
    ["an empty name", { ...NEW_VEHICLE_DEFAULTS }],
    ["a blank name", { ...NEW_VEHICLE_DEFAULTS, name: "   " }],
    ["no passengers", { ...NEW_VEHICLE_DEFAULTS, name: "Van", passengerCapacity: 0 }],
    ["fractional passengers", { ...NEW_VEHICLE_DEFAULTS, name: "Van", passengerCapacity: 1.5 }],
  ])("refuses %s with the spec's message", (_, input) => {
    const r = vehicleInputSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(messages(r)).toContain(VEHICLE_MSG);
  });

  it.each([
    [{ luggageCapacity: -1 }, "Luggage capacity must be 0 or more."],
    [{ baseFeeUsd: -5 }, "Base fee must be 0 or more."],
    [{ baseFeeUsd: 10.005 }, "Base fee can have at most 2 decimals."],
  ])("refuses %o", (patch, message) => {
    const r = vehicleInputSchema.safeParse({ ...NEW_VEHICLE_DEFAULTS, name: "Van", ...patch });
    expect(messages(r)).toEqual([message]);
  });

  it("keeps a base fee in cents steps such as 45.10", () => {
    expect(vehicleInputSchema.safeParse({ ...NEW_VEHICLE_DEFAULTS, name: "Van", baseFeeUsd: 45.1 }).success).toBe(true);
  });

  it("refuses unknown fields and an empty update", () => {
    expect(vehicleInputSchema.safeParse({ ...NEW_VEHICLE_DEFAULTS, name: "Van", colour: "black" }).success).toBe(false);
    expect(vehicleUpdateSchema.safeParse({}).success).toBe(false);
    expect(vehicleUpdateSchema.safeParse({ active: false }).success).toBe(true);
  });

  it("reads a passenger input that is not a number as 1", () => {
    expect(passengersFromInput("")).toBe(1);
    expect(passengersFromInput("abc")).toBe(1);
    expect(passengersFromInput("6")).toBe(6);
  });
});

describe("rateCardInputSchema", () => {
  it("accepts rates in 0.01 steps from 0", () => {
    expect(rateCardInputSchema.safeParse({ perMileUsd: 0, perMinuteUsd: 0.85, active: false }).success).toBe(true);
  });
  it("refuses negative rates, sub-cent rates and a missing active flag", () => {
    expect(messages(rateCardInputSchema.safeParse({ perMileUsd: -1, perMinuteUsd: 1, active: true }))).toEqual(["Rate per mile must be 0 or more."]);
    expect(rateCardInputSchema.safeParse({ perMileUsd: 1.001, perMinuteUsd: 1, active: true }).success).toBe(false);
    expect(rateCardInputSchema.safeParse({ perMileUsd: 1, perMinuteUsd: 1 }).success).toBe(false);
  });
});

describe("tier schemas", () => {
  it("needs every field", () => {
    expect(tierInputSchema.safeParse({ vehicleTypeId: vid, milesMin: 0, milesMax: 5, priceUsd: 65, active: true }).success).toBe(true);
    for (const key of ["milesMin", "milesMax", "priceUsd", "active"] as const) {
      const input: Record<string, unknown> = { vehicleTypeId: vid, milesMin: 0, milesMax: 5, priceUsd: 65, active: true };
      delete input[key];
      expect(tierInputSchema.safeParse(input).success, key).toBe(false);
    }
  });
  it("refuses Miles From not below Miles To with the spec's message", () => {
    expect(messages(tierInputSchema.safeParse({ vehicleTypeId: vid, milesMin: 5, milesMax: 5, priceUsd: 1, active: true }))).toEqual([
      "Miles From must be less than Miles To.",
    ]);
    expect(messages(tierUpdateSchema.safeParse({ milesMin: 9, milesMax: 3 }))).toEqual(["Miles From must be less than Miles To."]);
    expect(tierUpdateSchema.safeParse({ priceUsd: 70 }).success).toBe(true);
  });
});

describe("new tier defaults", () => {
  it("are the spec's 0, 0, price 0, active, which still need a range before they save", () => {
    expect(NEW_TIER_DEFAULTS).toEqual({ milesMin: 0, milesMax: 0, priceUsd: 0, active: true });
    expect(messages(tierInputSchema.safeParse({ vehicleTypeId: "7f1d7a52-4f55-4c1e-9a3e-0d6a0e2b1c01", ...NEW_TIER_DEFAULTS }))).toEqual(["Miles From must be less than Miles To."]);
  });
});

describe("readiness badge", () => {
  it.each([
    ["fixed_tiers", null, [], "needs_tiers"],
    ["fixed_tiers", null, [{ active: false }], "needs_tiers"],
    ["fixed_tiers", null, [{ active: false }, { active: true }], "ok"],
    ["miles_minutes", null, [{ active: true }], "needs_rates"],
    ["miles_minutes", { active: false }, [], "needs_rates"],
    ["miles_minutes", { active: true }, [], "ok"],
  ] as const)("%s with card %o and tiers %o -> %s", (method, card, tiers, expected) => {
    expect(pricingReadiness(method, card, [...tiers])).toBe(expected);
  });
});

describe("method, simulator and tab inputs", () => {
  it("publishes only the two methods", () => {
    expect(publishPricingSchema.safeParse({ method: "fixed_tiers" }).success).toBe(true);
    expect(publishPricingSchema.safeParse({ method: "surge" }).success).toBe(false);
  });
  it("simulates with a vehicle, non-negative miles and minutes", () => {
    expect(simulateQuoteSchema.safeParse({ vehicleTypeId: vid, miles: 12, minutes: 30 }).success).toBe(true);
    expect(simulateQuoteSchema.safeParse({ vehicleTypeId: vid, miles: -1, minutes: 30 }).success).toBe(false);
    expect(simulateQuoteSchema.safeParse({ vehicleTypeId: "nope", miles: 1, minutes: 30 }).success).toBe(false);
  });
  it("reads the tab query with methods as the default", () => {
    expect(parsePricingTab("fixed_tiers")).toBe("fixed_tiers");
    expect(parsePricingTab(null)).toBe("methods");
    expect(parsePricingTab("bogus")).toBe("methods");
  });
});
