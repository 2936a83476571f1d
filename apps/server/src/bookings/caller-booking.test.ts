// Booking for a caller (issue 20), through the API on PGlite (and PostgreSQL): a dispatcher books the customer's
// own quote for a new customer (created with a name, phone and e-mail) or an existing one found by phone or e-mail;
// the booking reads "payment needed", the customer gets a secure link by e-mail and SMS, pays through it (no
// session), or never does and the job releases the booking (cancelled, no hold, the customer told). Idempotent,
// validated field by field, desk-only, audited as "Booked by <staff> for <customer>"; the new customer can set a
// password with "forgot password" and then sees the booking. A quote's coupon is counted for the customer booked for,
// as online: a used-up code or a customer's limit refuses the desk's booking (409) and writes nothing.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AWAITING_LINK_PAYMENT, CALLER_MESSAGES, CALLER_UNPAID_CANCEL_REASON } from "@meridian/shared/caller-booking";
import { auditLogs, bookingEvents, bookings, couponRedemptions, coupons, outboxSms, payments, user } from "../db/schema";
import { runDueJobs } from "../jobs/job-runner";
import { paymentJobHandlers } from "../payments/payment-jobs";
import { jobHandlers } from "../rides/ride-notices";
import type { TestApp } from "../test/harness";
import { countRows, expectFieldErrors, linkIn, outboxFor } from "../test/helpers";
import { createFleetTestApp, createTestFleet, giveCapacityForDays, laDate, rideInput } from "../test/factories";
import { bookingCharge } from "../payments/charges";

let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;
let dispatcher: { cookie: string; user: { id: string } };
let admin: { cookie: string };
let customer: { cookie: string; user: { id: string; email: string } };

const DAY = laDate(3);
const key = () => ({ "Idempotency-Key": crypto.randomUUID() });
const runJobsAt = (at: Date) => runDueJobs(t.db, { ...jobHandlers(t.deps), ...paymentJobHandlers(t.deps) }, { now: () => at });

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  await giveCapacityForDays(t);
  dispatcher = await t.userWithSession({ role: "dispatcher", fullName: "Dana Desk" });
  admin = await t.userWithSession({ role: "admin", fullName: "Ada Admin" });
  customer = await t.userWithSession({ fullName: "Grace Hopper" });
  await t.db.update(user).set({ phone: "+13105550142" }).where(eq(user.id, customer.user.id));
});
afterAll(() => t.close());

async function quoteId(time = "10:30"): Promise<string> {
  const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: DAY, time }) });
  expect(q.status).toBe(200);
  return q.body.quoteId;
}

const book = (json: unknown, headers: Record<string, string> = key(), cookie = dispatcher.cookie) => t.call("POST", "/api/admin/bookings", { cookie, json, headers });
const tokenOf = (text: string) => text.match(/\/pay\/([A-Za-z0-9_.-]+)/)![1]!;

