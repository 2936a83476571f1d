// Money after the service, through the API on PGlite and PostgreSQL with the embedded provider: tips (amounts,
// who gets them, to the cent; refused before completion, on another's booking; a retried request charges
// once), admin refunds (partial then the rest, more than is left, who may), the customer's receipts and their
// PDF (parsed back), and the receipt e-mail job.
import { and, desc, eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIP_NOT_COMPLETED_MESSAGE, tipTooLargeMessage } from "@meridian/shared/tips";
import { refundTooLargeMessage, REFUND_NOTHING_LEFT_MESSAGE } from "@meridian/shared/refunds";
import {
  auditLogs,
  bookings,
  couponRedemptions,
  coupons,
  embeddedPaymentIntents,
  jobs,
  paymentRefunds,
  payments,
  shifts,
  ticketEvents,
  tickets,
  tipAllocations,
} from "../db/schema";
import { allJobHandlers } from "../jobs/handlers";
import { runDueJobs } from "../jobs/job-runner";
import { createTestApp, type TestApp } from "../test/harness";
import { outboxFor } from "../test/helpers";
import { chargeBooking, scheduleReceipt, seedBooking, sendReceipt } from "../test/factories";
import { receiptJobHandlers, receiptJobKey } from "./receipts";
import { bookingCharge } from "./charges";

type Session = { cookie: string; user: { id: string; email: string; name: string } };

let t: TestApp;
let admin: Session;
let dispatcher: Session;
let customer: Session;
let other: Session;
let chauffeur: Session;
let attendants: Session[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithSession({ role: "admin", fullName: "Ada Admin" });
  dispatcher = await t.userWithSession({ role: "dispatcher", fullName: "Dana Desk" });
  customer = await t.userWithSession({ role: "user", fullName: "Ava Sterling" });
  other = await t.userWithSession({ role: "user", fullName: "Otto Other" });
  chauffeur = await t.userWithSession({ role: "chauffeur", fullName: "Marcus Reed" });
  attendants = [];
  for (const name of ["Vic Valet", "Wes Valet", "Yara Valet"]) attendants.push(await t.userWithSession({ role: "valet", fullName: name }));
});
afterAll(() => t.close());

const tip = (bookingId: string, amountUsd: unknown, key: string | null = crypto.randomUUID(), cookie = customer.cookie) =>
  t.call("POST", `/api/me/bookings/${bookingId}/tip`, { cookie, json: { amountUsd }, headers: key === null ? {} : { "Idempotency-Key": key } });
const refund = (bookingId: string, json: Record<string, unknown>, cookie = admin.cookie, key?: string) =>
  t.call("POST", `/api/admin/bookings/${bookingId}/refunds`, { cookie, json, headers: key ? { "Idempotency-Key": key } : {} });
const tipPayments = (bookingId: string) => t.db.select().from(payments).where(and(eq(payments.bookingId, bookingId), eq(payments.kind, "tip")));
const allocations = (bookingId: string) => t.db.select().from(tipAllocations).where(eq(tipAllocations.bookingId, bookingId));

