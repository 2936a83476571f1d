// The admin Reports from real money: every charge, capture, refund and tip below is made through the payment
// provider (app.deps.payments) and recorded with recordPayment, as the booking, lifecycle, tip and refund code
// do; the figures are asserted to the cent, for a date range and for all time, and as CSV.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_OPERATIONS_SETTINGS } from "@meridian/shared/rides";
import { wallClock } from "@meridian/shared/zoned-time";
import { createUser, createVehicle } from "../../seed/factories";
import { paymentRefunds, tipAllocations, type bookings } from "../../db/schema";
import { redeemCoupon } from "../../coupons/coupons.service";
import { recordPayment } from "../../payments/payments.service";
import { createQuoteCounter } from "../../quotes/quote-counter";
import { ensureBookingCharge, insertBooking } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/harness";
import { updateOperationsSettings } from "../../settings/settings.service";

let t: TestApp;
let admin: Awaited<ReturnType<TestApp["userWithSession"]>>;
let customer: Awaited<ReturnType<TestApp["userWithSession"]>>;
let staff: Record<"chauffeur" | "alex" | "blair", { id: string }>;
let ids: Record<"suv" | "sedan", string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithSession({ role: "admin", fullName: "Reporting Admin" });
  customer = await t.userWithSession({ fullName: "Paying Customer" });
  staff = {
    chauffeur: await createUser(t.db, t.deps.auth, { role: "chauffeur", fullName: "Casey Chauffeur" }),
    alex: await createUser(t.db, t.deps.auth, { role: "valet", fullName: "Alex Attendant" }),
    blair: await createUser(t.db, t.deps.auth, { role: "valet", fullName: "Blair Attendant" }),
  };
  ids = { suv: (await createVehicle(t.db, { name: "Luxury SUV" })).id, sedan: (await createVehicle(t.db, { name: "Executive Sedan" })).id };
});
afterAll(() => t.close());

const pay = providerCalls();
/** The provider calls, each with its own idempotency key, recorded as the app records them. */
function providerCalls() {
  const key = (what: string) => `test:${what}:${crypto.randomUUID()}`;
  return {
    /** The booking's charge (authorised), then captured in full or `cents` of it. */
    async capture(bookingId: string, cents?: number) {
      const charge = await ensureBookingCharge(t, bookingId);
      const intent = await t.deps.payments.capture(charge.intentId, cents, `booking:${bookingId}:capture`);
      return recordPayment(t.db, t.deps.payments.kind, intent, bookingId);
    },
    /** An admin's refund of part of a captured charge, as the refund route records it. */
    async refund(bookingId: string, cents: number) {
      const charge = await ensureBookingCharge(t, bookingId);
      const refund = await t.deps.payments.refund(charge.intentId, cents, "requested_by_customer", key("refund"));
      await t.db.insert(paymentRefunds).values({ paymentId: charge.id, bookingId, providerRefundId: refund.id, amountCents: refund.amountCents, reason: "Late pickup", createdBy: admin.user.id });
      await recordPayment(t.db, t.deps.payments.kind, await t.deps.payments.retrieve(charge.intentId), bookingId);
    },
    /** A tip: its own PaymentIntent, authorised and captured at once, shared among staff (paid out or not). */
    async tip(bookingId: string, shares: [string, number, boolean?][]) {
      const cents = shares.reduce((s, [, c]) => s + c, 0);
      const authorized = await t.deps.payments.authorize({ amountCents: cents, paymentMethod: "pm_card_visa", metadata: { bookingId } }, key("tip-authorize"));
      const captured = await t.deps.payments.capture(authorized.id, undefined, key("tip-capture"));
      const payment = await recordPayment(t.db, t.deps.payments.kind, captured, bookingId, "tip");
      for (const [staffId, amountCents, paidOut] of shares) {
        await t.db.insert(tipAllocations).values({ paymentId: payment.id, bookingId, staffId, amountCents, paidOutAt: paidOut ? new Date() : null });
      }
      return payment;
    },
  };
}

