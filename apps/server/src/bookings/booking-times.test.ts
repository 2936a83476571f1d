// The time rules at every door (issue 27): the quote, the booking and the reschedule refuse a past time, a time
// sooner than the notice and a time off the quarter hour, each with a field message that says why and names the
// earliest bookable time, on the operations clock (Settings), not the server's or UTC.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookableTimeLabel, earliestBookable } from "@meridian/shared/booking-time";
import { DEFAULT_OPERATIONS_SETTINGS, type OperationsSettings } from "@meridian/shared/rides";
import { wallClock } from "@meridian/shared/zoned-time";
import { setValetRates } from "../seed/factories";
import { bookings } from "../db/schema";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { signQuoteToken, verifyQuoteToken } from "../quotes/quote-token";
import { FAKE_PLACES } from "../test/fake-geo";
import type { TestApp } from "../test/harness";
import { countRows } from "../test/helpers";
import { createFleetTestApp, laDate, rideInput, type TestFleet } from "../test/factories";

let t: TestApp;
let fleet: TestFleet;
let customer: { cookie: string };
let admin: { cookie: string };

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp({}, { capacity: {} }));
  await setValetRates(t.db);
  invalidatePricingCache();
  customer = await t.userWithSession();
  admin = await t.userWithSession({ role: "admin" });
});
afterAll(() => t.close());

const LABEL = String.raw`\w{3}, \w{3} \d{1,2} at \d{1,2}:\d{2} [AP]M`;
/** The message with the earliest bookable time (matched loosely: a quarter hour may turn during the test). */
const refusal = (why: string) => new RegExp(`^${why.replace(/[.()]/g, "\\$&")} The earliest bookable time is ${LABEL}\\.$`);

/** Wall-clock date and time `minutes` from now on the operations clock. */
function fromNow(minutes: number, timeZone = DEFAULT_OPERATIONS_SETTINGS.timeZone) {
  const at = new Date(Date.now() + minutes * 60_000);
  at.setUTCMinutes(Math.floor(at.getUTCMinutes() / 15) * 15, 0, 0); // down to the quarter hour
  return wallClock(at, timeZone);
}

/** [label, date, time, field, message] for the three kinds of refused times (the ride's 2-hour notice). */
const refusedTimes = (): [string, string, string, "date" | "time", RegExp | string][] => {
  // An hour ago, or (in the first hour of the day, when that was yesterday) midnight: a time of today already past.
  const hourAgo = fromNow(-60);
  const past = hourAgo.date === laDate(0) ? hourAgo : { date: laDate(0), time: "00:00" };
  const soon = fromNow(60);
  return [
    ["an hour ago", past.date, past.time, "time", refusal("This time has already passed.")],
    ["yesterday", laDate(-1), "12:00", "date", refusal("Date cannot be before today.")],
    ["in an hour (2 hours' notice)", soon.date, soon.time, "time", refusal("Rides need at least 2 hours' notice.")],
    ["off the quarter hour", laDate(2), "10:10", "time", "Please choose a time in 15-minute steps (:00, :15, :30 or :45)."],
  ];
};

const expectField = (res: { status: number; body: any }, field: string, message: RegExp | string, label: string) => {
  expect(res.status, label).toBe(400);
  expect(res.body.error.code, label).toBe("validation_error");
  if (typeof message === "string") expect(res.body.error.fields?.[field], label).toBe(message);
  else expect(res.body.error.fields?.[field], label).toMatch(message);
};

describe("POST /api/quotes", () => {
  it("refuses past, too-soon and odd-minute times with the reason and the earliest bookable time", async () => {
    for (const [label, date, time, field, message] of refusedTimes()) {
      expectField(await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date, time }) }), field, message, label);
    }
  });

  it("names the exact earliest time, and quotes it", async () => {
    const first = earliestBookable("ride", DEFAULT_OPERATIONS_SETTINGS);
    const before = wallClock(new Date(first.at.getTime() - 15 * 60_000), DEFAULT_OPERATIONS_SETTINGS.timeZone);
    const res = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, before) });
    expect(res.body.error.fields.time).toBe(`Rides need at least 2 hours' notice. The earliest bookable time is ${bookableTimeLabel(first.date, first.time)}.`);
    expect((await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: first.date, time: first.time }) })).status).toBe(200);
  });
});

describe("POST /api/bookings", () => {
  it("refuses a signed quote for a time that cannot be booked (any more), and writes nothing", async () => {
    const good = verifyQuoteToken(t.deps.config.authSecret, (await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id) })).body.quoteId);
    if (!good.ok) throw new Error("no quote");
    const before = await countRows(t.db, bookings);
    for (const [label, date, time, field, message] of refusedTimes()) {
      const quoteId = signQuoteToken(t.deps.config.authSecret, { ...good.claims, date, time });
      const res = await t.call("POST", "/api/bookings", { cookie: customer.cookie, headers: { "Idempotency-Key": crypto.randomUUID() }, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId } });
      expectField(res, field, message, label);
    }
    expect(await countRows(t.db, bookings)).toBe(before);
  });
});

describe("POST /api/me/bookings/:id/reschedule", () => {
  it("refuses past, too-soon and odd-minute times before looking at the quote", async () => {
    const quoteId = (await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: laDate(3), time: "12:00" }) })).body.quoteId;
    const booked = await t.call("POST", "/api/bookings", { cookie: customer.cookie, headers: { "Idempotency-Key": crypto.randomUUID() }, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId } });
    expect(booked.status).toBe(201);
    for (const [label, date, time, field, message] of refusedTimes()) {
      const res = await t.call("POST", `/api/me/bookings/${booked.body.booking.id}/reschedule`, { cookie: customer.cookie, json: { date, time, quoteId } });
      expectField(res, field, message, label);
    }
  });
});

describe("the valet notice and the operations time zone (Settings)", () => {
  const event = (date: string, startTime: string) => ({
    customerName: "Vera Valet",
    eventType: "Wedding",
    date,
    startTime,
    endTime: "23:45",
    eventPlaceId: FAKE_PLACES.hills.placeId,
  });

  it("refuses a valet event sooner than 24 hours, on the start time", async () => {
    const soon = fromNow(12 * 60);
    const res = await t.call("POST", "/api/valet/quotes", { json: event(soon.date, soon.time === "23:45" ? "23:30" : soon.time) });
    expectField(res, "startTime", refusal("Valet events need at least 24 hours' notice."), "12 hours ahead");
    expect((await t.call("POST", "/api/valet/quotes", { json: event(laDate(3), "17:00") })).status).toBe(200);
  });

  it("follows the time zone and the notice set in Settings", async () => {
    // Honolulu is two or three hours behind Los Angeles: its earliest time, read on the Los Angeles clock, would be too soon.
    const settings: OperationsSettings = { ...DEFAULT_OPERATIONS_SETTINGS, timeZone: "Pacific/Honolulu", rideNoticeHours: 6 };
    expect((await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: settings })).status).toBe(200);
    try {
      const first = earliestBookable("ride", settings);
      expect((await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: first.date, time: first.time }) })).status).toBe(200);
      const before = wallClock(new Date(first.at.getTime() - 15 * 60_000), settings.timeZone);
      const res = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, before) });
      expect(res.body.error.fields.time).toBe(`Rides need at least 6 hours' notice. The earliest bookable time is ${bookableTimeLabel(first.date, first.time)}.`);
    } finally {
      await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: DEFAULT_OPERATIONS_SETTINGS });
    }
  });
});
