import { describe, expect, it } from "vitest";
import { type TestApp, withTestApp } from "../test/harness";
import { expectFieldErrors } from "../test/helpers";

let t: TestApp;
withTestApp((app) => (t = app));

describe("/api/me/profile", () => {
  it("needs a session", async () => {
    const res = await t.call("GET", "/api/me/profile");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
  });

  it("returns and updates the signed-in user's profile", async () => {
    const { user, cookie } = await t.userWithSession({ fullName: "Ada Lovelace" });
    const got = await t.call("GET", "/api/me/profile", { cookie });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ fullName: "Ada Lovelace", email: user.email, role: "user", status: "active", phone: null });

    const saved = await t.call("PATCH", "/api/me/profile", { cookie, json: { fullName: "Ada King", phone: "3105550199" } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ fullName: "Ada King", phone: "+13105550199" });
    expect((await t.call("GET", "/api/me/profile", { cookie })).body.fullName).toBe("Ada King");
  });

  it("rejects a short name and a short phone with the spec's messages, and saves nothing", async () => {
    const { cookie } = await t.userWithSession({ fullName: "Grace Hopper" });
    const res = await t.call("PATCH", "/api/me/profile", { cookie, json: { fullName: "G", phone: "12345" } });
    expectFieldErrors(res, {
      fullName: "Full name must be at least 2 characters",
      phone: "Please enter a valid phone number",
    });
    expect((await t.call("GET", "/api/me/profile", { cookie })).body.fullName).toBe("Grace Hopper");
  });

  it.each(["0000000000", "++++++++++++", "555-CALL-NOW"])("refuses the phone %j with the field message", async (phone) => {
    const { cookie } = await t.userWithSession({ fullName: "Grace Hopper" });
    const res = await t.call("PATCH", "/api/me/profile", { cookie, json: { fullName: "Grace Hopper", phone } });
    expectFieldErrors(res, { phone: "Please enter a valid phone number" });
  });

  it("accepts a foreign number, stored in E.164", async () => {
    const { cookie } = await t.userWithSession({ fullName: "Grace Hopper" });
    const res = await t.call("PATCH", "/api/me/profile", { cookie, json: { fullName: "Grace Hopper", phone: "+44 20 7946 0958" } });
    expect(res.status).toBe(200);
    expect(res.body.phone).toBe("+442079460958");
  });

  it("allows clearing the phone", async () => {
    const { cookie } = await t.userWithSession({ phone: "3105550100" });
    const res = await t.call("PATCH", "/api/me/profile", { cookie, json: { fullName: "Test Customer", phone: "" } });
    expect(res.status).toBe(200);
    expect(res.body.phone).toBeNull();
  });
});

describe("the customer's bookings list", () => {
  it("lists live and upcoming bookings first (soonest first), then past ones (most recent first), whatever the booking order", async () => {
    const { bookings } = await import("../db/schema");
    const { detailsFor } = await import("../test/factories");
    const me = await t.userWithSession({ fullName: "Order Tester" });
    const at = (days: number) => new Date(Date.now() + days * 86_400_000);
    const add = async (label: string, status: string, days: number) => {
      const pickupAt = at(days);
      const [row] = await t.db
        .insert(bookings)
        .values({ service: "ride", bookingDate: pickupAt.toISOString().slice(0, 10), status, price: 100, name: label, email: "order@example.com", userId: me.user.id, pickupAt, details: detailsFor("ride") })
        .returning();
      await new Promise((r) => setTimeout(r, 3)); // booked one after another: creation order differs from the list's
      return row!.id;
    };
    const ids = {
      pastDone: await add("past", "completed", -30),
      farAhead: await add("far", "pending", 20),
      recentCancelled: await add("cancelled", "cancelled", -2),
      soon: await add("soon", "confirmed", 1),
      expired: await add("expired", "expired", -1),
    };
    const res = await t.call("GET", "/api/me/bookings", { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.body.bookings.map((b: { id: string }) => b.id)).toEqual([ids.soon, ids.farAhead, ids.expired, ids.recentCancelled, ids.pastDone]);
  });

  it("gives each booking one payment status a customer understands", async () => {
    const { seedBooking } = await import("../test/factories");
    const me = await t.userWithSession({ fullName: "Payment Reader" });
    const held = await seedBooking(t, { userId: me.user.id, status: "confirmed", bookingDate: "2030-05-02", paymentMethod: "pm_card_visa", capture: false });
    const paid = await seedBooking(t, { userId: me.user.id, status: "completed", paymentMethod: "pm_card_visa" });
    const none = await seedBooking(t, { userId: me.user.id, status: "completed" });
    const res = await t.call("GET", "/api/me/bookings", { cookie: me.cookie });
    expect(res.status).toBe(200);
    const payment = (id: string) => res.body.bookings.find((b: { id: string }) => b.id === id).payment;
    expect(payment(held.id)).toEqual({ label: "Card authorised $111.90", tone: "held" });
    expect(payment(paid.id)).toEqual({ label: "Paid $111.90", tone: "paid" });
    expect(payment(none.id)).toEqual({ label: "No card payment", tone: "neutral" });
  });
});