async function pdfOf(bookingId: string, cookie = customer.cookie) {
  const res = await t.app.request(`/api/me/bookings/${bookingId}/receipt.pdf`, { headers: { cookie } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes };
}
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("POST /api/me/bookings/:id/tip", () => {
  it("charges a ride's tip on the booking's card, at once, and gives all of it to the chauffeur", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_mastercard" });
    const res = await tip(b.id, 22.39);
    expect(res.status).toBe(201);
    expect(res.body.tip).toMatchObject({ bookingId: b.id, amountUsd: 22.39, card: { brand: "mastercard", last4: "4444" }, recipients: [{ name: "Marcus", amountUsd: 22.39 }] });

    const [p] = await tipPayments(b.id);
    expect(p).toMatchObject({ kind: "tip", status: "succeeded", amountCents: 2239, capturedCents: 2239, paymentMethod: "pm_card_mastercard" });
    const [intent] = await t.db.select().from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.id, p!.intentId));
    expect(intent).toMatchObject({ status: "succeeded", amountReceivedCents: 2239, paymentMethod: "pm_card_mastercard" });
    expect(await allocations(b.id)).toEqual([expect.objectContaining({ paymentId: p!.id, staffId: chauffeur.user.id, amountCents: 2239, paidOutAt: null })]);
  });

  it("splits a valet tip evenly to the cent between the attendants who handled the cars, the odd cents by id", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, service: "valet", paymentMethod: "pm_card_visa" });
    const [a1, a2, a3] = attendants as [Session, Session, Session];
    // Two cars: a1 checked one in and a2 fetched it; a3 parked the other; the dispatcher moved one on the board.
    const [car1] = await t.db.insert(tickets).values({ ticketCode: `V1-${b.ticketCode}`, bookingId: b.id, status: "released", valetStatus: "delivered", checkedInBy: a1.user.id, assignedTo: a2.user.id }).returning();
    const [car2] = await t.db.insert(tickets).values({ ticketCode: `V2-${b.ticketCode}`, bookingId: b.id, status: "active", valetStatus: "parked", checkedInBy: a3.user.id }).returning();
    await t.db.insert(ticketEvents).values([
      { ticketId: car1!.id, toStatus: "checked_in", actorId: a1.user.id, actorLabel: a1.user.name },
      { ticketId: car1!.id, fromStatus: "requested", toStatus: "retrieving", actorId: a2.user.id, actorLabel: a2.user.name },
      { ticketId: car1!.id, fromStatus: "retrieving", toStatus: "delivered", actorId: dispatcher.user.id, actorLabel: dispatcher.user.name },
      { ticketId: car1!.id, fromStatus: "ready", toStatus: "requested", actorId: null, actorLabel: "Guest" },
      { ticketId: car2!.id, toStatus: "checked_in", actorId: a3.user.id, actorLabel: a3.user.name },
    ]);

    const res = await tip(b.id, 100);
    expect(res.status).toBe(201);
    const shares = await allocations(b.id);
    const byId = [a1, a2, a3].map((a) => a.user.id).sort();
    expect(shares.map((s) => s.staffId).sort()).toEqual(byId);
    const amountOf = (id: string) => shares.find((s) => s.staffId === id)!.amountCents;
    // $100.00 / 3 = 3333 cents each and one cent over, to the first attendant by id.
    expect(byId.map(amountOf)).toEqual([3334, 3333, 3333]);
    expect(shares.reduce((s, a) => s + a.amountCents, 0)).toBe(10_000);
    expect(res.body.tip.recipients.map((r: { amountUsd: number }) => r.amountUsd)).toEqual([33.34, 33.33, 33.33]);
  });

  it("with no car on record, shares a valet tip between the attendants on shift during the event", async () => {
    const [a1, , a3] = attendants as [Session, Session, Session];
    // Event 17:00-21:00 Los Angeles time on 2026-05-09 (PDT, UTC-7): 00:00-04:00 UTC on the 10th.
    const b = await seedBooking(t, { userId: customer.user.id, service: "valet", bookingDate: "2026-05-09", paymentMethod: "pm_card_visa" });
    await t.db.insert(shifts).values([
      { userId: a1.user.id, role: "valet", location: "Hotel Bel-Air", startsAt: new Date("2026-05-09T23:00:00Z"), endsAt: new Date("2026-05-10T05:00:00Z") },
      { userId: a3.user.id, role: "valet", location: "Hotel Bel-Air", startsAt: new Date("2026-05-10T03:00:00Z"), endsAt: new Date("2026-05-10T06:00:00Z") },
      // Before the event, and a chauffeur's shift: not theirs.
      { userId: attendants[1]!.user.id, role: "valet", location: "Elsewhere", startsAt: new Date("2026-05-09T15:00:00Z"), endsAt: new Date("2026-05-09T23:30:00Z") },
      { userId: chauffeur.user.id, role: "chauffeur", location: "LAX", startsAt: new Date("2026-05-09T20:00:00Z"), endsAt: new Date("2026-05-10T08:00:00Z") },
    ]);
    expect((await tip(b.id, 25.01)).status).toBe(201);
    const shares = (await allocations(b.id)).sort((x, y) => (x.staffId! < y.staffId! ? -1 : 1));
    expect(shares.map((s) => [s.staffId, s.amountCents])).toEqual(
      [a1.user.id, a3.user.id].sort().map((id, i) => [id, i === 0 ? 1251 : 1250]),
    );
  });

  it("refuses a tip before the service is completed, and charges nothing", async () => {
    for (const status of ["confirmed", "on_board", "cancelled"]) {
      const b = await seedBooking(t, { userId: customer.user.id, status, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa", capture: false });
      const res = await tip(b.id, 10);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "not_completed", message: TIP_NOT_COMPLETED_MESSAGE });
      expect(await tipPayments(b.id)).toHaveLength(0);
    }
  });

  it("answers 404 for another customer's booking and for one that does not exist; 401 signed out", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa" });
    for (const path of [b.id, "0b7f6e1c-1d2e-4f3a-8b9c-0d1e2f3a4b5c", "not-a-uuid"]) {
      const res = await tip(path, 10, crypto.randomUUID(), other.cookie);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await t.call("POST", `/api/me/bookings/${b.id}/tip`, { json: { amountUsd: 10 }, headers: { "Idempotency-Key": "k" } })).status).toBe(401);
    expect(await tipPayments(b.id)).toHaveLength(0);
  });

  it("validates the amount and the Idempotency-Key with the shared messages", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa" });
    const cases: [unknown, string][] = [
      [0.5, "Enter a tip of at least $1.00."],
      [-5, "Enter a tip of at least $1.00."],
      ["10", "Enter a tip of at least $1.00."],
      [1.234, "A tip can have at most 2 decimals."],
      [5000, "A tip can be at most $2,000.00 on this booking."],
      // The fare is $111.90: a tip can be up to that.
      [111.91, tipTooLargeMessage(111.9)],
    ];
    for (const [amountUsd, message] of cases) {
      const res = await tip(b.id, amountUsd);
      expect(res.status, String(amountUsd)).toBe(400);
      expect(res.body.error.fields.amountUsd).toBe(message);
    }
    const noKey = await tip(b.id, 10, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.code).toBe("idempotency_key_required");
    expect(await tipPayments(b.id)).toHaveLength(0);
    expect((await tip(b.id, 111.9)).status).toBe(201);
  });

  it("a retried tip (same Idempotency-Key, even several at once) charges once; a second tip is refused", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa" });
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => tip(b.id, 18, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const again = await tip(b.id, 18, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(answers[0]!.body);

    const tips = await tipPayments(b.id);
    expect(tips).toHaveLength(1);
    const charged = await t.db.select().from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.amountCents, 1800));
    expect(charged.filter((i) => (i.metadata as Record<string, string>).bookingId === b.id)).toHaveLength(1);
    expect(await allocations(b.id)).toHaveLength(1);

    const second = await tip(b.id, 5);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("tip_exists");
    expect(await tipPayments(b.id)).toHaveLength(1);
  });

  it("refuses a tip when the booking has no card on file", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, chauffeurId: chauffeur.user.id });
    const res = await tip(b.id, 10);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("no_card");
  });
});

