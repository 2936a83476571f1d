// Issue 26 point 2: a ride is sold only when it can be served. The quote answers 409 unavailable with the nearest
// sellable times; the booking checks again under the day's lock before the card, so two customers racing for the
// last car make one booking and one 409, and the loser's card is never authorised. PGlite and PostgreSQL.
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNAVAILABLE_MESSAGES } from "@meridian/shared/availability";
import type { QuoteInput } from "@meridian/shared/booking";
import { DEFAULT_OPERATIONS_SETTINGS } from "@meridian/shared/rides";
import { zonedInstant } from "@meridian/shared/zoned-time";
import { embeddedIdempotencyKeys } from "../db/schema";
import { createFleetTestApp, giveCapacity, laDate, rideInput, type TestFleet } from "../test/factories";
import type { TestApp } from "../test/harness";

let t: TestApp;
let fleet: TestFleet;
let admin: { cookie: string };
const LA = "America/Los_Angeles";
const DAY = laDate(5);

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  admin = await t.userWithSession({ role: "admin" });
  // Two chauffeurs from 06:00 to 22:00 and one sedan: one sedan ride at a time.
  await giveCapacity(t, { from: zonedInstant(DAY, "06:00", LA), to: zonedInstant(DAY, "22:00", LA), chauffeurs: 2, unitsPerType: 1, vehicleTypeIds: [fleet.sedan.id] });
});
afterAll(() => t.close());

const quote = (overrides: Partial<QuoteInput>) => t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: DAY, ...overrides }) });
async function book(cookie: string, time: string, key = crypto.randomUUID()) {
  const q = await quote({ time });
  expect(q.status).toBe(200);
  return t.call("POST", "/api/bookings", { cookie, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId: q.body.quoteId }, headers: { "Idempotency-Key": key } });
}
const authorisationsOf = async (userId: string) => (await t.db.select().from(embeddedIdempotencyKeys).where(like(embeddedIdempotencyKeys.key, `booking:${userId}:%`))).length;

describe("selling only what can be served", () => {
  it("refuses a full hour with the three nearest sellable times", async () => {
    const { cookie } = await t.userWithSession();
    expect((await book(cookie, "10:00")).status).toBe(201);
    // The sedan rides 10:00 to 10:30 and the buffer 30 minutes: 10:00 to 11:00 is taken, 09:00 and 11:00 touch it.
    const full = await quote({ time: "10:15" });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ error: { code: "unavailable", message: UNAVAILABLE_MESSAGES.no_unit, alternatives: [{ date: DAY, time: "09:00" }, { date: DAY, time: "11:00" }, { date: DAY, time: "11:15" }] } });
    // Another type has no car at all.
    expect((await t.call("POST", "/api/quotes", { json: rideInput(fleet.suv.id, { date: DAY, time: "12:00" }) })).body.error.code).toBe("unavailable");
  });

  it("two customers racing for the last car: one booking, one 409 with alternatives, and no authorisation for the loser", async () => {
    const a = await t.userWithSession({ fullName: "Ann Racer" });
    const b = await t.userWithSession({ fullName: "Ben Racer" });
    const [qa, qb] = await Promise.all([quote({ time: "15:00" }), quote({ time: "15:00" })]);
    const send = (who: { cookie: string }, quoteId: string) => t.call("POST", "/api/bookings", { cookie: who.cookie, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    const answers = await Promise.all([send(a, qa.body.quoteId), send(b, qb.body.quoteId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = answers.find((r) => r.status === 409)!;
    expect(lost.body.error).toMatchObject({ code: "unavailable", message: UNAVAILABLE_MESSAGES.no_unit });
    expect(lost.body.error.alternatives).toHaveLength(3);
    const loser = answers[0]!.status === 409 ? a : b;
    const winner = loser === a ? b : a;
    expect(await authorisationsOf(loser.user.id)).toBe(0);
    expect(await authorisationsOf(winner.user.id)).toBe(1);
  });

  it("a customer moves their ride into a time its own old time overlaps; another customer cannot take that time", async () => {
    const owner = await t.userWithSession({ fullName: "Olive Owner" });
    const other = await t.userWithSession({ fullName: "Oscar Other" });
    // Quotes for 07:15 while the sedan is free (a quote for it once 07:00 is sold counts the 07:00 ride: 409).
    const [forOwner, forOther] = await Promise.all([quote({ time: "07:15" }), quote({ time: "07:15" })]);
    const booked = await book(owner.cookie, "07:00");
    expect(booked.status).toBe(201);
    expect((await quote({ time: "07:15" })).body.error.code).toBe("unavailable");
    const taken = await t.call("POST", "/api/bookings", { cookie: other.cookie, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId: forOther.body.quoteId }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: "unavailable", message: UNAVAILABLE_MESSAGES.no_unit });
    // The reschedule leaves the ride's own 07:00 out: the one sedan moves with it.
    const moved = await t.call("POST", `/api/me/bookings/${booked.body.booking.id}/reschedule`, { cookie: owner.cookie, json: { date: DAY, time: "07:15", quoteId: forOwner.body.quoteId } });
    expect(moved.status).toBe(200);
    expect(moved.body.booking).toMatchObject({ id: booked.body.booking.id, bookingDate: DAY, status: "pending" });
    expect((await quote({ time: "07:00" })).body.error.code).toBe("unavailable"); // 07:15's ride now holds the sedan
  });

  it("refuses a blackout date and closed hours with their sentences", async () => {
    const put = (json: object) => t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: { ...DEFAULT_OPERATIONS_SETTINGS, ...json } });
    try {
      // Sellable before the change, and the same picture of the day after it: the answer follows the new settings.
      expect((await quote({ time: "13:00" })).status).toBe(200);
      expect((await put({ blackoutDates: [DAY] })).status).toBe(200);
      expect((await quote({ time: "13:00" })).body).toEqual({ error: { code: "unavailable", message: UNAVAILABLE_MESSAGES.blackout, alternatives: [] } });
      expect((await put({ operatingHours: { open: "08:00", close: "18:00" } })).status).toBe(200);
      const closed = await quote({ time: "19:00" });
      expect(closed.status).toBe(409);
      expect(closed.body.error).toEqual({ code: "unavailable", message: UNAVAILABLE_MESSAGES.closed, alternatives: [{ date: DAY, time: "17:15" }, { date: DAY, time: "17:30" }, { date: DAY, time: "17:45" }] });
      expect((await quote({ time: "13:00" })).status).toBe(200);
    } finally {
      await put({});
    }
  });
});
