import { describe, expect, it } from "vitest";
import { movedPickup, PICKUP_MOVE_LIMITS, waitingCharge } from "./flights";

const at = (min: number, sec = 0) => new Date(Date.UTC(2031, 2, 12, 20, 0, 0) + min * 60_000 + sec * 1000);

describe("waiting beyond the included time, to the cent", () => {
  it.each([
    // waited (min, s), included, cents/min → waited, billable, cents
    [0, 0, 60, 150, 0, 0, 0],
    [60, 0, 60, 150, 60, 0, 0],
    [60, 1, 60, 150, 61, 1, 150],
    [87, 30, 60, 137, 88, 28, 3836],
    [125, 0, 45, 199, 125, 80, 15920],
    [30, 0, 0, 333, 30, 30, 9990],
    [-5, 0, 60, 150, 0, 0, 0],
  ])("waited %i min %i s, %i included at %i¢ → %i waited, %i billable, %i¢", (min, sec, includedMinutes, perMinuteCents, waitedMinutes, billableMinutes, amountCents) => {
    expect(waitingCharge({ from: at(0), until: at(min, sec), includedMinutes, perMinuteCents })).toEqual({ waitedMinutes, includedMinutes, billableMinutes, perMinuteCents, amountCents });
  });
});

describe("a flight moves the pickup", () => {
  const booked = at(30);
  it.each([
    [45, 75, false],
    [-20, 10, false],
    [0, 30, false],
    [400, 30 + PICKUP_MOVE_LIMITS.laterMinutes, true],
    [-200, 30 - PICKUP_MOVE_LIMITS.earlierMinutes, true],
  ])("landing %i min off → pickup at +%i min (limited: %s)", (delay, pickupMin, limited) => {
    expect(movedPickup({ bookedPickupAt: booked, bufferMinutes: 30, estimatedArrival: at(delay) })).toEqual({ pickupAt: at(pickupMin), limited });
  });
});
