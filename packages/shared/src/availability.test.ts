// The availability rule's edges as tables: the dispatch buffer, shift ends (and joined shifts), midnight,
// maintenance and retired cars, blackout dates, operating hours, booked-but-unassigned rides; then the nearest
// sellable times, the desk's capacity per hour and the shift changes that strand a ride.
import { describe, expect, it } from "vitest";
import {
  hourlyCapacity,
  mergedShifts,
  nearestSellableTimes,
  peakOverlap,
  rideAvailability,
  shiftRemovalImpact,
  shiftWarnings,
  type AvailabilityRules,
  type AvailabilityShift,
  type AvailabilityUnit,
  type SoldRide,
} from "./availability";
import { zonedInstant } from "./zoned-time";

const TZ = "America/Los_Angeles";
const DAY = "2026-03-10"; // a Tuesday, no daylight-saving change
const at = (time: string, date = DAY) => zonedInstant(date, time, TZ);
const rules: AvailabilityRules = { timeZone: TZ, bufferMinutes: 30 };
const SEDAN = "sedan";
const SUV = "suv";

const shift = (chauffeurId: string, from: string, to: string, toDate = DAY): AvailabilityShift => ({ chauffeurId, chauffeurName: chauffeurId, startsAt: at(from), endsAt: at(to, toDate) });
const unit = (id: string, vehicleTypeId = SEDAN, status: AvailabilityUnit["status"] = "in_service"): AvailabilityUnit => ({ id, vehicleTypeId, status });
let n = 0;
const sold = (time: string, o: Partial<SoldRide> = {}): SoldRide => ({ id: `r${n++}`, pickupAt: at(time), minutes: 30, vehicleTypeId: SEDAN, chauffeurId: null, unitId: null, ...o });
const ask = (time: string, minutes = 30, vehicleTypeId = SEDAN, date = DAY) => ({ pickupAt: at(time, date), minutes, vehicleTypeId });

