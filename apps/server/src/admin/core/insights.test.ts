import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVehicle } from "../../seed/factories";
import { createAdminTestApp, type AdminSession, type TestApp } from "../../test/harness";
import { insertBooking, insertTicket } from "../../test/factories";

let t: TestApp, admin: AdminSession;
beforeAll(async () => ({ t, admin } = await createAdminTestApp({}, { adminName: "Olive Overseer" })));
afterAll(() => t.close());

describe("overview with no bookings", () => {
  it("shows zeros only because there is no data", async () => {
    const ov = await t.call("GET", "/api/admin/overview", { cookie: admin.cookie });
    expect(ov.body.counts).toMatchObject({ bookings: 0, revenue: 0, users: 1 });
    expect(ov.body.recent).toEqual([expect.objectContaining({ type: "signup", text: "Olive Overseer joined Meridian as admin." })]);
  });
});

describe("with bookings", () => {
  beforeAll(async () => {
    const suv = await createVehicle(t.db, { name: "Luxury SUV" });
    const sedan = await createVehicle(t.db, { name: "Executive Sedan" });
    await insertBooking(t.db, { service: "ride", status: "completed", price: 200, vehicleTypeId: suv.id });
    await insertBooking(t.db, { service: "ride", status: "confirmed", price: 100.25, vehicleTypeId: sedan.id });
    await insertBooking(t.db, { service: "ride", status: "cancelled", price: 999, vehicleTypeId: suv.id });
    await insertBooking(t.db, { service: "ride", status: "refunded", price: 500, vehicleTypeId: sedan.id });
    await insertBooking(t.db, { service: "valet", status: "pending", price: 299 });
    const last = await insertBooking(t.db, { service: "valet", status: "pending", price: null, name: "Last Guest" });
    await insertTicket(t.db, last.id);
  });

  it("overview: counts and recent bookings and sign-ups merged newest first", async () => {
    await t.userWithSession({ fullName: "Newest Member" });
    const res = await t.call("GET", "/api/admin/overview", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ users: 2, bookings: 6, pendingBookings: 2, activeTickets: 1, revenue: 599.25 });
    const recent = res.body.recent as { type: string; at: string; text: string }[];
    expect(recent[0]).toMatchObject({ type: "signup", text: "Newest Member joined Meridian." });
    expect(recent[1]).toMatchObject({ type: "booking", text: "Last Guest booked a valet service." });
    expect(recent[2]).toMatchObject({ type: "booking", text: "Guest Booker booked a valet service ($299.00)." });
    expect(recent.map((r) => r.at)).toEqual([...recent.map((r) => r.at)].sort().reverse());
    expect(recent).toHaveLength(8);
  });
});

describe("overview: overdue rides", () => {
  it("lists the rides still pending or confirmed past their pickup (soonest first), and when the next one falls due", async () => {
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const late = await insertBooking(t.db, { service: "ride", status: "confirmed", pickupAt: at(-30), name: "Late Rider" });
    const later = await insertBooking(t.db, { service: "ride", status: "pending", pickupAt: at(-5), name: "Just Late" });
    await insertBooking(t.db, { service: "ride", status: "en_route", pickupAt: at(-20) }); // on its way: not overdue
    await insertBooking(t.db, { service: "ride", status: "expired", pickupAt: at(-500) }); // already closed
    await insertBooking(t.db, { service: "ride", status: "cancelled", pickupAt: at(-10) });
    const next = await insertBooking(t.db, { service: "ride", status: "pending", pickupAt: at(45) });
    await insertBooking(t.db, { service: "ride", status: "pending", pickupAt: at(90) });
    const res = await t.call("GET", "/api/admin/overview", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.overdueRides).toEqual([
      { id: late.id, pickupAt: late.pickupAt!.toISOString(), pickup: "LAX", customerName: "Late Rider", status: "confirmed" },
      { id: later.id, pickupAt: later.pickupAt!.toISOString(), pickup: "LAX", customerName: "Just Late", status: "pending" },
    ]);
    expect(res.body.nextPickupAt).toBe(next.pickupAt!.toISOString());
  });
});

describe("GET /api/admin/audit", () => {
  it("lists real entries newest first, paginated", async () => {
    const a = await t.userWithSession({ fullName: "Audited One" });
    const b = await t.userWithSession({ fullName: "Audited Two" });
    await t.call("PATCH", `/api/admin/users/${a.user.id}`, { cookie: admin.cookie, json: { role: "dispatcher" } });
    await new Promise((r) => setTimeout(r, 5));
    await t.call("PATCH", `/api/admin/users/${b.user.id}`, { cookie: admin.cookie, json: { phone: "3105550111" } });
    const res = await t.call("GET", "/api/admin/audit?pageSize=1", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(res.body.entries).toEqual([
      expect.objectContaining({ actorEmail: admin.user.email, action: "user.update", entity: "user", entityId: b.user.id, before: { phone: null }, after: { phone: "+13105550111" } }),
    ]);
    const p2 = await t.call("GET", "/api/admin/audit?pageSize=1&page=2", { cookie: admin.cookie });
    expect(p2.body.entries[0]).toMatchObject({ entityId: a.user.id, before: { role: "user" }, after: { role: "dispatcher" } });
    expect((await t.call("GET", "/api/admin/audit?page=abc", { cookie: admin.cookie })).status).toBe(400);
  });

  it("lists only the fields that changed, names the ids on the page, and gives the operations time zone; a change of nothing is not logged", async () => {
    const v = await createVehicle(t.db, { name: "Phantom", baseFeeUsd: 80, passengerCapacity: 3, luggageCapacity: 3 });
    const form = { name: "Phantom VIII", baseFeeUsd: 80, passengerCapacity: 3, luggageCapacity: 3 }; // the whole form, one field changed
    expect((await t.call("PATCH", `/api/admin/vehicles/${v.id}`, { cookie: admin.cookie, json: form })).status).toBe(200);
    expect((await t.call("PATCH", `/api/admin/vehicles/${v.id}`, { cookie: admin.cookie, json: form })).status).toBe(200); // saved again as it is
    const res = await t.call("GET", "/api/admin/audit?pageSize=5", { cookie: admin.cookie });
    const mine = res.body.entries.filter((e: { entityId: string }) => e.entityId === v.id);
    expect(mine).toEqual([expect.objectContaining({ action: "vehicle.update", before: { name: "Phantom" }, after: { name: "Phantom VIII" } })]);
    expect(res.body.names).toMatchObject({ [v.id]: "Phantom VIII", [admin.user.id]: "Olive Overseer" });
    expect(res.body.timeZone).toBe("America/Los_Angeles");
  });
});