const booking = (input: Partial<typeof bookings.$inferInsert>) => insertBooking(t.db, { userId: customer.user.id, ...input });
const redeem = (code: string, bookingId: string, fareCents: number, service: "ride" | "valet") =>
  t.db.transaction((tx) => redeemCoupon(tx, { code, userId: customer.user.id, bookingId, service, fareCents, today: "2026-06-01" }));
const reports = (query = "") => t.call("GET", `/api/admin/reports${query}`, { cookie: admin.cookie });
const JUNE = "?from=2026-06-01&to=2026-06-30";

describe("reports with no money taken", () => {
  it("answers zeros and empty lists, and the funnel's two services", async () => {
    const res = await reports();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      range: { from: null, to: null },
      revenue: { capturedUsd: 0, refundedUsd: 0, netUsd: 0, bookings: 0 },
      revenueByService: [],
      revenueByVehicleType: [],
      tips: { totalUsd: 0, count: 0, byService: [] },
      payouts: { owedUsd: 0, byStaff: [] },
      funnel: {
        quotes: 0,
        quotesWithCoupon: 0,
        bookings: 0,
        completed: 0,
        byService: [
          { service: "ride", quotes: 0, quotesWithCoupon: 0, bookings: 0, completed: 0 },
          { service: "valet", quotes: 0, quotesWithCoupon: 0, bookings: 0, completed: 0 },
        ],
      },
      coupons: { redemptions: 0, discountUsd: 0, revenueUsd: 0, byCode: [] },
    });
  });
});

