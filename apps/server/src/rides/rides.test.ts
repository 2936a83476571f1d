// Ride operations through the API, on PGlite and PostgreSQL: staff and shifts, dispatch and its 409s, the
// chauffeur's steps (every illegal move refused; a race has one winner), the admin's timeline, customer cancel
// (the fee at the cut-off's edges) and reschedule, settings, and who may reach which route.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingStatuses } from "@meridian/shared/booking-status";
import type { QuoteInput } from "@meridian/shared/booking";
import { DEFAULT_OPERATIONS_SETTINGS } from "@meridian/shared/rides";
import { auditLogs, bookings, jobs, shifts } from "../db/schema";
import type { TestApp } from "../test/harness";
import { outboxFor } from "../test/helpers";
import { createFleetTestApp, createTestFleet, giveCapacityForDays, laDate, rideInput } from "../test/factories";
import { sseClient } from "../test/sse-client";

let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;
let admin: { cookie: string; user: { id: string } };
let dispatcher: { cookie: string; user: { id: string } };
let marcus: { cookie: string; user: { id: string; email: string } };
let elena: { cookie: string; user: { id: string } };
let customer: { cookie: string; user: { id: string; email: string } };
let other: { cookie: string; user: { id: string } };

const DAY = laDate(3);

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  await giveCapacityForDays(t, { rides: 4 }); // four chauffeurs, whom the board lists (dispatch)
  admin = await t.userWithSession({ role: "admin", fullName: "Ada Admin" });
  dispatcher = await t.userWithSession({ role: "dispatcher", fullName: "Dana Desk" });
  marcus = await t.userWithSession({ role: "chauffeur", fullName: "Marcus Bell" });
  elena = await t.userWithSession({ role: "chauffeur", fullName: "Elena Ruiz" });
  customer = await t.userWithSession({ fullName: "Grace Hopper" });
  other = await t.userWithSession({ fullName: "Other Customer" });
  // Marcus and Elena drive 06:00-18:00 on DAY.
  for (const who of [marcus, elena]) {
    const res = await t.call("POST", "/api/admin/shifts", { cookie: admin.cookie, json: { staffId: who.user.id, date: DAY, start: "06:00", end: "18:00", role: "chauffeur", location: "LAX" } });
    expect(res.status).toBe(201);
  }
});
afterAll(() => t.close());

async function book(cookie: string, overrides: Partial<QuoteInput> = {}, vehicleId = fleet.sedan.id): Promise<string> {
  const q = await t.call("POST", "/api/quotes", { json: rideInput(vehicleId, { date: DAY, ...overrides }) });
  expect(q.status).toBe(200);
  const res = await t.call("POST", "/api/bookings", { cookie, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId: q.body.quoteId }, headers: { "Idempotency-Key": crypto.randomUUID() } });
  expect(res.status).toBe(201);
  return res.body.booking.id;
}
const assign = (id: string, json: unknown, cookie = dispatcher.cookie) => t.call("PUT", `/api/admin/bookings/${id}/assignment`, { cookie, json });
const step = (id: string, status: string, cookie = marcus.cookie) => t.call("POST", `/api/staff/rides/${id}/status`, { cookie, json: { status } });
const statusOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;

