// The desk's capacity from the database, on PGlite and PostgreSQL: the dispatch board's hours count the rides sold
// (assigned or not) against the chauffeurs on shift and the cars in service, and warn of a coming shift end that
// strands a sold ride.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNAVAILABLE_MESSAGES, type HourCapacity, type ShiftWarning } from "@meridian/shared/availability";
import { overlaps, rideWindow } from "@meridian/shared/rides";
import { zonedInstant } from "@meridian/shared/zoned-time";
import { createUnit } from "../seed/factories";
import type { TestApp } from "../test/harness";
import { createFleetTestApp, createTestFleet, laDate, rideInput } from "../test/factories";
import { availabilityWorld, windowWorld } from "./capacity.service";

let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;
type Who = { cookie: string; user: { id: string } };
let admin: Who, marcus: Who, elena: Who, customer: Who;
const DAY = laDate(6);
const LA = "America/Los_Angeles";

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  admin = await t.userWithSession({ role: "admin", fullName: "Ada Admin" });
  marcus = await t.userWithSession({ role: "chauffeur", fullName: "Marcus Bell" });
  elena = await t.userWithSession({ role: "chauffeur", fullName: "Elena Ruiz" });
  customer = await t.userWithSession({ fullName: "Grace Hopper" });
  for (const [who, end] of [[marcus, "12:00"], [elena, "20:00"]] as const) {
    await t.call("POST", "/api/admin/shifts", { cookie: admin.cookie, json: { staffId: who.user.id, date: DAY, start: "08:00", end, role: "chauffeur", location: "LAX" } });
  }
  await createUnit(t.db, { vehicleTypeId: fleet.sedan.id });
  await createUnit(t.db, { vehicleTypeId: fleet.sedan.id });
  await createUnit(t.db, { vehicleTypeId: fleet.suv.id, status: "maintenance" });
});
afterAll(() => t.close());

async function book(time: string): Promise<string> {
  const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: DAY, time }) });
  const res = await t.call("POST", "/api/bookings", { cookie: customer.cookie, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId: q.body.quoteId }, headers: { "Idempotency-Key": crypto.randomUUID() } });
  expect(res.status).toBe(201);
  return res.body.booking.id;
}

