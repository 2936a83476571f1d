import { describe, expect, it } from "vitest";
import { createBookingSchema, idempotencyKeySchema, PAYMENT_METHOD_REQUIRED_MESSAGE, quoteInputSchema, serviceAreaDateTime, todayInServiceArea } from "./booking";

describe("serviceAreaDateTime (Los Angeles wall clock to an instant)", () => {
  it.each([
    ["2026-07-04", "09:30", "2026-07-04T16:30:00.000Z"], // PDT, UTC-7
    ["2026-12-01", "09:30", "2026-12-01T17:30:00.000Z"], // PST, UTC-8
    ["2026-12-31", "23:59", "2027-01-01T07:59:00.000Z"], // crosses the UTC date and year
    ["2026-03-08", "01:59", "2026-03-08T09:59:00.000Z"], // just before spring forward
    ["2026-03-08", "03:00", "2026-03-08T10:00:00.000Z"], // just after
    ["2026-11-01", "00:30", "2026-11-01T07:30:00.000Z"], // before fall back
    ["2026-11-01", "03:00", "2026-11-01T11:00:00.000Z"], // after
  ])("%s %s is %s", (date, time, iso) => {
    expect(serviceAreaDateTime(date, time).toISOString()).toBe(iso);
  });

  it("moves a time that does not exist (spring forward gap) to a real instant within an hour", () => {
    const d = serviceAreaDateTime("2026-03-08", "02:30");
    expect(Math.abs(d.getTime() - Date.parse("2026-03-08T10:00:00Z"))).toBeLessThanOrEqual(60 * 60 * 1000);
  });
});

describe("todayInServiceArea", () => {
  it("is the Los Angeles date, not the UTC date", () => {
    expect(todayInServiceArea(new Date("2026-11-23T05:00:00Z"))).toBe("2026-11-22"); // 21:00 PST the day before
    expect(todayInServiceArea(new Date("2026-11-23T09:00:00Z"))).toBe("2026-11-23");
  });
});

describe("quoteInputSchema", () => {
  const good = {
    pickupPlaceId: "emb:apt:LAX",
    dropoffPlaceId: "emb:zip:90210",
    vehicleTypeId: "5b0e8c8e-7f0e-4a8e-9a55-3f4f1c2d9e10",
    passengers: 1,
    luggage: 0,
    date: todayInServiceArea(),
    time: "12:00",
  };
  it("accepts today and the spec's defaults", () => {
    expect(quoteInputSchema.safeParse(good).success).toBe(true);
  });
  it.each([
    [{ passengers: 0 }, "Passengers must be a whole number of at least 1."],
    [{ luggage: -1 }, "Luggage must be a whole number of at least 0."],
    [{ date: "2026-02-30" }, "Please choose a real calendar date."], // a past day is refused by bookingTimeProblem (booking-time.ts)
    [{ date: "0000-00-00" }, "Please choose a real calendar date."],
    [{ time: "12:10" }, "Please choose a time in 15-minute steps (:00, :15, :30 or :45)."],
    [{ time: "12:60" }, "Please choose a time (HH:MM)."],
    [{ vehicleTypeId: "x" }, "Please choose a vehicle."],
  ])("refuses %j with %s", (patch, message) => {
    const r = quoteInputSchema.safeParse({ ...good, ...patch });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(message);
  });
  it("refuses fields the server computes itself", () => {
    expect(quoteInputSchema.safeParse({ ...good, miles: 3 }).success).toBe(false);
  });
});

describe("createBookingSchema and the Idempotency-Key", () => {
  it("takes a ride or valet booking with a quote id and a card; no card is refused with the card message", () => {
    const card = { paymentMethod: "pm_card_visa" };
    expect(createBookingSchema.safeParse({ service: "ride", quoteId: "abc.def", ...card }).success).toBe(true);
    expect(createBookingSchema.safeParse({ service: "ride", quoteId: "abc.def", paymentRef: "dev_1", ...card }).success).toBe(true);
    expect(createBookingSchema.safeParse({ service: "valet", quoteId: "abc.def", ...card }).success).toBe(true);
    const noCard = createBookingSchema.safeParse({ service: "ride", quoteId: "abc.def" });
    expect(noCard.success).toBe(false);
    expect(noCard.error?.issues[0]).toMatchObject({ path: ["paymentMethod"], message: PAYMENT_METHOD_REQUIRED_MESSAGE });
    expect(createBookingSchema.safeParse({ service: "ride", quoteId: "abc.def", paymentMethod: "  " }).success).toBe(false);
    expect(createBookingSchema.safeParse({ service: "limo", quoteId: "abc.def", ...card }).success).toBe(false);
    expect(createBookingSchema.safeParse({ service: "ride", quoteId: "abc.def", price: 1, ...card }).success).toBe(false);
  });
  it("keys are 1 to 200 characters", () => {
    expect(idempotencyKeySchema.safeParse("").success).toBe(false);
    expect(idempotencyKeySchema.safeParse("a".repeat(200)).success).toBe(true);
    expect(idempotencyKeySchema.safeParse("a".repeat(201)).success).toBe(false);
  });
});