async function waitForMail(to: string, subject: string) {
  const end = Date.now() + 3000;
  for (;;) {
    const found = (await outboxFor(t.db, to)).filter((m) => m.subject.includes(subject));
    if (found.length || Date.now() > end) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("staff and shifts", () => {
  it("adds staff: a new account gets the set-password e-mail, an existing customer is promoted", async () => {
    const created = await t.call("POST", "/api/admin/staff", { cookie: admin.cookie, json: { fullName: "Nia Newhire", email: "nia@example.com", role: "valet" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ created: true, staff: { fullName: "Nia Newhire", role: "valet", status: "active" } });
    expect((await outboxFor(t.db, "nia@example.com"))[0]!.subject).toBe("Your Meridian account");

    const promoted = await t.call("POST", "/api/admin/staff", { cookie: admin.cookie, json: { fullName: "Other Customer", email: other.user.id ? (await t.call("GET", "/api/me/profile", { cookie: other.cookie })).body.email : "", role: "dispatcher" } });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ created: false, staff: { role: "dispatcher" } });
    const again = await t.call("POST", "/api/admin/staff", { cookie: admin.cookie, json: { fullName: "Other Customer", email: promoted.body.staff.email, role: "dispatcher" } });
    expect(again.status).toBe(409);
    const list = await t.call("GET", "/api/admin/staff", { cookie: admin.cookie });
    expect(list.body.staff.map((s: { fullName: string }) => s.fullName)).toEqual(expect.arrayContaining(["Marcus Bell", "Elena Ruiz", "Nia Newhire", "Dana Desk", "Other Customer"]));
    expect(list.body.staff.map((s: { role: string }) => s.role)).not.toContain("user");
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "staff.promote"));
    expect(audit).toHaveLength(1);
    // back to a customer for the other tests
    await t.call("PATCH", `/api/admin/users/${other.user.id}`, { cookie: admin.cookie, json: { role: "user" } });
  });

  it("refuses a shift that overlaps one of the same person's, allows one that only touches it, and lists the week", async () => {
    const base = { staffId: elena.user.id, role: "chauffeur", location: "Downtown" };
    const overlap = await t.call("POST", "/api/admin/shifts", { cookie: admin.cookie, json: { ...base, date: DAY, start: "17:00", end: "20:00" } });
    expect(overlap.status).toBe(409);
    expect(overlap.body.error).toMatchObject({ code: "shift_overlap", message: "This shift overlaps another shift of the same person. Change the times or remove the other shift." });
    const night = await t.call("POST", "/api/admin/shifts", { cookie: admin.cookie, json: { ...base, date: DAY, start: "18:00", end: "02:00" } });
    expect(night.status).toBe(201);
    expect(new Date(night.body.shift.endsAt).getTime() - new Date(night.body.shift.startsAt).getTime()).toBe(8 * 3_600_000);
    const week = await t.call("GET", `/api/admin/shifts?from=${DAY}&days=7`, { cookie: admin.cookie });
    expect(week.body.shifts.filter((s: { staffId: string }) => s.staffId === elena.user.id)).toHaveLength(2);
    await t.call("DELETE", `/api/admin/shifts/${night.body.shift.id}`, { cookie: admin.cookie });
    expect((await t.db.select().from(shifts).where(eq(shifts.userId, elena.user.id))).length).toBe(1);
    const bad = await t.call("POST", "/api/admin/shifts", { cookie: admin.cookie, json: { ...base, date: "2026-02-30", start: "25:00", end: "x" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(["date", "start", "end"]);
  });
});

describe("dispatch", () => {
  it("lists the day's rides unassigned first with pickup time, route, vehicle type and party", async () => {
    const late = await book(customer.cookie, { time: "15:00", passengers: 2, luggage: 1 });
    const assigned = await book(customer.cookie, { time: "07:00" });
    expect((await assign(assigned, { chauffeurId: elena.user.id })).status).toBe(200);
    const board = await t.call("GET", `/api/admin/dispatch?date=${DAY}`, { cookie: dispatcher.cookie });
    expect(board.status).toBe(200);
    const ids = board.body.rides.map((r: { id: string }) => r.id);
    expect(ids.indexOf(late)).toBeLessThan(ids.indexOf(assigned));
    expect(board.body.rides.find((r: { id: string }) => r.id === late)).toMatchObject({
      time: "15:00",
      pickup: "Test Airport",
      dropoff: "Test Hills Hotel",
      vehicleTypeName: "Test Sedan",
      passengers: 2,
      luggage: 1,
      minutes: 30,
      assignment: null,
    });
    // Every chauffeur by name: the suite's capacity (giveCapacityForDays) and Marcus and Elena.
    expect(board.body.chauffeurs.map((c: { fullName: string }) => c.fullName)).toEqual(["Capacity Chauffeur 1", "Capacity Chauffeur 2", "Capacity Chauffeur 3", "Capacity Chauffeur 4", "Elena Ruiz", "Marcus Bell"]);
    // cleanup: keep the day's board for the next tests simple
    for (const id of [late, assigned]) await t.call("POST", `/api/admin/bookings/${id}/cancel`, { cookie: admin.cookie, json: { reason: "Test cleanup" } });
  });

  it("assigns a chauffeur and a vehicle: confirmed, e-mailed, audited; refuses overlap, off shift and a vehicle too small", async () => {
    const first = await book(customer.cookie, { time: "09:30" }); // 09:30 + 30 min + 30 min buffer = 10:30
    const ok = await assign(first, { chauffeurId: marcus.user.id });
    expect(ok.status).toBe(200);
    expect(ok.body.booking).toMatchObject({ status: "confirmed", assignment: { chauffeurName: "Marcus Bell", vehicleName: "Test Sedan" } });
    const mail = await waitForMail(customer.user.email, "Your chauffeur: Marcus");
    expect(mail[0]!.subject).toBe("Your chauffeur: Marcus, in a Test Sedan");
    expect(mail[0]!.text).toContain("Pickup: Test Airport");

    const overlapping = await book(customer.cookie, { time: "10:15" });
    const busy = await assign(overlapping, { chauffeurId: marcus.user.id });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe("chauffeur_busy");
    expect(busy.body.error.message).toBe(
      "Marcus Bell is already on a ride from 9:30 AM to 10:30 AM (with the 30-minute buffer) that overlaps this one (10:15 AM – 11:15 AM). Choose another chauffeur.",
    );
    const touching = await book(customer.cookie, { time: "10:30" });
    expect((await assign(touching, { chauffeurId: marcus.user.id })).status).toBe(200);

    const evening = await book(customer.cookie, { time: "17:45" }); // ends 18:45, after the shift
    const off = await assign(evening, { chauffeurId: marcus.user.id });
    expect(off.status).toBe(409);
    expect(off.body.error.code).toBe("off_shift");
    expect(off.body.error.message).toMatch(/^Marcus Bell is off shift for this ride \(5:45 PM – 6:45 PM, /);

    const party = await book(customer.cookie, { time: "12:00", passengers: 5, luggage: 2 }, fleet.suv.id);
    const small = await assign(party, { chauffeurId: elena.user.id, vehicleId: fleet.sedan.id });
    expect(small.status).toBe(409);
    expect(small.body.error).toMatchObject({
      code: "vehicle_too_small",
      message: "A Test Sedan seats 3 passengers with 3 bags; this party is 5 passengers with 2 bags. Choose a larger vehicle.",
    });
    expect((await assign(party, { chauffeurId: elena.user.id, vehicleId: fleet.suv.id })).status).toBe(200);
    const notChauffeur = await assign(overlapping, { chauffeurId: customer.user.id });
    expect(notChauffeur.body.error.code).toBe("not_a_chauffeur");

    for (const id of [overlapping, evening]) expect(await statusOf(id)).toBe("pending");
    for (const id of [first, touching, party, overlapping, evening]) await t.call("POST", `/api/admin/bookings/${id}/cancel`, { cookie: admin.cookie, json: { reason: "Test cleanup" } });
  });

  it("reassigns and unassigns, each audited and stamped on the timeline", async () => {
    const id = await book(customer.cookie, { time: "08:00" });
    await assign(id, { chauffeurId: marcus.user.id });
    expect((await assign(id, { chauffeurId: elena.user.id })).body.booking.assignment.chauffeurName).toBe("Elena Ruiz");
    const un = await t.call("DELETE", `/api/admin/bookings/${id}/assignment`, { cookie: dispatcher.cookie });
    expect(un.status).toBe(200);
    expect(un.body.booking).toMatchObject({ status: "pending", assignment: null });
    expect((await t.call("DELETE", `/api/admin/bookings/${id}/assignment`, { cookie: dispatcher.cookie })).body.error.code).toBe("not_assigned");
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(["booking.assign", "booking.reassign", "booking.unassign"]);
    expect(audit.every((a) => a.actorId === dispatcher.user.id)).toBe(true);
    const detail = await t.call("GET", `/api/admin/bookings/${id}`, { cookie: admin.cookie });
    expect(detail.body.booking.timeline.map((e: { from: string | null; to: string; actorName: string; note: string }) => [e.from, e.to, e.actorName, e.note])).toEqual([
      [null, "pending", "Grace Hopper", "Booked"],
      ["pending", "confirmed", "Dana Desk", "Assigned to Marcus Bell in a Test Sedan"],
      ["confirmed", "confirmed", "Dana Desk", "Reassigned to Elena Ruiz in a Test Sedan"],
      ["confirmed", "pending", "Dana Desk", "Chauffeur unassigned"],
    ]);
    await t.call("POST", `/api/admin/bookings/${id}/cancel`, { cookie: admin.cookie, json: { reason: "Test cleanup" } });
  });
});

describe("live updates (SSE)", () => {
  it("tell the customer, the chauffeur and the desk about an assignment and each step, and nobody else", async () => {
    const id = await book(customer.cookie, { time: "15:30" });
    const open = async (cookie: string) => sseClient(await t.app.request("/api/realtime", { headers: { cookie } }));
    const [mine, driver, desk, stranger, otherDriver] = await Promise.all([customer.cookie, marcus.cookie, dispatcher.cookie, other.cookie, elena.cookie].map(open));
    try {
      await new Promise((r) => setTimeout(r, 100)); // the streams are subscribed
      await assign(id, { chauffeurId: marcus.user.id });
      for (const stream of [mine!, driver!, desk!]) {
        const ev = await stream.next(2000);
        expect(ev.event).toBe("booking.updated");
        expect(JSON.parse(ev.data)).toEqual({ bookingId: id, status: "confirmed", chauffeurFirstName: "Marcus", vehicleName: "Test Sedan" });
      }
      await step(id, "en_route");
      expect(JSON.parse((await mine!.next(2000)).data)).toMatchObject({ bookingId: id, status: "en_route" });
      await new Promise((r) => setTimeout(r, 200));
      expect(stranger!.events.filter((e) => e.event === "booking.updated")).toEqual([]);
      expect(otherDriver!.events.filter((e) => e.event === "booking.updated")).toEqual([]);
    } finally {
      await Promise.all([mine, driver, desk, stranger, otherDriver].map((s) => s!.close()));
    }
  });
});

describe("the chauffeur's steps", () => {
  it("moves an assigned ride through every step with one call each, refusing every other move, and e-mails on arrival", async () => {
    const id = await book(customer.cookie, { time: "13:00" });
    expect((await step(id, "en_route")).status).toBe(404); // not assigned to Marcus yet
    await assign(id, { chauffeurId: marcus.user.id });
    const mine = await t.call("GET", "/api/staff/rides", { cookie: marcus.cookie });
    expect(mine.body.rides.find((r: { id: string }) => r.id === id)).toMatchObject({ status: "confirmed", nextStatuses: ["en_route"], customerName: "Grace Hopper" });
    expect((await t.call("GET", "/api/staff/rides", { cookie: elena.cookie })).body.rides.find((r: { id: string }) => r.id === id)).toBeUndefined();
    expect((await step(id, "en_route", elena.cookie)).status).toBe(404);

    const path = ["en_route", "on_location", "on_board", "completed"] as const;
    const allowedFrom: Record<string, string[]> = { confirmed: ["en_route"], en_route: ["on_location"], on_location: ["on_board", "no_show"], on_board: ["completed"], completed: [] };
    let current = "confirmed";
    for (const next of [...path, null]) {
      for (const s of bookingStatuses) {
        if (allowedFrom[current]!.includes(s)) continue;
        const refused = await step(id, s);
        expect(refused.status, `${current} -> ${s}`).toBe(409);
        expect(refused.body.error.code).toBe("illegal_transition");
      }
      expect(await statusOf(id)).toBe(current);
      if (!next) break;
      const res = await step(id, next);
      expect(res.status, `${current} -> ${next}`).toBe(200);
      current = next;
    }
    expect((await waitForMail(customer.user.email, "has arrived"))[0]!.subject).toBe("Your chauffeur has arrived");
    const timeline = (await t.call("GET", `/api/admin/bookings/${id}`, { cookie: admin.cookie })).body.booking.timeline;
    expect(timeline.slice(-4).map((e: { to: string; actorName: string; actorRole: string; at: string }) => [e.to, e.actorName, e.actorRole])).toEqual(path.map((s) => [s, "Marcus Bell", "chauffeur"]));
  });

  it("lets one of two racing taps win; the other is a 409", async () => {
    const id = await book(customer.cookie, { time: "14:00" });
    await assign(id, { chauffeurId: marcus.user.id });
    const results = await Promise.all([step(id, "en_route"), step(id, "en_route"), step(id, "en_route")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const events = (await t.call("GET", `/api/admin/bookings/${id}`, { cookie: admin.cookie })).body.booking.timeline.filter((e: { to: string }) => e.to === "en_route");
    expect(events).toHaveLength(1);
  });
});

describe("customer cancel and reschedule", () => {
  const setPickupIn = async (id: string, ms: number) => t.db.update(bookings).set({ pickupAt: new Date(Date.now() + ms) }).where(eq(bookings.id, id));
  const H = 3_600_000;

  it("is free before the cut-off and costs a share of the fare after it; the fee shown must be the fee accepted", async () => {
    const free = await book(customer.cookie, { time: "16:00" });
    await setPickupIn(free, 24 * H + 60_000); // a minute before the 24 h cut-off
    expect((await t.call("GET", `/api/me/bookings/${free}/cancellation`, { cookie: customer.cookie })).body.cancellation).toMatchObject({ free: true, feeUsd: 0 });
    const ok = await t.call("POST", `/api/me/bookings/${free}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: 0 } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ booking: { status: "cancelled", cancellationFee: 0 }, cancellation: { free: true, feeUsd: 0 } });
    expect((await t.db.select().from(jobs).where(and(eq(jobs.status, "pending")))).filter((j) => j.payload.bookingId === free)).toEqual([]);

    const late = await book(customer.cookie, { time: "16:30" });
    const price = (await t.db.select().from(bookings).where(eq(bookings.id, late)))[0]!.price!;
    await setPickupIn(late, 24 * H - 60_000); // a minute past the cut-off
    const terms = (await t.call("GET", `/api/me/bookings/${late}/cancellation`, { cookie: customer.cookie })).body.cancellation;
    expect(terms).toMatchObject({ free: false, feeUsd: Math.round(price * 50) / 100, feePercent: 50, cutoffHours: 24 });
    const refused = await t.call("POST", `/api/me/bookings/${late}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: 0 } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("fee_changed");
    expect(await statusOf(late)).toBe("pending");
    const paid = await t.call("POST", `/api/me/bookings/${late}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: terms.feeUsd } });
    expect(paid.body.booking).toMatchObject({ status: "cancelled", cancellationFee: terms.feeUsd });
    const detail = (await t.call("GET", `/api/admin/bookings/${late}`, { cookie: admin.cookie })).body.booking;
    expect(detail.cancellation).toMatchObject({ by: "customer", feeUsd: terms.feeUsd });
    expect((await t.call("POST", `/api/me/bookings/${late}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: terms.feeUsd } })).status).toBe(409);
  });

  it("follows the cut-off set in Settings", async () => {
    const put = await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: { ...DEFAULT_OPERATIONS_SETTINGS, cancellationCutoffHours: 2, cancellationFeePercent: 20 } });
    expect(put.status).toBe(200);
    const id = await book(customer.cookie, { time: "17:00" });
    await setPickupIn(id, 3 * H);
    expect((await t.call("GET", `/api/me/bookings/${id}/cancellation`, { cookie: customer.cookie })).body.cancellation.free).toBe(true);
    await setPickupIn(id, H);
    expect((await t.call("GET", `/api/me/bookings/${id}/cancellation`, { cookie: customer.cookie })).body.cancellation).toMatchObject({ free: false, feePercent: 20 });
    await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: DEFAULT_OPERATIONS_SETTINGS });
    await t.call("POST", `/api/admin/bookings/${id}/cancel`, { cookie: admin.cookie, json: { reason: "Test cleanup" } });
  });

  it("reschedules with a quote for the new time, asks for agreement when the price changed, and releases the chauffeur", async () => {
    const id = await book(customer.cookie, { time: "11:00" });
    await assign(id, { chauffeurId: elena.user.id });
    const newDay = laDate(4);
    const quote = async (time: string) => (await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: newDay, time }) })).body.quoteId;
    const wrong = await t.call("POST", `/api/me/bookings/${id}/reschedule`, { cookie: customer.cookie, json: { date: newDay, time: "11:30", quoteId: await quote("12:00") } });
    expect(wrong.status).toBe(400);
    await t.db.update(bookings).set({ price: 1 }).where(eq(bookings.id, id)); // the price booked differs from today's
    const ask = await t.call("POST", `/api/me/bookings/${id}/reschedule`, { cookie: customer.cookie, json: { date: newDay, time: "11:30", quoteId: await quote("11:30") } });
    expect(ask.status).toBe(409);
    expect(ask.body.error).toMatchObject({ code: "price_changed", message: "The price for the new time is different. Please confirm the new price." });
    const ok = await t.call("POST", `/api/me/bookings/${id}/reschedule`, { cookie: customer.cookie, json: { date: newDay, time: "11:30", quoteId: await quote("11:30"), acceptNewPrice: true } });
    expect(ok.status).toBe(200);
    expect(ok.body.booking).toMatchObject({ status: "pending", bookingDate: newDay, chauffeurFirstName: null });
    expect(ok.body.booking.price).toBeGreaterThan(1);
    const reminders = (await t.db.select().from(jobs)).filter((j) => j.payload.bookingId === id);
    expect(reminders.map((j) => j.status).sort()).toEqual(["cancelled", "pending"]);
    expect(reminders.find((j) => j.status === "pending")!.payload.pickupAt).toBe(ok.body.booking.pickupAt);
  });
});

