// The Overview's analytics from hand-made bookings, charges, refunds, quote counts, valet retrievals and ride
// events, every figure computed by hand below. The clock reads Monday 2026-06-15 12:00 in Los Angeles (PDT,
// UTC-7) while a request is answered, so the 7-day period is June 9-15, starting 2026-06-09T07:00Z.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AdminAnalytics, AnalyticsDay } from "@meridian/shared/analytics";
import { DEFAULT_OPERATIONS_SETTINGS } from "@meridian/shared/rides";
import { bookingEvents, paymentRefunds, valetRetrievals, type bookings } from "../../db/schema";
import { recordPayment } from "../../payments/payments.service";
import { createQuoteCounter } from "../../quotes/quote-counter";
import { updateOperationsSettings } from "../../settings/settings.service";
import { ensureBookingCharge, insertBooking, insertTicket } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/harness";

const NOW = new Date("2026-06-15T19:00:00Z");
let t: TestApp;
let admin: Awaited<ReturnType<TestApp["userWithSession"]>>;
let customer: Awaited<ReturnType<TestApp["userWithSession"]>>;

/** A request answered at NOW (only Date is faked: the database and the timers keep real time). */
async function at<T>(now: Date, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
const analytics = (query: string, cookie = admin.cookie) => at(NOW, () => t.call("GET", `/api/admin/analytics${query}`, { cookie }));
const day = (a: AdminAnalytics, d: string): AnalyticsDay => {
  const hit = a.daily.find((x) => x.day === d);
  if (!hit) throw new Error(`no ${d} in ${a.from}..${a.to}`);
  return hit;
};

const booking = (input: Partial<typeof bookings.$inferInsert>) => insertBooking(t.db, { userId: customer.user.id, ...input });
async function capture(bookingId: string, cents?: number) {
  const charge = await ensureBookingCharge(t, bookingId);
  const intent = await t.deps.payments.capture(charge.intentId, cents, `booking:${bookingId}:capture`);
  return recordPayment(t.db, t.deps.payments.kind, intent, bookingId);
}
async function refund(bookingId: string, cents: number) {
  const charge = await ensureBookingCharge(t, bookingId);
  const r = await t.deps.payments.refund(charge.intentId, cents, "requested_by_customer", `test:refund:${crypto.randomUUID()}`);
  await t.db.insert(paymentRefunds).values({ paymentId: charge.id, bookingId, providerRefundId: r.id, amountCents: r.amountCents, reason: "Goodwill", createdBy: admin.user.id });
  await recordPayment(t.db, t.deps.payments.kind, await t.deps.payments.retrieve(charge.intentId), bookingId);
}
/** A ride served long ago (booked in March: outside every period) with its pickup and the chauffeur's arrival. */
async function pickup(pickupAt: string, arrivedAt: string | null) {
  const b = await booking({ service: "ride", bookingDate: pickupAt.slice(0, 10), status: arrivedAt ? "completed" : "cancelled", pickupAt: new Date(pickupAt), createdAt: new Date("2026-03-01T18:00:00Z") });
  if (arrivedAt) await t.db.insert(bookingEvents).values({ bookingId: b.id, fromStatus: "en_route", toStatus: "on_location", actorRole: "chauffeur", createdAt: new Date(arrivedAt) });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithSession({ role: "admin", fullName: "Analytics Admin" });
  customer = await t.userWithSession({ fullName: "Analytics Customer" });

  // Bookings made (created on the Los Angeles clock), and the money of their service dates.
  // A: ride made June 9 at 00:05 (just after local midnight: the period's first day); served June 10: $200 captured, $50 refunded.
  const a = await booking({ service: "ride", bookingDate: "2026-06-10", status: "completed", price: 200, createdAt: new Date("2026-06-09T07:05:00Z") });
  await capture(a.id);
  await refund(a.id, 5000);
  // B: valet made June 8 at 23:55 (the day before the 7-day period, though June 9 in UTC); served June 12: $299 captured.
  const b = await booking({ service: "valet", bookingDate: "2026-06-12", status: "completed", price: 299, createdAt: new Date("2026-06-09T06:55:00Z") });
  await capture(b.id);
  // C: ride made June 13 at 23:30 (June 14 in UTC) for June 20: authorised only, no money yet.
  const c = await booking({ service: "ride", bookingDate: "2026-06-20", status: "confirmed", price: 95, createdAt: new Date("2026-06-14T06:30:00Z") });
  await ensureBookingCharge(t, c.id);
  // D: ride made June 14 at 00:30 for June 15, cancelled late: the $50 fee of $100 captured.
  const d = await booking({ service: "ride", bookingDate: "2026-06-15", status: "cancelled", cancelledAt: new Date("2026-06-15T10:00:00Z"), price: 100, createdAt: new Date("2026-06-14T07:30:00Z") });
  await capture(d.id, 5000);
  // E: valet made June 15 at 11:00 for June 15: $310.50 captured and refunded in full (net $0).
  const e = await booking({ service: "valet", bookingDate: "2026-06-15", status: "refunded", price: 310.5, createdAt: new Date("2026-06-15T18:00:00Z") });
  await capture(e.id);
  await refund(e.id, 31_050);
  // F: ride made May 1 (in the 90-day period only) for June 9: $80.25 captured.
  const f = await booking({ service: "ride", bookingDate: "2026-06-09", status: "completed", price: 80.25, createdAt: new Date("2026-05-01T17:00:00Z") });
  await capture(f.id);

  // Quotes answered: June 8 four rides (outside the 7 days), June 9 five rides, June 15 one ride and three valets.
  for (const [d, ride, valet] of [["2026-06-08", 4, 0], ["2026-06-09", 5, 0], ["2026-06-15", 1, 3]] as const) {
    const counter = createQuoteCounter(t.db, t.deps.logger, { today: () => d });
    for (let i = 0; i < ride; i++) counter.count("ride", false);
    for (let i = 0; i < valet; i++) counter.count("valet", false);
    await counter.close();
  }

  // Valet cars requested and handed back (minutes from request to handover).
  const ticket = await insertTicket(t.db, e.id, { valetStatus: "delivered", status: "released" });
  const retrieval = (requested: string, delivered: string | null) =>
    t.db.insert(valetRetrievals).values({ ticketId: ticket.id, stand: "North", requestedAt: new Date(requested), readyAt: delivered ? new Date(requested) : null, deliveredAt: delivered ? new Date(delivered) : null });
  await retrieval("2026-06-15T17:00:00Z", "2026-06-15T17:12:00Z"); // June 15, 12 min
  await retrieval("2026-06-15T17:30:00Z", "2026-06-15T17:51:00Z"); // June 15, 21 min
  await retrieval("2026-06-10T06:58:00Z", "2026-06-10T07:08:00Z"); // June 9 at 23:58, 10 min
  await retrieval("2026-06-14T20:00:00Z", null); // June 14, still open: not counted
  await retrieval("2026-06-09T06:50:00Z", "2026-06-09T07:20:00Z"); // June 8 at 23:50, 30 min: before the 7 days

  // Pickups: on location by the pickup time is on time.
  await pickup("2026-06-11T16:00:00Z", "2026-06-11T15:55:00Z"); // June 11 09:00, 5 min early: on time
  await pickup("2026-06-11T21:00:00Z", "2026-06-11T21:07:00Z"); // June 11 14:00, 7 min late
  await pickup("2026-06-12T07:15:00Z", "2026-06-12T07:15:00Z"); // June 12 00:15, exactly on time
  await pickup("2026-06-13T17:00:00Z", null); // cancelled before the chauffeur arrived: not a pickup
  await pickup("2026-06-09T06:45:00Z", "2026-06-09T06:40:00Z"); // June 8 at 23:45: before the 7 days
});
afterAll(() => t.close());

