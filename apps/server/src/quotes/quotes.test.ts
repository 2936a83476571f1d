import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INVALID_ADDRESS_MESSAGE, QUOTE_TTL_SECONDS } from "@meridian/shared/booking";
import { earliestBookable } from "@meridian/shared/booking-time";
import { DEFAULT_OPERATIONS_SETTINGS } from "@meridian/shared/rides";
import { setPricingMethod } from "../seed/factories";
import { bookings, idempotencyKeys, rideRateCards, tickets, vehicleTypes } from "../db/schema";
import { createFakeGeo, FAKE_PLACES, type FakeGeo } from "../test/fake-geo";
import { createTestApp, type TestApp } from "../test/harness";
import { countRows } from "../test/helpers";
import { createTestFleet, giveCapacityForDays, laDate, rideInput } from "../test/factories";
import { invalidatePricingCache } from "./pricing-data";
import { verifyQuoteToken } from "./quote-token";

let t: TestApp;
let geo: FakeGeo;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;

beforeAll(async () => {
  geo = createFakeGeo();
  t = await createTestApp({}, { geo });
  fleet = await createTestFleet(t.db);
  await giveCapacityForDays(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await setPricingMethod(t.db, "miles_minutes");
  invalidatePricingCache();
});

const quote = (json: unknown) => t.call("POST", "/api/quotes", { json });

describe("GET /api/vehicles", () => {
  it("offers only bookable vehicles (active and priced), smallest first, with the public fields", async () => {
    const res = await t.call("GET", "/api/vehicles");
    expect(res.status).toBe(200);
    // Test Bare Coupe has no rate card and Test Retired Van is inactive: neither is offered nor the default.
    expect(res.body.vehicles).toEqual([
      { id: fleet.sedan.id, name: "Test Sedan", baseFeeUsd: 45, passengerCapacity: 3, luggageCapacity: 3 },
      { id: fleet.suv.id, name: "Test SUV", baseFeeUsd: 65, passengerCapacity: 6, luggageCapacity: 6 },
    ]);
  });

  it("a vehicle is offered once its rate card is active, and no longer when the card is switched off", async () => {
    const names = async () => (await t.call("GET", "/api/vehicles")).body.vehicles.map((v: { name: string }) => v.name);
    const [card] = await t.db.insert(rideRateCards).values({ vehicleTypeId: fleet.bare.id, perMileUsd: 2, perMinuteUsd: 1, active: false }).returning();
    invalidatePricingCache();
    expect(await names()).toEqual(["Test Sedan", "Test SUV"]);
    await t.db.update(rideRateCards).set({ active: true }).where(eq(rideRateCards.id, card!.id));
    invalidatePricingCache();
    expect(await names()).toEqual(["Test Bare Coupe", "Test Sedan", "Test SUV"]);
    await t.db.update(vehicleTypes).set({ active: false }).where(eq(vehicleTypes.id, fleet.bare.id));
    invalidatePricingCache();
    expect(await names()).toEqual(["Test Sedan", "Test SUV"]);
    await t.db.update(vehicleTypes).set({ active: true }).where(eq(vehicleTypes.id, fleet.bare.id));
    await t.db.delete(rideRateCards).where(eq(rideRateCards.id, card!.id));
    invalidatePricingCache();
  });

  it("under fixed tiers, only vehicles with an active tier are offered", async () => {
    await setPricingMethod(t.db, "fixed_tiers");
    invalidatePricingCache();
    const res = await t.call("GET", "/api/vehicles");
    expect(res.body.vehicles.map((v: { name: string }) => v.name)).toEqual(["Test Sedan"]);
  });
});

describe("POST /api/quotes", () => {
  it("prices miles and minutes on the server: itemised lines, miles to 1 decimal, whole minutes, a signed quote id", async () => {
    const before = Date.now();
    const res = await quote(rideInput(fleet.sedan.id));
    expect(res.status).toBe(200);
    expect(res.body.quote).toEqual({
      method: "miles_minutes",
      vehicleTypeId: fleet.sedan.id,
      vehicleName: "Test Sedan",
      miles: 12.3,
      minutes: 30,
      lines: [
        { kind: "base", label: "Base fee", amountUsd: 45 },
        { kind: "distance", label: "12.3 mi × $3.00", amountUsd: 36.9 },
        { kind: "time", label: "30 min × $1.00", amountUsd: 30 },
      ],
      totalUsd: 111.9,
      currency: "USD",
    });
    // The places it priced, as the customer knows them; the booking stores the full places.
    const { placeId, name, address } = FAKE_PLACES.airport;
    expect(res.body.pickup).toEqual({ placeId, name, address });
    expect(res.body.dropoff).toEqual({ placeId: FAKE_PLACES.hills.placeId, name: "Test Hills Hotel", address: FAKE_PLACES.hills.address });
    const expires = Date.parse(res.body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + (QUOTE_TTL_SECONDS - 1) * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + QUOTE_TTL_SECONDS * 1000);
    const verified = verifyQuoteToken(t.deps.config.authSecret, res.body.quoteId);
    expect(verified).toMatchObject({ ok: true, claims: { vehicleTypeId: fleet.sedan.id, totalUsd: 111.9, miles: 12.3, minutes: 30 } });
  });

  it("routes for the ride's Los Angeles date and time", async () => {
    const date = laDate(3);
    await quote(rideInput(fleet.sedan.id, { date, time: "18:45" }));
    const departure = geo.departures.at(-1)!;
    const la = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Los_Angeles",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(departure);
    expect(la).toBe(`${date}, 18:45`);
  });

  it("uses the fixed tier containing the miles when the live method is fixed_tiers", async () => {
    await setPricingMethod(t.db, "fixed_tiers");
    invalidatePricingCache();
    const res = await quote(rideInput(fleet.sedan.id));
    expect(res.status).toBe(200);
    expect(res.body.quote).toMatchObject({
      method: "fixed_tiers",
      miles: 12.3,
      minutes: 30,
      lines: [{ kind: "tier", label: "Fixed fare, 10–20 miles", amountUsd: 135 }],
      totalUsd: 135,
    });
  });

  it("refuses a trip no fixed tier covers with a clear 422", async () => {
    await setPricingMethod(t.db, "fixed_tiers");
    invalidatePricingCache();
    const res = await quote(rideInput(fleet.sedan.id, { dropoffPlaceId: FAKE_PLACES.desert.placeId }));
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({
      code: "no_tier",
      message: "Test Sedan has no fixed price for a 132.0 mile trip. Please choose another vehicle or contact us for a quote.",
    });
  });

  it("refuses a vehicle without an active rate card under miles_minutes", async () => {
    const res = await quote(rideInput(fleet.bare.id));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("no_rate_card");
    expect(res.body.error.message).toBe("Test Bare Coupe has no active rate card yet. Please choose another vehicle.");
  });

  it("checks capacity with the spec's sentences", async () => {
    const both = await quote(rideInput(fleet.sedan.id, { passengers: 5, luggage: 4 }));
    expect(both.status).toBe(422);
    expect(both.body.error).toEqual({
      code: "capacity",
      message: "Selected vehicle only supports 3 passengers. Selected vehicle only supports 3 bags.",
      fields: { passengers: "Selected vehicle only supports 3 passengers.", luggage: "Selected vehicle only supports 3 bags." },
    });
    const bags = await quote(rideInput(fleet.sedan.id, { passengers: 3, luggage: 4 }));
    expect(bags.status).toBe(422);
    expect(bags.body.error.message).toBe("Selected vehicle only supports 3 bags.");
    expect((await quote(rideInput(fleet.suv.id, { passengers: 5, luggage: 4 }))).status).toBe(200);
  });

  it("asks for an address from the suggestions when a place id is unknown", async () => {
    const res = await quote(rideInput(fleet.sedan.id, { dropoffPlaceId: "test:nowhere" }));
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: "validation_error",
      message: INVALID_ADDRESS_MESSAGE,
      fields: { dropoffPlaceId: INVALID_ADDRESS_MESSAGE },
    });
  });

  it("refuses the same pickup and dropoff", async () => {
    const res = await quote(rideInput(fleet.sedan.id, { dropoffPlaceId: FAKE_PLACES.airport.placeId }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("same_address");
    expect(res.body.error.message).toMatch(/Pickup and dropoff must be different/);
  });

  it("answers route_failed when the maps service finds no route", async () => {
    const res = await quote(rideInput(fleet.sedan.id, { dropoffPlaceId: FAKE_PLACES.island.placeId }));
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({ code: "route_failed", message: "Could not calculate route" });
  });

  it("answers 502 provider_error (not a 500) while the maps service is down, and a booking then writes nothing", async () => {
    const { cookie } = await t.userWithSession();
    const quoteId = (await quote(rideInput(fleet.sedan.id, { time: "06:15" }))).body.quoteId as string;
    const key = crypto.randomUUID();
    const book = () => t.call("POST", "/api/bookings", { cookie, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId }, headers: { "Idempotency-Key": key } });
    const counts = async () => [await countRows(t.db, bookings), await countRows(t.db, tickets), await countRows(t.db, idempotencyKeys)];
    const before = await counts();
    for (const outage of ["place", "route"] as const) {
      geo.outage = outage;
      try {
        const res = await quote(rideInput(fleet.sedan.id, { time: outage === "place" ? "06:30" : "06:45" }));
        expect(res.status, outage).toBe(502);
        expect(res.body.error, outage).toEqual({ code: "provider_error", message: "The maps service is not answering. Please try again." });
        if (outage === "place") {
          const booking = await book();
          expect(booking.status).toBe(502);
          expect(booking.body.error.code).toBe("provider_error");
        }
      } finally {
        geo.outage = null;
      }
    }
    expect(await counts()).toEqual(before);
    // Once the provider is back, the same Idempotency-Key books normally: the failed attempt left nothing behind.
    expect((await book()).status).toBe(201);
  });

  it("refuses an inactive or unknown vehicle", async () => {
    for (const id of [fleet.retired.id, crypto.randomUUID()]) {
      const res = await quote(rideInput(id));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("vehicle_unavailable");
      expect(res.body.error.fields).toHaveProperty("vehicleTypeId");
    }
  });

  it("follows a rate change once the cache is invalidated (the admin screens call invalidatePricingCache)", async () => {
    await t.db.update(rideRateCards).set({ perMileUsd: 5 }).where(eq(rideRateCards.vehicleTypeId, fleet.sedan.id));
    invalidatePricingCache();
    const res = await quote(rideInput(fleet.sedan.id));
    expect(res.body.quote.totalUsd).toBe(45 + 61.5 + 30);
    await t.db.update(rideRateCards).set({ perMileUsd: 3 }).where(eq(rideRateCards.vehicleTypeId, fleet.sedan.id));
    invalidatePricingCache();
  });

  it("validates every field with a 400 and per-field messages, and writes nothing", async () => {
    const counts = async () => [await countRows(t.db, bookings), await countRows(t.db, tickets), await countRows(t.db, idempotencyKeys)];
    const before = await counts();
    const good = rideInput(fleet.sedan.id);
    const cases: [unknown, string][] = [
      [{ ...good, passengers: 0 }, "passengers"],
      [{ ...good, passengers: 1.5 }, "passengers"],
      [{ ...good, passengers: "2" }, "passengers"],
      [{ ...good, passengers: 61 }, "passengers"],
      [{ ...good, luggage: -1 }, "luggage"],
      [{ ...good, luggage: 61 }, "luggage"],
      [{ ...good, date: laDate(-1) }, "date"],
      [{ ...good, date: "2027-02-30" }, "date"],
      [{ ...good, date: "tomorrow" }, "date"],
      [{ ...good, time: "24:00" }, "time"],
      [{ ...good, time: "9:30" }, "time"],
      [{ ...good, time: "09:20" }, "time"],
      [{ ...good, vehicleTypeId: "sedan" }, "vehicleTypeId"],
      [{ ...good, pickupPlaceId: "" }, "pickupPlaceId"],
      [{ ...good, dropoffPlaceId: 42 }, "dropoffPlaceId"],
      [{ ...good, miles: 1 }, "miles"],
      [{ ...good, totalUsd: 1 }, "totalUsd"],
    ];
    for (const [json, field] of cases) {
      const res = await quote(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.fields, JSON.stringify(json)).toHaveProperty([field]);
    }
    expect((await quote({ ...good, date: laDate(-1) })).body.error.fields.date).toMatch(/^Date cannot be before today\. The earliest bookable time is /);
    expect((await t.call("POST", "/api/quotes", { body: "{not json" })).status).toBe(400);
    expect((await t.call("POST", "/api/quotes", { body: "[]" })).status).toBe(400);
    expect((await t.call("POST", "/api/quotes", { body: JSON.stringify(good), headers: { "content-type": "text/plain" } })).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("accepts the earliest bookable time (the operations clock plus the notice, on the quarter hour)", async () => {
    const first = earliestBookable("ride", DEFAULT_OPERATIONS_SETTINGS);
    expect((await quote(rideInput(fleet.sedan.id, { date: first.date, time: first.time }))).status).toBe(200);
  });
});
