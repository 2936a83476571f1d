// A small fleet with known prices for the quote, booking and realtime suites, plus request helpers.
import { todayInServiceArea, type QuoteInput } from "@meridian/shared/booking";
import { createRateCard, createTier, createVehicle, setPricingMethod } from "../db/factories";
import type { Db } from "../db/client";
import { giveCapacityForDays, type DaysCapacity } from "./factories";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { createFakeGeo, FAKE_PLACES } from "./fake-geo";
import { createTestApp, type TestAppOptions } from "./harness";

/** A date `days` after today in Los Angeles, "YYYY-MM-DD". */
export function laDate(days: number): string {
  const [y, m, d] = todayInServiceArea().split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * Sedan: base $45, 3 passengers, 3 bags, $3.00/mile + $1.00/minute; tiers 0-10 $90, 10-20 $135.
 * SUV: base $65, 6 and 6, $4.00/mile + $1.50/minute; no tiers. Bare: active, no rate card, no tiers.
 * Retired: inactive. Method miles_minutes.
 */
export async function createTestFleet(db: Db) {
  const sedan = await createVehicle(db, { name: "Test Sedan", baseFeeUsd: 45, passengerCapacity: 3, luggageCapacity: 3 });
  await createRateCard(db, sedan.id, 3, 1);
  await createTier(db, sedan.id, 0, 10, 90);
  await createTier(db, sedan.id, 10, 20, 135);
  const suv = await createVehicle(db, { name: "Test SUV", baseFeeUsd: 65, passengerCapacity: 6, luggageCapacity: 6 });
  await createRateCard(db, suv.id, 4, 1.5);
  const bare = await createVehicle(db, { name: "Test Bare Coupe", baseFeeUsd: 10, passengerCapacity: 2, luggageCapacity: 1 });
  const retired = await createVehicle(db, { name: "Test Retired Van", baseFeeUsd: 30, passengerCapacity: 9, luggageCapacity: 9, active: false });
  await createRateCard(db, retired.id, 1, 1);
  await setPricingMethod(db, "miles_minutes");
  invalidatePricingCache();
  return { sedan, suv, bare, retired };
}

export type TestFleet = Awaited<ReturnType<typeof createTestFleet>>;

/**
 * A test app on the fake maps service with the test fleet: how the quote and booking suites start. `capacity`: the
 * chauffeurs on shift and cars of each type the suite's rides need (giveCapacityForDays); none unless asked for.
 */
export async function createFleetTestApp(envOverrides: Record<string, string> = {}, options: TestAppOptions & { capacity?: DaysCapacity } = {}) {
  const { capacity, ...appOptions } = options;
  const t = await createTestApp(envOverrides, { geo: createFakeGeo(), ...appOptions });
  const fleet = await createTestFleet(t.db);
  if (capacity) await giveCapacityForDays(t, capacity);
  return { t, fleet };
}

/** A valid quote request: airport -> hills (12.34 mi, 29.6 min in the fake provider), tomorrow at 09:30. */
export function rideInput(vehicleTypeId: string, overrides: Partial<QuoteInput> = {}): QuoteInput {
  return {
    pickupPlaceId: FAKE_PLACES.airport.placeId,
    dropoffPlaceId: FAKE_PLACES.hills.placeId,
    vehicleTypeId,
    passengers: 1,
    luggage: 0,
    date: laDate(1),
    time: "09:30",
    ...overrides,
  };
}