describe("GET /api/admin/analytics", () => {
  it("the last 7 days per day on the Los Angeles clock: bookings made, revenue by service date, quotes, retrievals, pickups", async () => {
    const { status, body } = await analytics("?days=7");
    expect(status).toBe(200);
    const a = body as AdminAnalytics;
    expect({ days: a.days, from: a.from, to: a.to, timeZone: a.timeZone }).toEqual({ days: 7, from: "2026-06-09", to: "2026-06-15", timeZone: "America/Los_Angeles" });
    expect(a.daily.map((d) => d.day)).toEqual(["2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12", "2026-06-13", "2026-06-14", "2026-06-15"]);

    // A (00:05) counts on June 9; B (23:55 the day before) does not; C (23:30) on June 13, not June 14.
    expect(day(a, "2026-06-09")).toEqual({
      day: "2026-06-09",
      bookings: { ride: 1, valet: 0 },
      cancelled: 0,
      revenueUsd: { ride: 80.25, valet: 0 },
      quotes: { ride: 5, valet: 0 },
      retrievals: 1,
      retrievalMinutes: 10,
      pickups: 0,
      onTimePickups: 0,
    });
    expect(day(a, "2026-06-10").revenueUsd).toEqual({ ride: 150, valet: 0 });
    expect(day(a, "2026-06-11")).toMatchObject({ bookings: { ride: 0, valet: 0 }, pickups: 2, onTimePickups: 1 });
    expect(day(a, "2026-06-12")).toMatchObject({ revenueUsd: { ride: 0, valet: 299 }, pickups: 1, onTimePickups: 1 });
    expect(day(a, "2026-06-13").bookings).toEqual({ ride: 1, valet: 0 });
    expect(day(a, "2026-06-14")).toMatchObject({ bookings: { ride: 1, valet: 0 }, cancelled: 1, retrievals: 0, retrievalMinutes: null });
    expect(day(a, "2026-06-15")).toMatchObject({ bookings: { ride: 0, valet: 1 }, revenueUsd: { ride: 50, valet: 0 }, quotes: { ride: 1, valet: 3 }, retrievals: 2, retrievalMinutes: 16.5 });

    expect(a.totals).toEqual({
      bookings: { ride: 3, valet: 1, total: 4 },
      cancelled: 1,
      revenueUsd: { ride: 280.25, valet: 299, total: 579.25 },
      quotes: { ride: 6, valet: 3, total: 9 },
      conversion: { ride: 0.5, valet: 1 / 3, total: 4 / 9 },
      retrievals: 3,
      retrievalMinutes: 14.3, // (12 + 21 + 10) / 3
      pickups: 3,
      onTimePickups: 2,
      onTimeRate: 2 / 3,
    });
  });

  it("the period switch: 30 days take in B's booking, its retrieval and pickup the day before; 90 days take in F's", async () => {
    const month = (await analytics("?days=30")).body as AdminAnalytics;
    expect({ from: month.from, to: month.to, n: month.daily.length }).toEqual({ from: "2026-05-17", to: "2026-06-15", n: 30 });
    expect(day(month, "2026-06-08")).toMatchObject({ bookings: { ride: 0, valet: 1 }, quotes: { ride: 4, valet: 0 }, retrievals: 1, retrievalMinutes: 30, pickups: 1, onTimePickups: 1 });
    expect(month.totals).toMatchObject({
      bookings: { ride: 3, valet: 2, total: 5 },
      quotes: { ride: 10, valet: 3, total: 13 },
      conversion: { ride: 0.3, valet: 2 / 3, total: 5 / 13 },
      revenueUsd: { ride: 280.25, valet: 299, total: 579.25 },
      retrievals: 4,
      retrievalMinutes: 18.3, // (12 + 21 + 10 + 30) / 4 = 18.25
      pickups: 4,
      onTimePickups: 3,
    });
    const quarter = (await analytics("?days=90")).body as AdminAnalytics;
    expect({ from: quarter.from, n: quarter.daily.length }).toEqual({ from: "2026-03-18", n: 90 });
    expect(day(quarter, "2026-05-01").bookings).toEqual({ ride: 1, valet: 0 });
    expect(quarter.totals.bookings).toEqual({ ride: 4, valet: 2, total: 6 });
    // With no period: 30 days.
    expect(((await analytics("")).body as AdminAnalytics).from).toBe("2026-05-17");
  });

  it("the same figures as CSV: a row per day and the totals", async () => {
    const csv = await at(NOW, () => t.call("GET", "/api/admin/analytics.csv?days=7", { cookie: admin.cookie }));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="meridian-analytics-2026-06-09-to-2026-06-15.csv"');
    const lines = String(csv.body).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 7 + 1);
    expect(lines[0]).toBe(
      "Day,Ride bookings,Valet bookings,Cancelled,Ride revenue (USD),Valet revenue (USD),Ride quotes,Valet quotes,Conversion (%),Cars handed back,Average retrieval (min),Pickups,On time",
    );
    expect(lines[1]).toBe("2026-06-09,1,0,0,$80.25,$0.00,5,0,20.0,1,10.0,0,0");
    expect(lines[3]).toBe("2026-06-11,0,0,0,$0.00,$0.00,0,0,,0,,2,1");
    expect(lines[8]).toBe("Total,3,1,1,$280.25,$299.00,6,3,44.4,3,14.3,3,2");
  });

  it("refuses another period with a sentence, and anyone but an admin", async () => {
    const bad = await analytics("?days=14");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.days).toBe("Choose a period of 7, 30 or 90 days.");
    expect((await analytics("?days=7", customer.cookie)).status).toBe(403);
    expect((await at(NOW, () => t.call("GET", "/api/admin/analytics?days=7"))).status).toBe(401);
    expect((await at(NOW, () => t.call("GET", "/api/admin/analytics.csv?days=7", { cookie: customer.cookie }))).status).toBe(403);
  });

  it("days follow the operations time zone of Settings: on UTC, B's 06:55Z booking is June 9's", async () => {
    await updateOperationsSettings(t.db, { id: admin.user.id, email: admin.user.email }, { ...DEFAULT_OPERATIONS_SETTINGS, timeZone: "UTC" });
    const a = (await analytics("?days=7")).body as AdminAnalytics;
    expect(a.timeZone).toBe("UTC");
    expect(day(a, "2026-06-09").bookings).toEqual({ ride: 1, valet: 1 });
    // C (06:30Z) and D (07:30Z) are both June 14's on UTC.
    expect(day(a, "2026-06-14").bookings).toEqual({ ride: 2, valet: 0 });
  });
});