describe("rideAvailability", () => {
  const oneOfEach = { shifts: [shift("ann", "06:00", "18:00")], units: [unit("car1")] };
  const cases: { name: string; world: Parameters<typeof rideAvailability>[1]; ride: ReturnType<typeof ask>; rules?: AvailabilityRules; expected: string | null }[] = [
    { name: "a chauffeur on shift and a free car: sellable", world: { ...oneOfEach, rides: [] }, ride: ask("10:00"), expected: null },
    { name: "nobody on shift", world: { shifts: [], units: [unit("car1")], rides: [] }, ride: ask("10:00"), expected: "off_duty" },
    { name: "no car of the type", world: { ...oneOfEach, units: [unit("suv1", SUV)], rides: [] }, ride: ask("10:00"), expected: "no_unit" },
    // Shift ends: the window (pickup + minutes + buffer) must fit inside the shift.
    { name: "window ends exactly at the shift's end", world: { ...oneOfEach, rides: [] }, ride: ask("17:00"), expected: null },
    { name: "buffer runs past the shift's end", world: { ...oneOfEach, rides: [] }, ride: ask("17:15"), expected: "off_duty" },
    { name: "pickup before the shift starts", world: { ...oneOfEach, rides: [] }, ride: ask("05:45"), expected: "off_duty" },
    { name: "back-to-back shifts of one person join up", world: { shifts: [shift("ann", "06:00", "12:00"), shift("ann", "12:00", "18:00")], units: [unit("car1")], rides: [] }, ride: ask("11:30"), expected: null },
    { name: "two people's shifts do not join", world: { shifts: [shift("ann", "06:00", "12:00"), shift("bob", "12:00", "18:00")], units: [unit("car1")], rides: [] }, ride: ask("11:30"), expected: "off_duty" },
    // The dispatch buffer: an assigned ride holds chauffeur and car until its minutes + buffer are over.
    { name: "chauffeur's ride overlaps within the buffer", world: { ...oneOfEach, units: [unit("car1"), unit("car2")], rides: [sold("09:00", { chauffeurId: "ann", unitId: "car2" })] }, ride: ask("09:45"), expected: "no_chauffeur" },
    { name: "chauffeur free once minutes + buffer are over (touching)", world: { ...oneOfEach, units: [unit("car1"), unit("car2")], rides: [sold("09:00", { chauffeurId: "ann", unitId: "car2" })] }, ride: ask("10:00"), expected: null },
    { name: "the only car is on an overlapping ride", world: { shifts: [shift("ann", "06:00", "18:00"), shift("bob", "06:00", "18:00")], units: [unit("car1")], rides: [sold("09:00", { chauffeurId: "bob", unitId: "car1" })] }, ride: ask("09:30"), expected: "no_unit" },
    { name: "buffer 0: touching at the ride's end", world: { ...oneOfEach, rides: [sold("09:00", { chauffeurId: "ann", unitId: "car1" })] }, ride: ask("09:30"), rules: { ...rules, bufferMinutes: 0 }, expected: null },
    // Maintenance and retired cars are never sold.
    { name: "the car is in maintenance", world: { ...oneOfEach, units: [unit("car1", SEDAN, "maintenance")], rides: [] }, ride: ask("10:00"), expected: "no_unit" },
    { name: "the car is retired", world: { ...oneOfEach, units: [unit("car1", SEDAN, "retired")], rides: [] }, ride: ask("10:00"), expected: "no_unit" },
    // Booked but unassigned rides count against capacity.
    { name: "an unassigned ride takes the only chauffeur and car", world: { ...oneOfEach, rides: [sold("10:15")] }, ride: ask("10:00"), expected: "no_chauffeur" },
    { name: "an unassigned ride of another type takes the chauffeur, not the car", world: { shifts: [shift("ann", "06:00", "18:00"), shift("bob", "06:00", "18:00")], units: [unit("car1"), unit("suv1", SUV)], rides: [sold("10:15", { vehicleTypeId: SUV })] }, ride: ask("10:00"), expected: null },
    { name: "an assigned ride without a car still needs one", world: { shifts: [shift("ann", "06:00", "18:00"), shift("bob", "06:00", "18:00")], units: [unit("car1")], rides: [sold("10:15", { chauffeurId: "bob" })] }, ride: ask("10:00"), expected: "no_unit" },
    { name: "two unassigned rides that never run together need one chauffeur", world: { shifts: [shift("ann", "06:00", "18:00"), shift("bob", "06:00", "18:00")], units: [unit("car1"), unit("car2")], rides: [sold("09:00", { minutes: 15 }), sold("10:30", { minutes: 15 })] }, ride: ask("09:30", 60), expected: null },
    // Midnight: a night shift covers a ride across it; a shift ending at midnight does not.
    { name: "a ride across midnight inside a night shift", world: { shifts: [shift("ann", "18:00", "02:00", "2026-03-11")], units: [unit("car1")], rides: [] }, ride: ask("23:30"), expected: null },
    { name: "a ride across midnight after a shift ending at midnight", world: { shifts: [shift("ann", "18:00", "00:00", "2026-03-11")], units: [unit("car1")], rides: [] }, ride: ask("23:30"), expected: "off_duty" },
    { name: "yesterday's late ride holds the car past midnight", world: { shifts: [shift("ann", "18:00", "04:00", "2026-03-11"), shift("bob", "18:00", "04:00", "2026-03-11")], units: [unit("car1")], rides: [sold("23:45", { chauffeurId: "bob", unitId: "car1", minutes: 45 })] }, ride: ask("00:30", 30, SEDAN, "2026-03-11"), expected: "no_unit" },
    // Blackout dates and operating hours.
    { name: "a blackout day", world: { ...oneOfEach, rides: [] }, ride: ask("10:00"), rules: { ...rules, blackoutDates: [DAY] }, expected: "blackout" },
    { name: "a ride that runs into a blackout day after midnight", world: { shifts: [shift("ann", "18:00", "02:00", "2026-03-11")], units: [unit("car1")], rides: [] }, ride: ask("23:30"), rules: { ...rules, blackoutDates: ["2026-03-11"] }, expected: "blackout" },
    { name: "a ride ending exactly at midnight before a blackout day", world: { shifts: [shift("ann", "18:00", "02:00", "2026-03-11")], units: [unit("car1")], rides: [] }, ride: ask("23:00"), rules: { ...rules, blackoutDates: ["2026-03-11"] }, expected: null },
    { name: "before opening", world: { ...oneOfEach, rides: [] }, ride: ask("06:30"), rules: { ...rules, operatingHours: { open: "07:00", close: "22:00" } }, expected: "closed" },
    { name: "at closing (a pickup until before the close)", world: { ...oneOfEach, rides: [] }, ride: ask("17:00"), rules: { ...rules, operatingHours: { open: "07:00", close: "17:00" } }, expected: "closed" },
    { name: "overnight hours include 01:00", world: { shifts: [shift("ann", "00:00", "06:00")], units: [unit("car1")], rides: [] }, ride: ask("01:00"), rules: { ...rules, operatingHours: { open: "18:00", close: "03:00" } }, expected: null },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(rideAvailability(c.ride, c.world, c.rules ?? rules).reason).toBe(c.expected);
    });
  }

  it("says how many chauffeurs and cars are left", () => {
    const world = { shifts: [shift("ann", "06:00", "18:00"), shift("bob", "06:00", "18:00"), shift("cy", "06:00", "18:00")], units: [unit("a"), unit("b"), unit("c"), unit("d")], rides: [sold("10:00"), sold("10:00", { chauffeurId: "cy", unitId: "a" })] };
    expect(rideAvailability(ask("10:15"), world, rules)).toEqual({ sellable: true, reason: null, chauffeursLeft: 1, unitsLeft: 2 });
  });
});