describe("POST /api/admin/bookings/:id/refunds", () => {
  it("refunds part, then the rest; refuses more than is left with 422; records, audits and updates the payment", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa" }); // $111.90

    const first = await refund(b.id, { amountUsd: 40, reason: "Late pickup" });
    expect(first.status).toBe(201);
    expect(first.body.refund).toMatchObject({ amountUsd: 40, reason: "Late pickup", createdBy: admin.user.id });
    expect(first.body.payment.charge).toMatchObject({ state: "Partly refunded", capturedUsd: 111.9, refundedUsd: 40, refundableUsd: 71.9, card: { brand: "visa", last4: "4242" } });
    const statusOf = async () => (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, b.id)))[0]!.status;
    expect(await statusOf()).toBe("completed"); // part refunded: still Completed

    const tooMuch = await refund(b.id, { amountUsd: 71.91, reason: "Goodwill" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toMatchObject({ code: "amount_too_large", message: refundTooLargeMessage(71.9) });
    expect(tooMuch.body.error.message).toBe("The refund is more than what is left to refund on this booking ($71.90). Enter $71.90 or less.");

    const rest = await refund(b.id, { amountUsd: 71.9, reason: "Goodwill" });
    expect(rest.status).toBe(201);
    expect(rest.body.payment.charge).toMatchObject({ state: "Refunded", refundedUsd: 111.9, refundableUsd: 0 });
    // The whole charge given back: the booking is Refunded, stamped with who and why.
    expect(await statusOf()).toBe("refunded");
    const timeline = (await t.call("GET", `/api/admin/bookings/${b.id}`, { cookie: admin.cookie })).body.booking.timeline;
    expect(timeline.at(-1)).toMatchObject({ from: "completed", to: "refunded", actorName: admin.user.name, note: "Goodwill" });

    const nothing = await refund(b.id, { amountUsd: 0.01, reason: "Again" });
    expect(nothing.status).toBe(422);
    expect(nothing.body.error).toMatchObject({ code: "nothing_left", message: REFUND_NOTHING_LEFT_MESSAGE });

    const rows = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, b.id));
    expect(rows.map((r) => [r.amountCents, r.reason]).sort()).toEqual([[4000, "Late pickup"], [7190, "Goodwill"]].sort());
    const charge = await bookingCharge(t.db, b.id);
    expect(charge).toMatchObject({ capturedCents: 11_190, refundedCents: 11_190 });
    const [intent] = await t.db.select().from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.id, charge!.intentId));
    expect(intent!.amountRefundedCents).toBe(11_190);

    const audit = await t.db.select().from(auditLogs).where(and(eq(auditLogs.entityId, b.id), eq(auditLogs.action, "booking.refund"))).orderBy(desc(auditLogs.createdAt));
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => a.after)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amountUsd: 40, reason: "Late pickup", refundedUsd: 40 }),
        expect.objectContaining({ amountUsd: 71.9, reason: "Goodwill", refundedUsd: 111.9 }),
      ]),
    );
    expect(audit[0]).toMatchObject({ actorId: admin.user.id, actorEmail: admin.user.email, entity: "booking" });

    const detail = await t.call("GET", `/api/admin/bookings/${b.id}/payment`, { cookie: admin.cookie });
    expect(detail.status).toBe(200);
    expect(detail.body.payment.refunds).toHaveLength(2);
  });

  it("a retried refund (same Idempotency-Key) refunds once", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa" });
    const key = crypto.randomUUID();
    const [a, c] = await Promise.all([refund(b.id, { amountUsd: 10, reason: "Dirty car" }, admin.cookie, key), refund(b.id, { amountUsd: 10, reason: "Dirty car" }, admin.cookie, key)]);
    expect([a.status, c.status]).toEqual([201, 201]);
    expect(a.body.refund.id).toBe(c.body.refund.id);
    const again = await refund(b.id, { amountUsd: 10, reason: "Dirty car" }, admin.cookie, key);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, b.id))).toHaveLength(1);
    const charge = await bookingCharge(t.db, b.id);
    expect(charge!.refundedCents).toBe(1000);
    const other = await refund(b.id, { amountUsd: 11, reason: "Dirty car" }, admin.cookie, key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("idempotency_mismatch");
  });

  it("refuses a booking whose card was only authorised (409), and validates the input", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, status: "confirmed", paymentMethod: "pm_card_visa", capture: false });
    const res = await refund(b.id, { amountUsd: 5, reason: "Too early" });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("nothing_charged");
    for (const [json, field] of [
      [{ amountUsd: 0, reason: "Zero" }, "amountUsd"],
      [{ amountUsd: 1.005, reason: "Cents" }, "amountUsd"],
      [{ amountUsd: 5, reason: " x " }, "reason"],
      [{ amountUsd: 5 }, "reason"],
    ] as const) {
      const bad = await refund(b.id, json);
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields[field]).toEqual(expect.any(String));
    }
    expect((await refund("0b7f6e1c-1d2e-4f3a-8b9c-0d1e2f3a4b5c", { amountUsd: 5, reason: "Nobody" })).status).toBe(404);
  });

  it("is admin only: 401 signed out, 403 for the customer, staff and the dispatcher", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa" });
    expect((await t.call("POST", `/api/admin/bookings/${b.id}/refunds`, { json: { amountUsd: 5, reason: "Nope" } })).status).toBe(401);
    for (const who of [customer, chauffeur, dispatcher]) {
      const res = await refund(b.id, { amountUsd: 5, reason: "Nope" }, who.cookie);
      expect(res.status).toBe(403);
      expect((await t.call("GET", `/api/admin/bookings/${b.id}/payment`, { cookie: who.cookie })).status).toBe(403);
    }
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, b.id))).toHaveLength(0);
  });
});

