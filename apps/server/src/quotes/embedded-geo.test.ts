// End to end with the real embedded maps provider (no test double): LAX to Beverly Hills, quoted and booked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { createTestFleet, laDate } from "../test/ride-fixtures";

let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;

beforeAll(async () => {
  t = await createTestApp();
  fleet = await createTestFleet(t.db);
});
afterAll(() => t.close());

describe("quote and booking on the embedded gazetteer", () => {
  it("quotes LAX to Beverly Hills from place ids and books it", async () => {
    expect(t.deps.geo.provider).toBe("embedded");
    const input = {
      pickupPlaceId: "emb:apt:LAX",
      dropoffPlaceId: "emb:zip:90210",
      vehicleTypeId: fleet.sedan.id,
      passengers: 2,
      luggage: 2,
      date: laDate(2),
      time: "12:00",
    };
    const res = await t.call("POST", "/api/quotes", { json: input });
    expect(res.status).toBe(200);
    const { quote, pickup, dropoff } = res.body;
    expect(pickup.placeId).toBe("emb:apt:LAX");
    expect(dropoff.placeId).toBe("emb:zip:90210");
    expect(quote.miles).toBeGreaterThanOrEqual(9);
    expect(quote.miles).toBeLessThanOrEqual(14);
    expect(Number.isInteger(quote.minutes)).toBe(true);
    expect(Math.round(quote.miles * 10) / 10).toBe(quote.miles);
    // Sedan: $45 + $3.00/mile + $1.00/minute, from the displayed (rounded) figures.
    expect(quote.totalUsd).toBeCloseTo(45 + quote.miles * 3 + quote.minutes, 2);

    const { cookie } = await t.userWithSession();
    const booked = await t.call("POST", "/api/bookings", {
      cookie,
      json: { service: "ride", paymentMethod: "pm_card_visa", quoteId: res.body.quoteId },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect(booked.status).toBe(201);
    expect(booked.body.booking.price).toBe(quote.totalUsd);
  });

  it("answers 'Please select a valid address from the suggestions.' for an id the gazetteer does not know", async () => {
    const res = await t.call("POST", "/api/quotes", {
      json: { pickupPlaceId: "emb:apt:NOPE", dropoffPlaceId: "emb:zip:90210", vehicleTypeId: fleet.sedan.id, passengers: 1, luggage: 0, date: laDate(1), time: "12:00" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ pickupPlaceId: "Please select a valid address from the suggestions." });
  });
});
