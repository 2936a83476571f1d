import { describe, expect, it } from "vitest";
import { LUGGAGE_MESSAGE, noVehicleFitsMessage, PASSENGERS_MESSAGE, partyFieldError, vehiclesThatFit } from "./capacity";

const fleet = [
  { id: "sedan", passengerCapacity: 3, luggageCapacity: 3 },
  { id: "suv", passengerCapacity: 6, luggageCapacity: 6 },
];

describe("party fields", () => {
  it.each([
    ["passengers", "1", undefined],
    ["passengers", "12", undefined],
    ["passengers", "", undefined], // becomes the default on leaving the field
    ["passengers", "0", PASSENGERS_MESSAGE],
    ["passengers", "-3", PASSENGERS_MESSAGE],
    ["passengers", "2.5", PASSENGERS_MESSAGE],
    ["luggage", "0", undefined],
    ["luggage", "-1", LUGGAGE_MESSAGE],
    ["luggage", "1.5", LUGGAGE_MESSAGE],
  ] as const)("%s %j -> %s", (kind, text, message) => {
    expect(partyFieldError(kind, text)).toBe(message);
  });
});

describe("no vehicle fits", () => {
  it("says one thing: the spec's words and what the largest takes", () => {
    expect(vehiclesThatFit(fleet, 7, 0)).toEqual([]);
    expect(noVehicleFitsMessage(fleet, 7)).toBe("No vehicle meets the required capacity. Our largest vehicle seats 6 passengers.");
    expect(noVehicleFitsMessage(fleet, 4)).toBe("No vehicle meets the required capacity. For 4 passengers, the most luggage we can take is 6 bags.");
  });
});
