import { describe, expect, it } from "vitest";
import { TEST_VALET_RATES } from "./test-data";
import { VALET_EVENT_TYPES } from "./valet";
import {
  DEMO_VALET_RATES,
  attendantsNeeded,
  billableHours,
  describeValetRates,
  formatClock,
  formatClockRange,
  lateHours,
  priceValet,
  sameValetRates,
  valetRatesSchema,
  type ValetRates,
} from "./valet-pricing";

/** The card the figures below are computed by hand from. */
const CARD = TEST_VALET_RATES;

describe("attendantsNeeded: one per N cars, rounded up, at least M", () => {
  it.each([
    [1, 2],
    [25, 2],
    [50, 2],
    [51, 3],
    [75, 3],
    [76, 4],
    [2000, 80],
  ])("%i cars -> %i attendants", (vehicles, expected) => {
    expect(attendantsNeeded(CARD, vehicles)).toBe(expected);
  });

  it("never goes below the minimum and never decreases with more cars", () => {
    let previous = 0;
    for (let v = 1; v <= 500; v++) {
      const n = attendantsNeeded({ vehiclesPerAttendant: 7, minimumAttendants: 3 }, v);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeGreaterThanOrEqual(previous);
      expect(n * 7).toBeGreaterThanOrEqual(v); // enough attendants for every car
      previous = n;
    }
  });
});

describe("billable and late hours", () => {
  it.each([
    [60, 4],
    [240, 4],
    [255, 4.25],
    [300, 5],
    [1425, 23.75],
  ])("%i minutes bill %f hours with a 4 h minimum", (minutes, hours) => {
    expect(billableHours(CARD, minutes)).toBe(hours);
  });

  it.each([
    ["17:00", "22:00", 0],
    ["17:00", "22:15", 0.25],
    ["20:00", "23:45", 1.75],
    ["22:30", "23:30", 1],
    ["08:00", "12:00", 0],
  ])("%s-%s has %f hours after 22:00", (start, end, hours) => {
    expect(lateHours("22:00", start, end)).toBe(hours);
  });
});

describe("priceValet", () => {
  it.each([
    ["wedding 17:00-22:00, 60 cars", { eventType: "Wedding", startTime: "17:00", endTime: "22:00", expectedVehicles: 60 }, [100, 450, 80], 630],
    ["corporate 09:00-11:30, default cars", { eventType: "Corporate", startTime: "09:00", endTime: "11:30", expectedVehicles: null }, [100, 240], 340],
    ["party 20:00-23:45, 101 cars", { eventType: "Private Party", startTime: "20:00", endTime: "23:45", expectedVehicles: 101 }, [100, 600, 87.5, 25], 812.5],
    ["other 18:15-23:00, 10 cars", { eventType: "Other", startTime: "18:15", endTime: "23:00", expectedVehicles: 10 }, [100, 285, 20], 405],
    ["hotel 00:00-23:45, 1 car", { eventType: "Hotel/Restaurant", startTime: "00:00", endTime: "23:45", expectedVehicles: 1 }, [100, 1425, 35], 1560],
  ] as const)("%s", (_name, input, amounts, total) => {
    const result = priceValet(CARD, input);
    if (!result.ok) throw new Error(result.message);
    expect(result.quote.lines.map((l) => l.amountUsd)).toEqual(amounts);
    expect(result.quote.totalUsd).toBe(total);
    expect(result.quote.expectedVehiclesDefaulted).toBe(input.expectedVehicles === null);
  });

  it("names the event by its 'Other' description", () => {
    const r = priceValet(CARD, { eventType: "Other", eventTypeOther: " Gala ", startTime: "18:00", endTime: "22:00", expectedVehicles: 5 });
    expect(r.ok && r.quote.eventLabel).toBe("Gala");
  });

  it("refuses an end not after the start", () => {
    expect(priceValet(CARD, { eventType: "Wedding", startTime: "18:00", endTime: "18:00", expectedVehicles: 5 }).ok).toBe(false);
    expect(priceValet(CARD, { eventType: "Wedding", startTime: "18:00", endTime: "17:45", expectedVehicles: 5 }).ok).toBe(false);
  });

  it("keeps every line and the total in whole cents", () => {
    const odd = { ...CARD, attendantHourlyUsd: 33.33, lateHourlySurchargeUsd: 7.77 };
    for (const end of ["22:15", "22:45", "23:15", "23:45"]) {
      const r = priceValet(odd, { eventType: "Wedding", startTime: "17:15", endTime: end, expectedVehicles: 77 });
      if (!r.ok) throw new Error(r.message);
      for (const l of r.quote.lines) expect(Math.round(l.amountUsd * 100)).toBeCloseTo(l.amountUsd * 100, 6);
      expect(Math.round(r.quote.totalUsd * 100)).toBe(r.quote.lines.reduce((s, l) => s + Math.round(l.amountUsd * 100), 0));
    }
  });
});

describe("the valet rate card", () => {
  it("accepts the demo card and explains it in words", () => {
    expect(valetRatesSchema.safeParse(DEMO_VALET_RATES).success).toBe(true);
    const words = describeValetRates(CARD);
    expect(words).toContain("Every event starts at $100.00.");
    expect(words).toContain("Attendants: one for every 25 cars expected, rounded up, and never fewer than 2. An event expecting 100 cars gets 4 attendants.");
    expect(words).toContain("Each attendant is billed $30.00 an hour for the event's length, at least 4 hours.");
    expect(words).toContain("Hours after 10:00 PM add $10.00 per attendant per hour.");
    expect(words).toContain("Event type surcharges, once per event: Wedding $80.00, Private Party $25.00.");
    expect(words).toContain("When the customer leaves expected vehicles empty, the quote assumes 40 cars.");
  });

  it.each([
    [{ vehiclesPerAttendant: 0 }, "vehiclesPerAttendant"],
    [{ minimumAttendants: 2.5 }, "minimumAttendants"],
    [{ minimumHours: 3.3 }, "minimumHours"],
    [{ minimumHours: 25 }, "minimumHours"],
    [{ lateAfter: "9pm" }, "lateAfter"],
    [{ lateAfter: "21:10" }, "lateAfter"],
    [{ attendantHourlyUsd: 1.234 }, "attendantHourlyUsd"],
    [{ eventBaseFeeUsd: -1 }, "eventBaseFeeUsd"],
    [{ defaultExpectedVehicles: 0 }, "defaultExpectedVehicles"],
  ])("refuses %j", (patch, field) => {
    const r = valetRatesSchema.safeParse({ ...CARD, ...patch });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path[0]).toBe(field);
  });

  it("compares cards whatever the key order", () => {
    const reordered = { ...CARD, eventTypeSurchargesUsd: Object.fromEntries([...VALET_EVENT_TYPES].reverse().map((t) => [t, CARD.eventTypeSurchargesUsd[t]])) } as ValetRates;
    expect(sameValetRates(CARD, reordered)).toBe(true);
    expect(sameValetRates(CARD, { ...CARD, minimumAttendants: 3 })).toBe(false);
    expect(sameValetRates(CARD, null)).toBe(false);
  });
});

describe("formatClock and formatClockRange: times as people read them", () => {
  it.each([
    ["00:00", "12:00 AM"],
    ["09:05", "9:05 AM"],
    ["12:00", "12:00 PM"],
    ["18:00", "6:00 PM"],
    ["23:45", "11:45 PM"],
  ])("%s -> %s", (hhmm, shown) => expect(formatClock(hhmm)).toBe(shown));
  it("an event's hours", () => expect(formatClockRange("18:00", "23:00")).toBe("6:00 PM – 11:00 PM"));
});