describe("peakOverlap and mergedShifts", () => {
  it("counts the most spans at one moment, touching ends apart", () => {
    const s = (a: string, b: string) => ({ start: at(a), end: at(b) });
    expect(peakOverlap([s("09:00", "10:00"), s("10:00", "11:00")], s("08:00", "12:00"))).toBe(1);
    expect(peakOverlap([s("09:00", "10:30"), s("10:00", "11:00"), s("10:15", "10:20")], s("08:00", "12:00"))).toBe(3);
    expect(peakOverlap([s("09:00", "10:30")], s("10:30", "12:00"))).toBe(0);
  });
  it("joins overlapping and touching shifts of one person", () => {
    const m = mergedShifts([shift("ann", "12:00", "18:00"), shift("ann", "06:00", "12:00"), shift("ann", "20:00", "22:00")]);
    expect(m.get("ann")!.map((s) => [s.start.toISOString(), s.end.toISOString()])).toEqual([
      [at("06:00").toISOString(), at("18:00").toISOString()],
      [at("20:00").toISOString(), at("22:00").toISOString()],
    ]);
  });
});

describe("nearestSellableTimes", () => {
  it("offers the three nearest sellable times the same day, in clock order", () => {
    // One chauffeur 08:00-14:00, one car; a ride sold at 10:00 (holds 10:00-11:00).
    const world = { shifts: [shift("ann", "08:00", "14:00")], units: [unit("car1")], rides: [sold("10:00", { chauffeurId: "ann", unitId: "car1" })] };
    expect(rideAvailability(ask("10:15"), world, rules).sellable).toBe(false);
    // 11:00 (45 min away) and 11:15 (60) first; then 09:00 (the latest before: 09:00-10:00 touches) and 11:30 tie
    // at 75 minutes: the earlier wins.
    expect(nearestSellableTimes(ask("10:15"), world, rules)).toEqual([
      { date: DAY, time: "09:00" },
      { date: DAY, time: "11:00" },
      { date: DAY, time: "11:15" },
    ]);
  });
  it("never offers a time before notBefore, nor another day", () => {
    const world = { shifts: [shift("ann", "22:00", "06:00", "2026-03-11")], units: [unit("car1")], rides: [] };
    const times = nearestSellableTimes(ask("21:00"), world, rules, { count: 5, notBefore: at("22:30") });
    expect(times).toEqual(["22:30", "22:45", "23:00", "23:15", "23:30"].map((time) => ({ date: DAY, time })));
  });
  it("offers nothing on a blackout day", () => {
    expect(nearestSellableTimes(ask("10:00"), { shifts: [shift("ann", "06:00", "18:00")], units: [unit("car1")], rides: [] }, { ...rules, blackoutDates: [DAY] })).toEqual([]);
  });
});