describe("capacity on the dispatch board", () => {
  it("counts sold rides per hour against chauffeurs and cars, and warns of a shift end that strands a ride", async () => {
    const late = await book("11:30"); // 11:30-12:30 with the 30-minute ride and buffer
    expect((await t.call("PUT", `/api/admin/bookings/${late}/assignment`, { cookie: admin.cookie, json: { chauffeurId: marcus.user.id } })).status).toBe(409); // off shift at 12:00
    const early = await book("11:00"); // 11:00-12:00: fits Marcus's shift
    expect((await t.call("PUT", `/api/admin/bookings/${early}/assignment`, { cookie: admin.cookie, json: { chauffeurId: marcus.user.id } })).status).toBe(200);
    // After noon only Elena is on shift, and the unassigned 11:30 ride needs her: 12:00 is not sold...
    const full = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: DAY, time: "12:00" }) });
    expect(full.body.error).toMatchObject({ code: "unavailable", message: UNAVAILABLE_MESSAGES.no_chauffeur });
    // At 21:00 nobody is on shift at all: the customer is told so, not that everyone is booked.
    const offDuty = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: DAY, time: "21:00" }) });
    expect(offDuty.body.error).toMatchObject({ code: "unavailable", message: "No chauffeur is on duty at this time." });
    // ... until a third chauffeur's shift makes room; that shift removed after the sale leaves the desk short.
    const extra = await t.userWithSession({ role: "chauffeur", fullName: "Omar Extra" });
    const extraShift = await t.call("POST", "/api/admin/shifts", { cookie: admin.cookie, json: { staffId: extra.user.id, date: DAY, start: "08:00", end: "20:00", role: "chauffeur", location: "LAX" } });
    await book("12:00");
    expect((await t.call("DELETE", `/api/admin/shifts/${extraShift.body.shift.id}`, { cookie: admin.cookie })).status).toBe(204);

    const board = await t.call("GET", `/api/admin/dispatch?date=${DAY}`, { cookie: admin.cookie });
    expect(board.status).toBe(200);
    const hour = (h: number) => {
      const c = board.body.capacity.find((x: HourCapacity) => x.hour === h) as HourCapacity;
      return { sold: c.sold, unassigned: c.unassigned, chauffeurs: c.chauffeurs, units: c.units, short: c.short };
    };
    expect(board.body.capacity).toHaveLength(24);
    expect(hour(7)).toEqual({ sold: 0, unassigned: 0, chauffeurs: 0, units: 2, short: false });
    expect(hour(11)).toEqual({ sold: 2, unassigned: 1, chauffeurs: 2, units: 2, short: false });
    // After noon only Elena is on shift, with 11:30's and 12:00's rides under way: one too many.
    expect(hour(12)).toEqual({ sold: 2, unassigned: 2, chauffeurs: 1, units: 2, short: true });
    expect(board.body.warnings.map((w: ShiftWarning) => w.kind)).toEqual(["short_after_shift_change"]);
    expect(board.body.warnings[0].message).toBe("After the shift change at 12:00 PM: 2 rides under way, 1 chauffeur on shift. Add a shift before then.");
  });

  it("reads, for one ride's window, exactly the sold rides whose windows reach into it (the booking's check under the lock)", async () => {
    const from = zonedInstant(DAY, "00:00", LA);
    const day = await availabilityWorld(t.db, from, zonedInstant(laDate(7), "00:00", LA));
    expect(day.rides.length).toBeGreaterThanOrEqual(3);
    for (let quarter = 0; quarter < 96; quarter++) {
      const w = rideWindow(new Date(from.getTime() + quarter * 15 * 60_000), 30, 30);
      const expected = day.rides.filter((r) => overlaps(rideWindow(r.pickupAt, r.minutes, 30), w)).map((r) => r.id);
      expect((await windowWorld(t.db, [w], 30)).rides.map((r) => r.id).sort(), w.start.toISOString()).toEqual(expected.sort());
    }
  });

  it("reads, for several rides' windows at once (a batch of claims), the sold rides that reach into any of them", async () => {
    const from = zonedInstant(DAY, "00:00", LA);
    const day = await availabilityWorld(t.db, from, zonedInstant(laDate(7), "00:00", LA));
    const reach = (w: { start: Date; end: Date }) => day.rides.filter((r) => overlaps(rideWindow(r.pickupAt, r.minutes, 30), w)).map((r) => r.id);
    for (let quarter = 0; quarter < 96; quarter += 3) {
      // Apart, overlapping and touching windows.
      for (const gap of [0, 1, 4, 40]) {
        const ws = [rideWindow(new Date(from.getTime() + quarter * 15 * 60_000), 30, 30), rideWindow(new Date(from.getTime() + (quarter + gap) * 15 * 60_000), 45, 30)];
        const expected = [...new Set(ws.flatMap(reach))];
        expect((await windowWorld(t.db, ws, 30)).rides.map((r) => r.id).sort(), `${quarter} ${gap}`).toEqual(expected.sort());
      }
    }
  });

  it("says, before a shift is removed, which sold ride it would strand; admins only", async () => {
    const day = laDate(7);
    const made = await t.call("POST", "/api/admin/shifts", { cookie: admin.cookie, json: { staffId: marcus.user.id, date: day, start: "08:00", end: "14:00", role: "chauffeur", location: "LAX" } });
    const spare = await t.call("POST", "/api/admin/shifts", { cookie: admin.cookie, json: { staffId: elena.user.id, date: day, start: "15:00", end: "18:00", role: "chauffeur", location: "LAX" } });
    const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: day, time: "09:00" }) });
    const booked = await t.call("POST", "/api/bookings", { cookie: customer.cookie, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId: q.body.quoteId }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect((await t.call("PUT", `/api/admin/bookings/${booked.body.booking.id}/assignment`, { cookie: admin.cookie, json: { chauffeurId: marcus.user.id } })).status).toBe(200);

    const impact = await t.call("GET", `/api/admin/shifts/${made.body.shift.id}/impact`, { cookie: admin.cookie });
    expect(impact.status).toBe(200);
    expect(impact.body.warnings.map((w: ShiftWarning) => [w.kind, w.rideIds, w.message])).toEqual([
      ["ride_outlasts_shift", [booked.body.booking.id], "Marcus Bell's 9:00 AM ride (until 10:00 AM with the buffer) would have no shift. Reassign it first."],
      ["short_after_shift_change", [booked.body.booking.id], "From 9:00 AM: 1 ride under way, 0 chauffeurs on shift."],
    ]);
    expect((await t.call("GET", `/api/admin/shifts/${spare.body.shift.id}/impact`, { cookie: admin.cookie })).body.warnings).toEqual([]);
    expect((await t.call("GET", `/api/admin/shifts/${crypto.randomUUID()}/impact`, { cookie: admin.cookie })).status).toBe(404);
    expect((await t.call("GET", `/api/admin/shifts/${made.body.shift.id}/impact`, { cookie: marcus.cookie })).status).toBe(403);
  });
});