describe("who reaches what", () => {
  it("customers cannot touch other customers' bookings", async () => {
    const id = await book(customer.cookie, { time: "19:00" });
    const q = (await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: DAY, time: "19:30" }) })).body.quoteId;
    for (const [method, path, json] of [
      ["GET", `/api/me/bookings/${id}/cancellation`, undefined],
      ["POST", `/api/me/bookings/${id}/cancel`, { acceptFeeUsd: 0 }],
      ["POST", `/api/me/bookings/${id}/reschedule`, { date: DAY, time: "19:30", quoteId: q }],
    ] as const) {
      const res = await t.call(method, path, { cookie: other.cookie, json });
      expect(res.status, path).toBe(404);
    }
    expect(await statusOf(id)).toBe("pending");
    expect((await t.call("GET", "/api/me/bookings", { cookie: other.cookie })).body.bookings.map((b: { id: string }) => b.id)).not.toContain(id);
  });

  it("customers reach no staff or desk route; chauffeurs no desk route; dispatchers exactly the desk's", async () => {
    const id = await book(customer.cookie, { time: "16:45" });
    const desk = [
      ["GET", `/api/admin/dispatch?date=${DAY}`, undefined],
      ["GET", "/api/admin/bookings", undefined],
      ["GET", `/api/admin/bookings/${id}`, undefined],
      ["PUT", `/api/admin/bookings/${id}/assignment`, { chauffeurId: elena.user.id }],
      ["DELETE", `/api/admin/bookings/${id}/assignment`, undefined],
    ] as const;
    const adminOnly = [
      ["GET", "/api/admin/staff", undefined],
      ["POST", "/api/admin/staff", { fullName: "Sneaky Person", email: "sneaky@example.com", role: "dispatcher" }],
      ["GET", `/api/admin/shifts?from=${DAY}`, undefined],
      ["POST", "/api/admin/shifts", { staffId: elena.user.id, date: DAY, start: "20:00", end: "22:00", role: "chauffeur", location: "X" }],
      ["GET", "/api/admin/settings", undefined],
      ["PUT", "/api/admin/settings", { ...DEFAULT_OPERATIONS_SETTINGS, cancellationCutoffHours: 1, cancellationFeePercent: 1, dispatchBufferMinutes: 1, reminderLeadHours: 1, timeZone: "UTC" }],
      ["PATCH", `/api/admin/bookings/${id}/status`, { status: "cancelled" }],
      ["POST", `/api/admin/bookings/${id}/cancel`, { reason: "Not allowed" }],
      ["GET", "/api/admin/bookings/export.csv", undefined],
      ["GET", "/api/admin/users", undefined],
      ["GET", "/api/admin/overview", undefined],
    ] as const;
    const staff = [
      ["GET", "/api/staff/rides", undefined],
      ["POST", `/api/staff/rides/${id}/status`, { status: "en_route" }],
    ] as const;
    for (const [method, path, json] of [...desk, ...adminOnly, ...staff]) {
      expect((await t.call(method, path, { cookie: customer.cookie, json })).status, `customer ${method} ${path}`).toBe(403);
    }
    for (const [method, path, json] of [...desk, ...adminOnly]) {
      expect((await t.call(method, path, { cookie: marcus.cookie, json })).status, `chauffeur ${method} ${path}`).toBe(403);
    }
    for (const [method, path, json] of [...adminOnly, ...staff]) {
      expect((await t.call(method, path, { cookie: dispatcher.cookie, json })).status, `dispatcher ${method} ${path}`).toBe(403);
    }
    for (const [method, path, json] of desk) {
      expect((await t.call(method, path, { cookie: dispatcher.cookie, json })).status, `dispatcher ${method} ${path}`).toBe(200);
    }
    expect((await t.call("GET", "/api/staff/rides")).status).toBe(401);
  });
});

