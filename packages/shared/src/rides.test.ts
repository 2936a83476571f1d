import { describe, expect, it } from "vitest";
import { cancellationTerms, coveredByShift, DEFAULT_OPERATIONS_SETTINGS, operationsSettingsSchema, overlaps, rideWindow } from "./rides";
import { wallClock, zonedInstant } from "./zoned-time";

const pickupAt = new Date("2026-12-01T17:30:00Z");
const settings = { cancellationCutoffHours: 24, cancellationFeePercent: 50 };
const at = (msBeforePickup: number) => new Date(pickupAt.getTime() - msBeforePickup);
const H = 3_600_000;

describe("cancellation fee at the cut-off's edges", () => {
  it.each([
    ["a day and a minute before", 24 * H + 60_000, true, 0],
    ["one millisecond before the cut-off", 24 * H + 1, true, 0],
    ["exactly at the cut-off (still free)", 24 * H, true, 0],
    ["one millisecond after the cut-off", 24 * H - 1, false, 75.25],
    ["an hour before pickup", H, false, 75.25],
    ["after pickup", -H, false, 75.25],
  ])("%s", (_label, before, free, fee) => {
    const t = cancellationTerms({ pickupAt, now: at(before), priceUsd: 150.5, settings });
    expect(t.free).toBe(free);
    expect(t.feeUsd).toBe(fee);
    expect(t.cutoffAt).toBe("2026-11-30T17:30:00.000Z");
  });
  it("rounds the share to cents, and a 0% fee is always free", () => {
    expect(cancellationTerms({ pickupAt, now: at(0), priceUsd: 33.33, settings: { cancellationCutoffHours: 24, cancellationFeePercent: 33 } }).feeUsd).toBe(11);
    expect(cancellationTerms({ pickupAt, now: at(0), priceUsd: 99, settings: { cancellationCutoffHours: 24, cancellationFeePercent: 0 } })).toMatchObject({ free: true, feeUsd: 0 });
  });
});

describe("the cancellation fee is a share of the fare in whole cents", () => {
  const feeAt = (priceUsd: number, cancellationFeePercent: number) =>
    cancellationTerms({ pickupAt, now: at(0), priceUsd, settings: { cancellationCutoffHours: 24, cancellationFeePercent } }).feeUsd;

  it("charges $64.09 for half of a $128.17 fare (half a cent rounds up: $64.085), not the $64.08 of float dollars", () => {
    expect(feeAt(128.17, 50)).toBe(64.09);
  });

  it("equals exact integer arithmetic (half a cent away from zero) for every fare up to $1,000 at 10, 25, 33, 50 and 100%", () => {
    const wrong: string[] = [];
    for (const percent of [10, 25, 33, 50, 100]) {
      for (let cents = 0; cents <= 100_000; cents++) {
        const exact = (BigInt(cents) * BigInt(percent) + 50n) / 100n; // whole cents, half up (the fare is never negative)
        const fee = feeAt(cents / 100, percent);
        if (fee !== Number(exact) / 100) wrong.push(`${percent}% of ${cents}c: ${fee}, not ${Number(exact) / 100}`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});

describe("ride windows", () => {
  const w = rideWindow(pickupAt, 29.6, 30);
  it("last the quoted minutes (rounded up) plus the buffer", () => expect(w.end.getTime() - w.start.getTime()).toBe(60 * 60_000));
  it("overlap when they share a minute, not when they only touch", () => {
    expect(overlaps(w, rideWindow(new Date(w.end.getTime() - 60_000), 10, 0))).toBe(true);
    expect(overlaps(w, rideWindow(w.end, 10, 0))).toBe(false);
    expect(overlaps(rideWindow(new Date(pickupAt.getTime() - 10 * 60_000), 10, 0), w)).toBe(false);
  });
  it("are covered only by a shift holding the whole window", () => {
    expect(coveredByShift(w, [{ startsAt: w.start, endsAt: w.end }])).toBe(true);
    expect(coveredByShift(w, [{ startsAt: w.start, endsAt: new Date(w.end.getTime() - 1) }])).toBe(false);
    expect(coveredByShift(w, [])).toBe(false);
  });
});

describe("operations settings", () => {
  it("accepts the defaults and refuses nonsense with the field's sentence", () => {
    expect(operationsSettingsSchema.parse(DEFAULT_OPERATIONS_SETTINGS)).toEqual(DEFAULT_OPERATIONS_SETTINGS);
    const bad = operationsSettingsSchema.safeParse({ ...DEFAULT_OPERATIONS_SETTINGS, cancellationFeePercent: 101, timeZone: "Mars/Olympus" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["Cancellation fee must be a whole number from 0 to 100.", "Choose a time zone such as America/Los_Angeles."]);
  });
});

describe("zoned time", () => {
  it("turns a wall clock into an instant and back, across daylight saving", () => {
    expect(zonedInstant("2026-07-01", "09:30", "America/Los_Angeles").toISOString()).toBe("2026-07-01T16:30:00.000Z");
    expect(zonedInstant("2026-12-01", "09:30", "America/Los_Angeles").toISOString()).toBe("2026-12-01T17:30:00.000Z");
    expect(zonedInstant("2026-12-01", "09:30", "Europe/Paris").toISOString()).toBe("2026-12-01T08:30:00.000Z");
    expect(wallClock(new Date("2026-12-01T17:30:00Z"), "America/Los_Angeles")).toEqual({ date: "2026-12-01", time: "09:30" });
  });
});