describe("reports from payments, refunds, tips, quote counts and coupon uses", () => {
  beforeAll(async () => {
    // Coupons (through the admin API) and their uses.
    for (const json of [
      { code: "JUNE10", kind: "percent", value: 10 },
      { code: "VALETVIP", kind: "fixed", value: 30 },
    ]) {
      expect((await t.call("POST", "/api/admin/coupons", { cookie: admin.cookie, json })).status).toBe(201);
    }
    // B1: SUV ride on June 1, $200 captured, $50 refunded; a $30 tip for the chauffeur (owed); JUNE10 took $20.00.
    const b1 = await booking({ service: "ride", bookingDate: "2026-06-01", status: "completed", price: 200, vehicleTypeId: ids.suv, createdAt: new Date("2026-05-20T18:00:00Z") });
    await pay.capture(b1.id);
    await pay.refund(b1.id, 5000);
    await pay.tip(b1.id, [[staff.chauffeur.id, 3000]]);
    await redeem("JUNE10", b1.id, 20_000, "ride");
    // B2: sedan ride on June 2, $100.25 captured; JUNE10 took $10.03 (10% of $100.30).
    const b2 = await booking({ service: "ride", bookingDate: "2026-06-02", status: "completed", price: 100.25, vehicleTypeId: ids.sedan, createdAt: new Date("2026-06-02T16:00:00Z") });
    await pay.capture(b2.id);
    await redeem("JUNE10", b2.id, 10_030, "ride");
    // B3: valet on June 3, cancelled late: only the $150 fee of $299 captured; a $25 tip shared by two attendants, Alex's paid out; VALETVIP took $30.
    const b3 = await booking({ service: "valet", bookingDate: "2026-06-03", status: "cancelled", price: 299, createdAt: new Date("2026-06-01T20:00:00Z") });
    await pay.capture(b3.id, 15_000);
    await pay.tip(b3.id, [
      [staff.alex.id, 1250, true],
      [staff.blair.id, 1250],
    ]);
    await redeem("VALETVIP", b3.id, 32_900, "valet");
    // B4: sedan ride on June 5, authorised only (not yet served): no revenue. Booked June 30, 20:00 in Los Angeles (July 1 in UTC).
    const b4 = await booking({ service: "ride", bookingDate: "2026-06-05", status: "confirmed", price: 80, vehicleTypeId: ids.sedan, createdAt: new Date("2026-07-01T03:00:00Z") });
    await ensureBookingCharge(t, b4.id);
    // B5: SUV ride on July 10, booked July 1: $120 captured and a $5 tip, outside June.
    const b5 = await booking({ service: "ride", bookingDate: "2026-07-10", status: "completed", price: 120, vehicleTypeId: ids.suv, createdAt: new Date("2026-07-01T19:00:00Z") });
    await pay.capture(b5.id);
    await pay.tip(b5.id, [[staff.chauffeur.id, 500]]);
    // B6: a valet booking without a card (made before payments): counted in the funnel, no revenue.
    await booking({ service: "valet", bookingDate: "2026-06-20", status: "completed", price: 310, createdAt: new Date("2026-06-10T17:00:00Z") });

    // Quotes answered, as the quote routes count them.
    const june1 = createQuoteCounter(t.db, t.deps.logger, { today: () => "2026-06-01" });
    for (let i = 0; i < 10; i++) june1.count("ride", i < 3);
    for (let i = 0; i < 4; i++) june1.count("valet", i === 0);
    await june1.close();
    const july1 = createQuoteCounter(t.db, t.deps.logger, { today: () => "2026-07-01" });
    july1.count("ride", false);
    july1.count("ride", false);
    await july1.close();
  });

  it("June: revenue net of refunds by service and by vehicle type, to the cent", async () => {
    const { status, body } = await reports(JUNE);
    expect(status).toBe(200);
    expect(body.range).toEqual({ from: "2026-06-01", to: "2026-06-30" });
    expect(body.revenue).toEqual({ capturedUsd: 450.25, refundedUsd: 50, netUsd: 400.25, bookings: 3 });
    expect(body.revenueByService).toEqual([
      { service: "ride", capturedUsd: 300.25, refundedUsd: 50, netUsd: 250.25, bookings: 2 },
      { service: "valet", capturedUsd: 150, refundedUsd: 0, netUsd: 150, bookings: 1 },
    ]);
    expect(body.revenueByVehicleType).toEqual([
      { vehicleTypeId: ids.suv, name: "Luxury SUV", capturedUsd: 200, refundedUsd: 50, netUsd: 150, bookings: 1 },
      { vehicleTypeId: null, name: "No vehicle (valet)", capturedUsd: 150, refundedUsd: 0, netUsd: 150, bookings: 1 },
      { vehicleTypeId: ids.sedan, name: "Executive Sedan", capturedUsd: 100.25, refundedUsd: 0, netUsd: 100.25, bookings: 1 },
    ]);
  });

  it("June: tips, the payouts still owed to each staff member, the funnel and coupon performance", async () => {
    const { body } = await reports(JUNE);
    expect(body.tips).toEqual({
      totalUsd: 55,
      count: 2,
      byService: [
        { service: "ride", totalUsd: 30, count: 1 },
        { service: "valet", totalUsd: 25, count: 1 },
      ],
    });
    expect(body.payouts).toEqual({
      owedUsd: 42.5,
      byStaff: [
        { staffId: staff.chauffeur.id, name: "Casey Chauffeur", owedUsd: 30, tips: 1 },
        { staffId: staff.blair.id, name: "Blair Attendant", owedUsd: 12.5, tips: 1 },
      ],
    });
    // Booked in June (Los Angeles): B2, B3, B4 (June 30 at 20:00) and B6; B1 was booked in May.
    expect(body.funnel).toEqual({
      quotes: 14,
      quotesWithCoupon: 4,
      bookings: 4,
      completed: 2,
      byService: [
        { service: "ride", quotes: 10, quotesWithCoupon: 3, bookings: 2, completed: 1 },
        { service: "valet", quotes: 4, quotesWithCoupon: 1, bookings: 2, completed: 1 },
      ],
    });
    // Uses in bookings made in June: B2's JUNE10 and B3's VALETVIP.
    expect(body.coupons).toEqual({
      redemptions: 2,
      discountUsd: 40.03,
      revenueUsd: 250.25,
      byCode: [
        { code: "JUNE10", redemptions: 1, discountUsd: 10.03, revenueUsd: 100.25 },
        { code: "VALETVIP", redemptions: 1, discountUsd: 30, revenueUsd: 150 },
      ],
    });
  });

  it("all time: every service date, every booking", async () => {
    const { body } = await reports();
    expect(body.revenue).toEqual({ capturedUsd: 570.25, refundedUsd: 50, netUsd: 520.25, bookings: 4 });
    expect(body.revenueByVehicleType[0]).toEqual({ vehicleTypeId: ids.suv, name: "Luxury SUV", capturedUsd: 320, refundedUsd: 50, netUsd: 270, bookings: 2 });
    expect(body.tips.totalUsd).toBe(60);
    expect(body.payouts.byStaff[0]).toEqual({ staffId: staff.chauffeur.id, name: "Casey Chauffeur", owedUsd: 35, tips: 2 });
    expect(body.funnel).toMatchObject({ quotes: 16, quotesWithCoupon: 4, bookings: 6, completed: 4 });
    expect(body.coupons).toMatchObject({ redemptions: 3, discountUsd: 60.03, revenueUsd: 400.25 });
    expect(body.coupons.byCode[0]).toEqual({ code: "JUNE10", redemptions: 2, discountUsd: 30.03, revenueUsd: 250.25 });
  });

  it("downloads each card as CSV with the same figures", async () => {
    const csv = async (card: string, query = JUNE) => {
      const res = await t.call("GET", `/api/admin/reports/${card}.csv${query}`, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="meridian-${card}${query ? "-2026-06-01-to-2026-06-30" : ""}.csv"`);
      return String(res.body).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    };
    expect(await csv("revenue-by-service")).toEqual([
      "Service,Bookings,Captured (USD),Refunded (USD),Net revenue (USD)",
      "ride,2,$300.25,$50.00,$250.25",
      "valet,1,$150.00,$0.00,$150.00",
      "Total,3,$450.25,$50.00,$400.25",
    ]);
    expect(await csv("revenue-by-vehicle-type")).toEqual([
      "Vehicle type,Bookings,Captured (USD),Refunded (USD),Net revenue (USD)",
      "Luxury SUV,1,$200.00,$50.00,$150.00",
      "No vehicle (valet),1,$150.00,$0.00,$150.00",
      "Executive Sedan,1,$100.25,$0.00,$100.25",
    ]);
    expect(await csv("tips")).toEqual(["Service,Tips,Tips (USD)", "ride,1,$30.00", "valet,1,$25.00", "Total,2,$55.00"]);
    expect(await csv("payouts")).toEqual([
      "Staff member,Staff ID,Tips,Owed (USD)",
      `Casey Chauffeur,${staff.chauffeur.id},1,$30.00`,
      `Blair Attendant,${staff.blair.id},1,$12.50`,
      "Total,,,$42.50",
    ]);
    expect(await csv("funnel")).toEqual(["Service,Quotes,Quotes with a coupon,Bookings,Completed", "ride,10,3,2,1", "valet,4,1,2,1", "Total,14,4,4,2"]);
    expect(await csv("coupons")).toEqual([
      "Code,Redemptions,Discount given (USD),Net revenue of those bookings (USD)",
      "JUNE10,1,$10.03,$100.25",
      "VALETVIP,1,$30.00,$150.00",
      "Total,2,$40.03,$250.25",
    ]);
    expect((await csv("tips", ""))[3]).toBe("Total,3,$60.00");
  });

  it("is the admin's only: 401 signed out, 403 for customers and staff; bad ranges are 400, unknown cards 404", async () => {
    const dispatcher = await t.userWithSession({ role: "dispatcher" });
    for (const path of ["/api/admin/reports", "/api/admin/reports/tips.csv"]) {
      expect((await t.call("GET", path)).status).toBe(401);
      expect((await t.call("GET", path, { cookie: customer.cookie })).status).toBe(403);
      expect((await t.call("GET", path, { cookie: dispatcher.cookie })).status).toBe(403);
    }
    const inverted = await reports("?from=2026-06-30&to=2026-06-01");
    expect(inverted.status).toBe(400);
    expect(inverted.body.error.fields.to).toBe("The end date must be on or after the start date.");
    expect((await reports("?from=2026-02-30")).status).toBe(400);
    expect((await t.call("GET", "/api/admin/reports/salaries.csv", { cookie: admin.cookie })).status).toBe(404);
    expect((await t.call("GET", "/api/admin/reports/tips.json", { cookie: admin.cookie })).status).toBe(404);
    const [refund] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.reason, "Late pickup"));
    expect(refund!.amountCents).toBe(5000); // the refund the figures above are net of
  });
});

describe("payouts net of tip refunds", () => {
  it("owes each share of what is left of a tip after its refunds, and nothing of a tip refunded in full", async () => {
    const refundTip = async (tip: { id: string; intentId: string }, bookingId: string, cents: number) => {
      const refund = await t.deps.payments.refund(tip.intentId, cents, "requested_by_customer", `test:tip-refund:${crypto.randomUUID()}`);
      await t.db.insert(paymentRefunds).values({ paymentId: tip.id, bookingId, providerRefundId: refund.id, amountCents: refund.amountCents, reason: "Tip in error", createdBy: admin.user.id });
      await recordPayment(t.db, t.deps.payments.kind, await t.deps.payments.retrieve(tip.intentId), bookingId, "tip");
    };
    // August: a $40 tip for the chauffeur, $10 of it refunded; a $20 tip shared by two attendants, refunded in full.
    const b7 = await booking({ service: "ride", bookingDate: "2026-08-05", status: "completed", price: 90, vehicleTypeId: ids.sedan, createdAt: new Date("2026-08-01T18:00:00Z") });
    await pay.capture(b7.id);
    await refundTip(await pay.tip(b7.id, [[staff.chauffeur.id, 4000]]), b7.id, 1000);
    const b8 = await booking({ service: "valet", bookingDate: "2026-08-06", status: "completed", price: 300, createdAt: new Date("2026-08-01T19:00:00Z") });
    await pay.capture(b8.id);
    await refundTip(await pay.tip(b8.id, [[staff.alex.id, 1000], [staff.blair.id, 1000]]), b8.id, 2000);

    const { body } = await reports("?from=2026-08-01&to=2026-08-31");
    expect(body.payouts).toEqual({ owedUsd: 30, byStaff: [{ staffId: staff.chauffeur.id, name: "Casey Chauffeur", owedUsd: 30, tips: 1 }] });
    expect(body.tips.totalUsd).toBe(30);
  });
});

describe("days on the operations clock (Settings -> Operations time zone)", () => {
  it("counts a booking made just after midnight in Tokyo on the Tokyo day, not the Los Angeles one", async () => {
    await updateOperationsSettings(t.db, { id: admin.user.id, email: admin.user.email }, { ...DEFAULT_OPERATIONS_SETTINGS, timeZone: "Asia/Tokyo" });
    try {
      // 2026-09-09 15:30 UTC is 00:30 on Thursday 10 September in Tokyo (still 08:30 on the 9th in Los Angeles).
      await insertBooking(t.db, { service: "valet", bookingDate: "2026-09-20", userId: customer.user.id, createdAt: new Date("2026-09-09T15:30:00Z") });
      const day = async (date: string) => (await reports(`?from=${date}&to=${date}`)).body.funnel.bookings as number;
      expect(await day("2026-09-10")).toBe(1);
      expect(await day("2026-09-09")).toBe(0);
    } finally {
      await updateOperationsSettings(t.db, { id: admin.user.id, email: admin.user.email }, DEFAULT_OPERATIONS_SETTINGS);
    }
  });

  it("counts the quotes of the day on the operations clock too", async () => {
    await updateOperationsSettings(t.db, { id: admin.user.id, email: admin.user.email }, { ...DEFAULT_OPERATIONS_SETTINGS, timeZone: "Pacific/Kiritimati" });
    try {
      // UTC+14: always a calendar day ahead of Los Angeles (UTC-7/-8), so the two days never coincide.
      const kiritimati = wallClock(new Date(), "Pacific/Kiritimati").date;
      const counter = createQuoteCounter(t.db, t.deps.logger, { flushMs: 60_000 });
      counter.count("ride", false);
      await counter.close();
      expect((await reports(`?from=${kiritimati}&to=${kiritimati}`)).body.funnel.byService.find((r: { service: string }) => r.service === "ride").quotes).toBe(1);
    } finally {
      await updateOperationsSettings(t.db, { id: admin.user.id, email: admin.user.email }, DEFAULT_OPERATIONS_SETTINGS);
    }
  });
});
