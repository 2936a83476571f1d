// End to end with the real embedded maps provider (no test double): LAX to Beverly Hills, quoted and booked.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../db/schema";
import { createTestApp, type TestApp } from "../test/harness";
import { createTestFleet, giveCapacityForDays, laDate } from "../test/factories";
import { expectFieldErrors } from "../test/helpers";

let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;

beforeAll(async () => {
  t = await createTestApp();
  fleet = await createTestFleet(t.db);
  await giveCapacityForDays(t);
});
afterAll(() => t.close());

/** The quote booked (201) by a new customer with the test Visa. */
async function bookAsNewCustomer(quoteId: string) {
  const { cookie } = await t.userWithSession();
  const booked = await t.call("POST", "/api/bookings", {
    cookie,
    json: { service: "ride", paymentMethod: "pm_card_visa", quoteId },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(booked.status).toBe(201);
  return booked;
}

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

    const booked = await bookAsNewCustomer(res.body.quoteId);
    expect(booked.body.booking.price).toBe(quote.totalUsd);
  });

  it("answers 'Please select a valid address from the suggestions.' for an id the gazetteer does not know", async () => {
    const res = await t.call("POST", "/api/quotes", {
      json: { pickupPlaceId: "emb:apt:NOPE", dropoffPlaceId: "emb:zip:90210", vehicleTypeId: fleet.sedan.id, passengers: 1, luggage: 0, date: laDate(1), time: "12:00" },
    });
    expectFieldErrors(res, { pickupPlaceId: "Please select a valid address from the suggestions." });
  });
});

describe("typed street addresses and islands on the embedded gazetteer", () => {
  const ride = (pickupPlaceId: string, dropoffPlaceId: string) => ({
    pickupPlaceId,
    dropoffPlaceId,
    vehicleTypeId: fleet.sedan.id,
    passengers: 1,
    luggage: 0,
    date: laDate(2),
    time: "12:00",
  });

  it("'123 Main St, Los Angeles' is suggested as approximate, quoted from there and booked as typed", async () => {
    const found = await t.call("GET", `/api/places/suggest?q=${encodeURIComponent("123 Main St, Los Angeles")}`);
    expect(found.status).toBe(200);
    const [first] = found.body.suggestions;
    expect(first).toMatchObject({ primary: "123 Main St", approximate: true });
    const details = await t.call("GET", `/api/places/${first.placeId}`);
    expect(details.body).toMatchObject({ address: "123 Main St, Los Angeles", approximate: true, precision: "city" });

    const quoted = await t.call("POST", "/api/quotes", { json: ride(first.placeId, "emb:apt:LAX") });
    expect(quoted.status).toBe(200);
    expect(quoted.body.pickup).toEqual({ placeId: first.placeId, name: "123 Main St", address: "123 Main St, Los Angeles" });
    expect(quoted.body.quote.miles).toBeGreaterThan(10);

    const booked = await bookAsNewCustomer(quoted.body.quoteId);
    // What the confirmation and the chauffeur's screen read: the address as typed.
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked.body.booking.id));
    expect((row!.details as { pickup: unknown }).pickup).toMatchObject({ name: "123 Main St", address: "123 Main St, Los Angeles" });
  });

  it("refuses Santa Catalina Island (Avalon, its airport, a typed street there) with the reason, as pickup, dropoff or valet event", async () => {
    const avalonStreet = (await t.call("GET", `/api/places/suggest?q=${encodeURIComponent("123 Crescent Ave, Avalon")}`)).body.suggestions[0].placeId;
    for (const island of ["emb:city:5325305", "emb:apt:AVX", avalonStreet]) {
      const res = await t.call("POST", "/api/quotes", { json: ride("emb:apt:LAX", island) });
      expect(res.status, island).toBe(422);
      expect(res.body.error).toMatchObject({
        code: "unreachable_by_car",
        fields: { dropoffPlaceId: expect.stringMatching(/^Santa Catalina Island cannot be reached by car: there is no road from the mainland\./) },
      });
    }
    const pickup = await t.call("POST", "/api/quotes", { json: ride("emb:apt:AVX", "emb:apt:LAX") });
    expect(pickup.body.error.fields).toHaveProperty("pickupPlaceId");
    // The mainland across the water is fine (Long Beach, San Pedro, Palos Verdes).
    expect((await t.call("POST", "/api/quotes", { json: ride("emb:venue:queen-mary", "emb:apt:LAX") })).status).toBe(200);
  });
});