describe("the desk: hourlyCapacity and shiftWarnings", () => {
  const world = {
    shifts: [shift("ann", "08:00", "12:00"), shift("bob", "08:00", "16:00")],
    units: [unit("car1"), unit("car2"), unit("car3", SEDAN, "maintenance")],
    rides: [sold("09:00", { id: "a", chauffeurId: "ann", unitId: "car1" }), sold("09:15", { id: "b" }), sold("11:30", { id: "c", chauffeurId: "ann", unitId: "car1" }), sold("12:00", { id: "d" }), sold("12:00", { id: "e" })],
  };
  it("gives each hour its rides at the busiest moment, chauffeurs through the hour, cars in service", () => {
    const rows = hourlyCapacity(DAY, world, rules);
    expect(rows).toHaveLength(24);
    const pick = (h: number) => {
      const r = rows[h]!;
      return [r.sold, r.unassigned, r.chauffeurs, r.units, r.short];
    };
    expect(pick(7)).toEqual([0, 0, 0, 2, false]);
    expect(pick(9)).toEqual([2, 1, 2, 2, false]);
    expect(pick(12)).toEqual([3, 2, 1, 2, true]); // 11:30's ride runs to 12:30; two sold at 12:00; only Bob after noon
    expect(pick(16)).toEqual([0, 0, 0, 2, false]);
    expect(rows[12]!.startsAt).toBe(at("12:00").toISOString());
  });
  it("warns of a shift ending during its chauffeur's ride, and of an end leaving more rides than chauffeurs", () => {
    const warnings = shiftWarnings(world, rules, at("07:00"));
    expect(warnings.map((w) => [w.kind, w.at, w.rideIds])).toEqual([
      ["ride_outlasts_shift", at("12:00").toISOString(), ["c"]],
      ["short_after_shift_change", at("12:00").toISOString(), ["c", "d", "e"]],
    ]);
    expect(warnings[0]!.message).toBe("ann's shift ends at 12:00 PM, during their 11:30 AM ride (until 12:30 PM with the buffer). Extend the shift or reassign the ride.");
    expect(warnings[1]!.message).toBe("After the shift change at 12:00 PM: 3 rides under way, 1 chauffeur on shift. Add a shift before then.");
    // Only coming changes: once noon is past, nothing to warn of.
    expect(shiftWarnings(world, rules, at("12:01"))).toEqual([]);
  });
});

describe("shiftRemovalImpact", () => {
  const world = {
    shifts: [shift("ann", "08:00", "12:00"), shift("ann", "12:00", "16:00"), shift("bob", "08:00", "16:00")],
    units: [unit("car1"), unit("car2")],
    rides: [sold("11:30", { id: "a", chauffeurId: "ann", unitId: "car1" }), sold("14:00", { id: "b" }), sold("14:00", { id: "c" })],
  };
  it("names the assigned ride only this shift covered (back-to-back shifts join), and the first short moment", () => {
    const impact = shiftRemovalImpact(world, world.shifts[1]!, rules);
    expect(impact.map((w) => [w.kind, w.rideIds])).toEqual([
      ["ride_outlasts_shift", ["a"]],
      ["short_after_shift_change", ["b", "c"]],
    ]);
    expect(impact[0]!.message).toBe("ann's 11:30 AM ride (until 12:30 PM with the buffer) would have no shift. Reassign it first.");
    expect(impact[1]!.message).toBe("From 2:00 PM: 2 rides under way, 1 chauffeur on shift.");
  });
  it("has nothing to say about a shift nothing depends on", () => {
    expect(shiftRemovalImpact({ ...world, rides: [] }, world.shifts[1]!, rules)).toEqual([]);
  });
});