describe("POST /api/admin/bookings", () => {
  let created: { bookingId: string; customerId: string; token: string };

  it("books a new customer's ride at the customer's price: payment needed, the link sent by e-mail and SMS, audited", async () => {
    const qid = await quoteId();
    const quoted = (await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: DAY, time: "10:30" }) })).body.quote.totalUsd;
    const headers = key();
    const body = { service: "ride", quoteId: qid, newCustomer: { fullName: "Ann Caller", email: "Ann.Caller@Example.com", phone: "(310) 555-0101" } };
    const res = await book(body, headers);
    expect(res.status).toBe(201);
    expect(res.body.booking).toMatchObject({ service: "ride", bookingDate: DAY, status: "pending", price: quoted });
    expect(res.body.customer).toMatchObject({ fullName: "Ann Caller", email: "ann.caller@example.com", phone: "+13105550101" });
    expect(res.body.paymentLink.sentBy).toEqual(["email", "sms"]);

    const [owner] = await t.db.select().from(user).where(eq(user.id, res.body.customer.id));
    expect(owner).toMatchObject({ role: "user", emailVerified: false, phone: "+13105550101" });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.body.booking.id));
    expect(row).toMatchObject({ userId: owner!.id, name: "Ann Caller", email: "ann.caller@example.com", phone: "+13105550101" });

    // The same key and body: the first answer again, and no second customer or booking.
    const again = await book(body, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(res.body);
    expect(await t.db.select().from(user).where(eq(user.email, "ann.caller@example.com"))).toHaveLength(1);
    // The same key with another body: refused.
    const other = await book({ ...body, newCustomer: { ...body.newCustomer, fullName: "Someone Else" } }, headers);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("idempotency_mismatch");

    // Payment needed: the placeholder charge, and the admin's booking reads it.
    const charge = await bookingCharge(t.db, res.body.booking.id);
    expect(charge).toMatchObject({ status: "requires_payment_method", lastError: AWAITING_LINK_PAYMENT });

    const [mail] = await outboxFor(t.db, "ann.caller@example.com");
    expect(mail!.subject).toMatch(/^Confirm your ride on /);
    expect(mail!.text).toContain("Dana Desk at Meridian has booked your ride");
    expect(linkIn(mail!).path).toMatch(/^\/pay\//);
    const [sms] = await t.db.select().from(outboxSms).where(eq(outboxSms.to, "+13105550101"));
    expect(tokenOf(sms!.body)).toBe(tokenOf(mail!.text));

    const [audit] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "booking.create_for_caller"), eq(auditLogs.entityId, res.body.booking.id)));
    expect(audit).toMatchObject({ actorId: dispatcher.user.id, entity: "booking" });
    expect(audit!.after).toMatchObject({ summary: "Booked by Dana Desk for Ann Caller", newCustomer: true, customer: { fullName: "Ann Caller" } });
    const [event] = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, res.body.booking.id));
    expect(event).toMatchObject({ note: "Booked by Dana Desk for Ann Caller", actorId: dispatcher.user.id, toStatus: "pending" });
    created = { bookingId: res.body.booking.id, customerId: owner!.id, token: tokenOf(mail!.text) };
  });

  it("the link shows the booking without a session, and paying through it authorises the total", async () => {
    const shown = await t.call("GET", `/api/payment-links/${created.token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.payment).toMatchObject({ bookingId: created.bookingId, state: "needed", payable: true, lastError: AWAITING_LINK_PAYMENT });
    const forged = await t.call("GET", `/api/payment-links/${created.token.slice(0, -2)}xx`);
    expect(forged.status).toBe(404);

    const paid = await t.call("POST", `/api/payment-links/${created.token}`, { json: { paymentMethod: "pm_card_visa" }, headers: key() });
    expect(paid.status).toBe(200);
    expect(paid.body.payment).toMatchObject({ state: "authorised", card: { brand: "visa", last4: "4242" } });
    const twice = await t.call("POST", `/api/payment-links/${created.token}`, { json: { paymentMethod: "pm_card_visa" }, headers: key() });
    expect(twice.status).toBe(409);

    // Past the link's deadline the job leaves a paid booking on.
    await runJobsAt(new Date(Date.now() + 25 * 3_600_000));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, created.bookingId));
    expect(row!.status).toBe("pending");
  });

  it("the new customer sets a password with 'forgot password' on that e-mail, signs in and sees the booking", async () => {
    const asked = await t.call("POST", "/api/auth/request-password-reset", { json: { email: "ann.caller@example.com", redirectTo: "/reset-password" } });
    expect(asked.status).toBe(200);
    const [mail] = await outboxFor(t.db, "ann.caller@example.com");
    expect(mail!.subject).toBe("Reset your Meridian password");
    const follow = await t.app.request(linkIn(mail!).path);
    const token = new URL(follow.headers.get("location")!).searchParams.get("token");
    expect((await t.call("POST", "/api/auth/reset-password", { json: { newPassword: "caller-password-1", token } })).status).toBe(200);
    const cookie = await t.signIn("ann.caller@example.com", "caller-password-1");
    const mine = await t.call("GET", "/api/me/bookings", { cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.bookings.map((b: { id: string }) => b.id)).toContain(created.bookingId);
  });

  it("finds an existing customer by phone and by e-mail, never staff, and books for them", async () => {
    const byPhone = await t.call("GET", `/api/admin/customers?q=${encodeURIComponent("(310) 555-0142")}`, { cookie: dispatcher.cookie });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.customers).toEqual([{ id: customer.user.id, fullName: "Grace Hopper", email: customer.user.email, phone: "+13105550142" }]);
    const byEmail = await t.call("GET", `/api/admin/customers?q=${encodeURIComponent(customer.user.email)}`, { cookie: admin.cookie });
    expect(byEmail.body.customers.map((c: { id: string }) => c.id)).toEqual([customer.user.id]);
    const staff = await t.call("GET", "/api/admin/customers?q=Dana", { cookie: dispatcher.cookie });
    expect(staff.body.customers).toEqual([]);

    const res = await book({ service: "ride", quoteId: await quoteId("11:00"), customerId: customer.user.id });
    expect(res.status).toBe(201);
    expect(res.body.customer.id).toBe(customer.user.id);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.body.booking.id));
    expect(row).toMatchObject({ userId: customer.user.id, email: customer.user.email });
    // The customer, signed in, sees it and can pay on the usual confirm-a-card page too.
    const state = await t.call("GET", `/api/me/bookings/${res.body.booking.id}/payment`, { cookie: customer.cookie });
    expect(state.body.payment).toMatchObject({ state: "needed", cardOnFile: false });
    // ...or through the link the desk sent them: a test card, authorised, and kept for the booking.
    const link = (await outboxFor(t.db, customer.user.email)).find((m) => m.subject.startsWith("Confirm your ride"))!;
    const paid = await t.call("POST", `/api/payment-links/${tokenOf(link.text)}`, { json: { paymentMethod: "pm_card_mastercard" }, headers: key() });
    expect(paid.status).toBe(200);
    expect(paid.body.payment).toMatchObject({ state: "authorised", card: { brand: "mastercard", last4: "4444" }, cardOnFile: true });

    const notCustomer = await book({ service: "ride", quoteId: await quoteId("11:00"), customerId: dispatcher.user.id });
    expect(notCustomer.status).toBe(422);
    expect(notCustomer.body.error.fields).toEqual({ customerId: CALLER_MESSAGES.notACustomer });
    const taken = await book({ service: "ride", quoteId: await quoteId("11:00"), newCustomer: { fullName: "Grace Again", email: customer.user.email } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields).toEqual({ "newCustomer.email": CALLER_MESSAGES.emailTaken });
  });

  it("never paid: the job releases the booking at its deadline (cancelled, no hold, the customer told by e-mail and SMS)", async () => {
    const res = await book({ service: "ride", quoteId: await quoteId("14:00"), newCustomer: { fullName: "Phone Only", phone: "+1 424 555 0177" } });
    expect(res.status).toBe(201);
    expect(res.body.paymentLink.sentBy).toEqual(["sms"]);
    expect(res.body.customer.email).toBeNull();
    const id = res.body.booking.id;
    const dueAt = new Date(res.body.paymentLink.dueAt);

    await runJobsAt(new Date(dueAt.getTime() - 60_000));
    expect((await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status).toBe("pending");
    await runJobsAt(new Date(dueAt.getTime() + 1000));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: "cancelled", cancelReason: CALLER_UNPAID_CANCEL_REASON, cancelledBy: "system" });
    expect(Number(row!.cancellationFee)).toBe(0);
    const charges = await t.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(charges.filter((c) => c.status === "requires_capture")).toEqual([]);
    const texts = await t.db.select().from(outboxSms).where(eq(outboxSms.to, "+14245550177")).orderBy(desc(outboxSms.id));
    expect(texts[0]!.body).toContain("has been cancelled. Reason: it was not paid through the link we sent in time");
    // The link now says there is nothing to pay.
    const shown = await t.call("GET", `/api/payment-links/${tokenOf(texts[1]!.body)}`);
    expect(shown.body.payment.payable).toBe(false);
    const pay = await t.call("POST", `/api/payment-links/${tokenOf(texts[1]!.body)}`, { json: { paymentMethod: "pm_card_visa" }, headers: key() });
    expect(pay.status).toBe(409);
  });

  it("answers 403 to customers, valets and chauffeurs, and 401 signed out", async () => {
    const valet = await t.userWithSession({ role: "valet" });
    const chauffeur = await t.userWithSession({ role: "chauffeur" });
    const body = { service: "ride", quoteId: "x", customerId: customer.user.id };
    for (const who of [customer, valet, chauffeur]) {
      expect((await book(body, key(), who.cookie)).status).toBe(403);
      expect((await t.call("GET", "/api/admin/customers?q=Grace", { cookie: who.cookie })).status).toBe(403);
    }
    expect((await t.call("POST", "/api/admin/bookings", { json: body, headers: key() })).status).toBe(401);
  });

  it("refuses invalid input with a message per field", async () => {
    const qid = await quoteId();
    const noContact = await book({ service: "ride", quoteId: qid, newCustomer: { fullName: "Ann" } });
    expectFieldErrors(noContact, { "newCustomer.phone": CALLER_MESSAGES.contact });
    const bad = await book({ service: "ride", quoteId: qid, newCustomer: { fullName: "A", email: "not-an-email", phone: "12" } });
    expectFieldErrors(bad, {
      "newCustomer.fullName": "Full name must be at least 2 characters",
      "newCustomer.email": "Invalid email address",
      "newCustomer.phone": CALLER_MESSAGES.phone,
    });
    const neither = await book({ service: "ride", quoteId: qid });
    expect(neither.body.error.fields).toEqual({ customerId: CALLER_MESSAGES.customer });
    const forged = await book({ service: "ride", quoteId: `${qid}x`, customerId: customer.user.id });
    expect(forged.status).toBe(400);
    expect(forged.body.error.fields).toHaveProperty("quoteId");
    const noKey = await t.call("POST", "/api/admin/bookings", { cookie: dispatcher.cookie, json: { service: "ride", quoteId: qid, customerId: customer.user.id } });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.code).toBe("idempotency_key_required");
    const shortSearch = await t.call("GET", "/api/admin/customers?q=a", { cookie: dispatcher.cookie });
    expect(shortSearch.status).toBe(400);
    expect(shortSearch.body.error.fields).toHaveProperty("q");
  });
});

describe("a coupon on a booking made at the desk", () => {
  const COUPON_DAY = laDate(4);
  const couponQuote = async (code: string, time: string) => {
    const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: COUPON_DAY, time, couponCode: code }) });
    expect(q.status).toBe(200);
    expect(q.body.quote.coupon).toMatchObject({ code });
    return q.body.quoteId as string;
  };
  const createCoupon = async (json: Record<string, unknown>) => {
    const res = await t.call("POST", "/api/admin/coupons", { cookie: admin.cookie, json });
    expect(res.status).toBe(201);
  };
  const usesOf = async (code: string) => (await t.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.usesCount;
  // What a refused booking must not leave behind: its booking, or a charge (a card hold or the desk's "payment needed").
  const written = async () => ({ bookings: await countRows(t.db, bookings), charges: await countRows(t.db, payments) });

  it("counts the use: a one-use code books once at the desk, and the second desk booking is refused with why, leaving no booking and no hold", async () => {
    await createCoupon({ code: "DESKONCE", kind: "fixed", value: 50, maxUses: 1 });
    // Both quotes show the discount (taken before either booking), as two callers on two lines would have them.
    const [first, second] = [await couponQuote("DESKONCE", "08:00"), await couponQuote("DESKONCE", "12:00")];
    const booked = await book({ service: "ride", quoteId: first, customerId: customer.user.id });
    expect(booked.status).toBe(201);
    expect(await usesOf("DESKONCE")).toBe(1);
    // The use is the customer's (the desk books for them), for this booking.
    const redemptions = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.bookingId, booked.body.booking.id));
    expect(redemptions).toEqual([expect.objectContaining({ userId: customer.user.id, discountCents: 5000 })]);

    const before = await written();
    const refused = await book({ service: "ride", quoteId: second, newCustomer: { fullName: "Second Caller", phone: "+1 424 555 0190" } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "coupon_unavailable", message: "This code has been used up.", fields: { couponCode: "This code has been used up." } });
    expect(await written()).toEqual(before);
    expect(await t.db.select().from(user).where(eq(user.phone, "+14245550190"))).toEqual([]);
    expect(await usesOf("DESKONCE")).toBe(1);
  });

  it("gives a one-use code's last use to one of two desk bookings racing for it; the other is 409 and writes nothing", async () => {
    await createCoupon({ code: "DESKRACE", kind: "percent", value: 20, maxUses: 1 });
    const [qa, qb] = [await couponQuote("DESKRACE", "09:00"), await couponQuote("DESKRACE", "13:00")];
    const other = await t.userWithSession({ fullName: "Rita Racer" });
    const before = await written();
    const answers = await Promise.all([
      book({ service: "ride", quoteId: qa, customerId: customer.user.id }),
      book({ service: "ride", quoteId: qb, customerId: other.user.id }, key(), admin.cookie),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error).toMatchObject({ code: "coupon_unavailable", message: "This code has been used up." });
    // One booking and its one "payment needed" charge: nothing of the refused one.
    expect(await written()).toEqual({ bookings: before.bookings + 1, charges: before.charges + 1 });
    expect(await usesOf("DESKRACE")).toBe(1);
  });

  it("holds the per-customer limit for the customer booked for, not the dispatcher booking", async () => {
    await createCoupon({ code: "DESKEACH", kind: "fixed", value: 10, maxUsesPerCustomer: 1 });
    const grace = await book({ service: "ride", quoteId: await couponQuote("DESKEACH", "10:00"), customerId: customer.user.id });
    expect(grace.status).toBe(201);

    const before = await written();
    const again = await book({ service: "ride", quoteId: await couponQuote("DESKEACH", "15:00"), customerId: customer.user.id });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "coupon_unavailable", message: "You have already used this code." });
    expect(await written()).toEqual(before);
    // The customer's own booking online counts the desk's use too.
    const online = await t.call("POST", "/api/bookings", {
      cookie: customer.cookie,
      json: { service: "ride", quoteId: await couponQuote("DESKEACH", "17:00"), paymentMethod: "pm_card_visa" },
      headers: key(),
    });
    expect(online.status).toBe(409);
    expect(online.body.error.message).toBe("You have already used this code.");
    expect(await written()).toEqual(before);

    // The same dispatcher books another customer with it: their first use.
    const someoneElse = await book({ service: "ride", quoteId: await couponQuote("DESKEACH", "19:00"), newCustomer: { fullName: "Other Caller", email: "other.caller@example.com" } });
    expect(someoneElse.status).toBe(201);
    expect(await usesOf("DESKEACH")).toBe(2);
    const uses = await t.db.select({ userId: couponRedemptions.userId }).from(couponRedemptions).innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId)).where(eq(coupons.code, "DESKEACH"));
    expect(uses.map((u) => u.userId).sort()).toEqual([customer.user.id, someoneElse.body.customer.id].sort());
  });
});