describe("receipts", () => {
  it("lists the customer's own charged bookings, itemised: lines, coupon, tip, refunds, totals, card, dates", async () => {
    const fresh = await t.userWithSession({ role: "user", fullName: "Rhea Receipt" });
    const [coupon] = await t.db.insert(coupons).values({ code: `THANKS${Date.now().toString(36).toUpperCase()}`, kind: "fixed", value: 10 }).returning();
    const ride = await seedBooking(t, {
      userId: fresh.user.id,
      chauffeurId: chauffeur.user.id,
      lines: [
        { kind: "base", label: "Base fee", amountUsd: 45 },
        { kind: "distance", label: "12.3 mi × $3.00", amountUsd: 36.9 },
        { kind: "coupon", label: `Coupon ${coupon!.code}`, amountUsd: -10 },
      ],
      paymentMethod: "pm_card_amex",
    });
    await t.db.insert(couponRedemptions).values({ couponId: coupon!.id, userId: fresh.user.id, bookingId: ride.id, discountCents: 1000 });
    expect((await tip(ride.id, 14.35, crypto.randomUUID(), fresh.cookie)).status).toBe(201);
    expect((await refund(ride.id, { amountUsd: 5.5, reason: "Waited at pickup" })).status).toBe(201);
    // Not receipts: a booking only authorised, and another customer's.
    await seedBooking(t, { userId: fresh.user.id, status: "confirmed", paymentMethod: "pm_card_visa", capture: false });
    await seedBooking(t, { userId: other.user.id, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa" });

    const res = await t.call("GET", "/api/me/receipts", { cookie: fresh.cookie });
    expect(res.status).toBe(200);
    expect(res.body.receipts).toHaveLength(1);
    const [r] = res.body.receipts;
    expect(r).toMatchObject({
      bookingId: ride.id,
      reference: ride.id.slice(0, 8).toUpperCase(),
      ticketCode: ride.ticketCode,
      service: "ride",
      description: "LAX Terminal 4 → The Beverly Hills Hotel",
      lines: [
        { label: "Base fee", amountUsd: 45 },
        { label: "12.3 mi × $3.00", amountUsd: 36.9 },
      ],
      coupon: { code: coupon!.code, amountUsd: -10 },
      serviceChargedUsd: 71.9,
      tipUsd: 14.35,
      refunds: [{ amountUsd: 5.5, reason: "Waited at pickup" }],
      refundedUsd: 5.5,
      totalChargedUsd: 86.25,
      netUsd: 80.75,
      card: { brand: "amex", last4: "0005" },
      serviceDate: "2026-05-02",
      pdfUrl: `/api/me/bookings/${ride.id}/receipt.pdf`,
      canTip: false,
    });
    expect(Date.parse(r.bookedAt)).not.toBeNaN();
    expect(Date.parse(r.chargedAt)).not.toBeNaN();
    expect(Date.parse(r.tippedAt)).not.toBeNaN();
    expect((await t.call("GET", "/api/me/receipts")).status).toBe(401);
  });

  it("a cancelled booking's receipt shows the fee charged, not the fare", async () => {
    const fresh = await t.userWithSession({ role: "user" });
    const b = await seedBooking(t, { userId: fresh.user.id, status: "cancelled", paymentMethod: "pm_card_visa", capture: false });
    const charge = await bookingCharge(t.db, b.id);
    const { recordPayment } = await import("./payments.service");
    await recordPayment(t.db, "embedded", await t.deps.payments.capture(charge!.intentId, 2798, `booking:${b.id}:cancel-fee`), b.id);
    const [r] = (await t.call("GET", "/api/me/receipts", { cookie: fresh.cookie })).body.receipts;
    expect(r).toMatchObject({ status: "cancelled", lines: [{ label: "Cancellation fee", amountUsd: 27.98 }], coupon: null, totalChargedUsd: 27.98, canTip: false });
  });

  it("GET receipt.pdf is a real PDF whose text carries the amounts; another customer's is 404", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa" });
    expect((await tip(b.id, 20)).status).toBe(201);
    expect((await refund(b.id, { amountUsd: 11.9, reason: "Detour" })).status).toBe(201);

    const { res, bytes } = await pdfOf(b.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="meridian-receipt-${b.id.slice(0, 8).toUpperCase()}.pdf"`);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = await pdfText(bytes);
    for (const expected of [
      "Receipt",
      "Ava Sterling",
      b.id.slice(0, 8).toUpperCase(),
      b.ticketCode,
      "LAX Terminal 4 to The Beverly Hills Hotel",
      "Base fee $45.00",
      "12.3 mi × $3.00 $36.90",
      "30 min × $1.00 $30.00",
      "Service total $111.90",
      "Tip $20.00",
      "Total charged $131.90",
      "Refund (Detour)",
      "-$11.90",
      "Net paid $120.00",
      "Visa •••• 4242",
    ]) {
      expect(text).toContain(expected);
    }

    expect((await pdfOf(b.id, other.cookie)).res.status).toBe(404);
    const notCharged = await seedBooking(t, { userId: customer.user.id, status: "confirmed", paymentMethod: "pm_card_visa", capture: false });
    const none = await pdfOf(notCharged.id);
    expect(none.res.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(none.bytes)).error.code).toBe("not_found");
    expect((await t.app.request(`/api/me/bookings/${b.id}/receipt.pdf`)).status).toBe(401);
  });
});

describe("the payment.receipt job", () => {
  it("puts the receipt e-mail in the outbox once, with the PDF attached and a link to tip", async () => {
    const fresh = await t.userWithSession({ role: "user", fullName: "Mila Mail" });
    const b = await seedBooking(t, { userId: fresh.user.id, email: fresh.user.email, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa" });
    const handlers = receiptJobHandlers(t.deps);
    // The capture path schedules it (twice, say: a retried capture); one e-mail goes out.
    for (let i = 0; i < 2; i++) await scheduleReceipt(t, b.id);
    await runDueJobs(t.db, handlers);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.key, receiptJobKey(b.id)));
    expect(job).toMatchObject({ status: "done", result: "sent" });

    const mails = await outboxFor(t.db, fresh.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const ref = b.id.slice(0, 8).toUpperCase();
    expect(mail!.subject).toBe(`Your Meridian receipt ${ref}`);
    expect(mail!.text).toContain("Hello Mila Mail,");
    expect(mail!.text).toContain("Total charged: $111.90");
    expect(mail!.text).toContain("Paid with: Visa •••• 4242");
    expect(mail!.text).toContain(`http://localhost:3000/dashboard?tab=receipts&tip=${b.id}`);
    const [file] = mail!.attachments!;
    expect(file).toMatchObject({ filename: `meridian-receipt-${ref}.pdf`, contentType: "application/pdf", encoding: "base64" });
    expect(await pdfText(new Uint8Array(Buffer.from(file!.content, "base64")))).toContain("Total charged $111.90");

    // A booking with nothing charged is skipped (no e-mail), and so is a payload without a booking.
    const unpaid = await seedBooking(t, { userId: fresh.user.id, email: fresh.user.email, status: "confirmed" });
    await scheduleReceipt(t, unpaid.id);
    await runDueJobs(t.db, handlers);
    const [skipped] = await t.db.select().from(jobs).where(eq(jobs.key, receiptJobKey(unpaid.id)));
    expect(skipped).toMatchObject({ status: "done", result: "skipped: nothing charged" });
    expect(await outboxFor(t.db, fresh.user.email)).toHaveLength(1);
  });

  it("after a tip, the e-mail no longer asks for one", async () => {
    const fresh = await t.userWithSession({ role: "user", fullName: "Tia Tipped" });
    const b = await seedBooking(t, { userId: fresh.user.id, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa" });
    expect((await tip(b.id, 15, crypto.randomUUID(), fresh.cookie)).status).toBe(201);
    await chargeBooking(t, b.id); // the charge again (replayed by its keys): nothing changes
    await sendReceipt(t, b.id);
    const [mail] = await outboxFor(t.db, fresh.user.email);
    expect(mail!.text).toContain("Tip: $15.00");
    expect(mail!.text).not.toContain("&tip=");
  });
});


describe("a process that dies during a tip (issue 21, point 4)", () => {
  const sweepAt = (at: Date) => runDueJobs(t.db, allJobHandlers(t.deps), { now: () => at });
  /** The provider's capture as a process dying at it: `before` (the capture is never sent) or after it reached the provider. */
  function dieAtCapture(when: "before" | "after") {
    const real = t.deps.payments;
    let reached!: () => void;
    const at = new Promise<void>((resolve) => (reached = resolve));
    t.deps.payments = {
      ...real,
      capture: async (...args: Parameters<typeof real.capture>) => {
        if (when === "after") await real.capture(...args);
        reached();
        return new Promise<never>(() => {}); // nothing after this point runs: the request's process is gone
      },
    };
    return { at, restore: () => (t.deps.payments = real) };
  }
  /** Sends a tip whose process dies at the capture (`when`, as dieAtCapture), and returns once it has died. */
  async function tipThatDies(bookingId: string, amountUsd: number, key: string, when: "before" | "after") {
    const crash = dieAtCapture(when);
    void tip(bookingId, amountUsd, key);
    await crash.at;
    crash.restore();
  }
  const tipIntents = async (bookingId: string) =>
    (await t.db.select().from(embeddedPaymentIntents)).filter((i) => (i.metadata as Record<string, string>).bookingId === bookingId && (i.metadata as Record<string, string>).kind === "tip");

  it("after the capture: the sweep records the tip once (shared out, the claim answered), and the customer's retry replays it", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa" });
    const key = crypto.randomUUID();
    await tipThatDies(b.id, 12, key, "after");
    expect(await tipPayments(b.id)).toEqual([]); // charged, recorded nowhere
    await sweepAt(new Date(Date.now() + 16 * 60_000));
    const [paid] = await tipPayments(b.id);
    expect(paid).toMatchObject({ status: "succeeded", capturedCents: 1200 });
    expect((await allocations(b.id)).map((a) => [a.staffId, a.amountCents])).toEqual([[chauffeur.user.id, 1200]]);
    const retry = await tip(b.id, 12, key);
    expect(retry.status).toBe(201);
    expect(retry.body.tip).toMatchObject({ amountUsd: 12 });
    expect(await tipPayments(b.id)).toHaveLength(1);
    expect((await tipIntents(b.id)).map((i) => [i.status, i.amountReceivedCents])).toEqual([["succeeded", 1200]]);
  });

  it("between the authorisation and the capture: the sweep releases the hold and frees the claim; the tip is given again, charged once", async () => {
    const b = await seedBooking(t, { userId: customer.user.id, chauffeurId: chauffeur.user.id, paymentMethod: "pm_card_visa" });
    const key = crypto.randomUUID();
    await tipThatDies(b.id, 9, key, "before");
    expect((await tip(b.id, 9, crypto.randomUUID())).body.error.code).toBe("tip_in_progress"); // the dead request still holds the claim
    await sweepAt(new Date(Date.now() + 16 * 60_000));
    expect((await tipIntents(b.id)).map((i) => i.status)).toEqual(["canceled"]);
    // The same request again: its intent was released, so it is refused (never recorded as a $0 tip) and the claim freed.
    const same = await tip(b.id, 9, key);
    expect(same.status).toBe(409);
    expect(same.body.error.code).toBe("tip_not_charged");
    expect(await tipPayments(b.id)).toEqual([]);
    const again = await tip(b.id, 9, crypto.randomUUID());
    expect(again.status).toBe(201);
    expect((await tipPayments(b.id)).map((p) => [p.status, p.capturedCents])).toEqual([["succeeded", 900]]);
    expect((await tipIntents(b.id)).map((i) => i.status).sort()).toEqual(["canceled", "succeeded"]);
  });
});