describe("operations settings", () => {
  it("are persisted, audited and validated", async () => {
    const got = await t.call("GET", "/api/admin/settings", { cookie: admin.cookie });
    expect(got.body.operations).toEqual(DEFAULT_OPERATIONS_SETTINGS);
    const next = { cancellationCutoffHours: 12, cancellationFeePercent: 25, dispatchBufferMinutes: 15, reminderLeadHours: 20, rideNoticeHours: 3, valetNoticeHours: 48, overdueGraceMinutes: 60, airportWaitIncludedMinutes: 45, waitingCentsPerMinute: 125, timeZone: "America/New_York", operatingHours: null, blackoutDates: [] };
    expect((await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: next })).body.operations).toEqual(next);
    expect((await t.call("GET", "/api/admin/settings", { cookie: admin.cookie })).body.operations).toEqual(next);
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "settings.update")).orderBy(auditLogs.createdAt);
    expect(audit).toBeDefined();
    const bad = await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: { ...next, cancellationFeePercent: 150, rideNoticeHours: -1, overdueGraceMinutes: 5, timeZone: "Nowhere/City", extra: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      cancellationFeePercent: "Cancellation fee must be a whole number from 0 to 100.",
      rideNoticeHours: "Ride notice must be a whole number from 0 to 168.",
      overdueGraceMinutes: "Overdue grace period must be a whole number from 15 to 1440.",
      timeZone: "Choose a time zone such as America/Los_Angeles.",
      extra: "Unknown field.",
    });
    await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: DEFAULT_OPERATIONS_SETTINGS });
  });

  it("keep operating hours and blackout dates (around the clock and none by default), audited and validated", async () => {
    const { operatingHours, blackoutDates, ...before } = DEFAULT_OPERATIONS_SETTINGS;
    expect({ operatingHours, blackoutDates }).toEqual({ operatingHours: null, blackoutDates: [] });
    // A client that does not know the fields yet keeps working: they take their defaults.
    expect((await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: before })).body.operations).toEqual(DEFAULT_OPERATIONS_SETTINGS);
    const next = { ...DEFAULT_OPERATIONS_SETTINGS, operatingHours: { open: "06:00", close: "01:30" }, blackoutDates: ["2031-12-25", "2031-01-01", "2031-12-25"] };
    const put = await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: next });
    expect(put.status).toBe(200);
    const saved = { ...next, blackoutDates: ["2031-01-01", "2031-12-25"] }; // sorted, once each
    expect(put.body.operations).toEqual(saved);
    expect((await t.call("GET", "/api/admin/settings", { cookie: admin.cookie })).body.operations).toEqual(saved);
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "settings.update")).orderBy(desc(auditLogs.createdAt));
    expect(audits[0]).toMatchObject({ before: { operatingHours: null, blackoutDates: [] }, after: { operatingHours: { open: "06:00", close: "01:30" }, blackoutDates: ["2031-01-01", "2031-12-25"] } });

    const bad = async (json: unknown) => {
      const res = await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json });
      expect(res.status).toBe(400);
      return res.body.error.fields;
    };
    expect(await bad({ ...next, operatingHours: { open: "6am", close: "24:00", extra: 1 }, blackoutDates: ["2031-02-30", "tomorrow"] })).toEqual({
      "operatingHours.open": "Opening time: use a time like 09:30.",
      "operatingHours.close": "Closing time: use a time like 09:30.",
      "operatingHours.extra": "Unknown field.",
      "blackoutDates.0": "Blackout dates: use a real calendar date like 2026-12-25.",
      "blackoutDates.1": "Blackout dates: use a real calendar date like 2026-12-25.",
    });
    expect(await bad({ ...next, operatingHours: { open: "09:00", close: "09:00" }, blackoutDates: "2031-12-25" })).toEqual({
      "operatingHours.close": "Closing time must differ from the opening time (no hours means around the clock).",
      blackoutDates: "Blackout dates: give a list of dates like 2026-12-25.",
    });
    expect(await bad({ ...next, operatingHours: "09:00-17:00" })).toEqual({ operatingHours: "Operating hours: give an opening and a closing time, or none for around the clock." });
    expect((await t.call("GET", "/api/admin/settings", { cookie: admin.cookie })).body.operations).toEqual(saved);
    await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: DEFAULT_OPERATIONS_SETTINGS });
  });
});
