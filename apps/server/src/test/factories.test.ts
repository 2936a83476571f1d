// The test factories give a window exactly the capacity asked for, as the availability rule reads it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rideAvailability } from "@meridian/shared/availability";
import { zonedInstant } from "@meridian/shared/zoned-time";
import { availabilityWorld } from "../rides/capacity.service";
import { createFleetTestApp, giveCapacity, laDate, type TestFleet } from "./factories";
import type { TestApp } from "./harness";

let t: TestApp;
let fleet: TestFleet;
beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
});
afterAll(() => t.close());

const LA = "America/Los_Angeles";
const rules = { timeZone: LA, bufferMinutes: 30 };

describe("giveCapacity", () => {
  it("puts N chauffeurs on shift through the window and N cars of each active type, and nothing outside it", async () => {
    const day = laDate(30);
    const from = zonedInstant(day, "08:00", LA);
    const to = zonedInstant(day, "20:00", LA);
    const before = await availabilityWorld(t.db, from, to);
    expect(before.shifts).toEqual([]);
    expect(before.units).toEqual([]);

    const { chauffeurs, units } = await giveCapacity(t, { from, to, chauffeurs: 2, unitsPerType: 1 });
    expect(chauffeurs.map((c) => c.role)).toEqual(["chauffeur", "chauffeur"]);
    // Sedan, SUV and the bare coupe are active; the retired van gets no car.
    expect(units.map((u) => u.vehicleTypeId).sort()).toEqual([fleet.sedan.id, fleet.suv.id, fleet.bare.id].sort());

    const world = await availabilityWorld(t.db, from, to);
    const ride = (time: string, vehicleTypeId = fleet.sedan.id) => ({ pickupAt: zonedInstant(day, time, LA), minutes: 60, vehicleTypeId });
    expect(rideAvailability(ride("10:00"), world, rules)).toEqual({ sellable: true, reason: null, chauffeursLeft: 2, unitsLeft: 1 });
    expect(rideAvailability(ride("10:00", fleet.retired.id), world, rules).reason).toBe("no_unit");
    expect(rideAvailability(ride("19:00"), world, rules).reason).toBe("off_duty"); // the window (+ buffer) outlasts the shifts
    const sold = { ...world, rides: [{ id: "r1", ...ride("10:00"), chauffeurId: null, unitId: null }] };
    expect(rideAvailability(ride("10:30"), sold, rules)).toMatchObject({ sellable: false, reason: "no_unit", chauffeursLeft: 1, unitsLeft: 0 });
  });
});
