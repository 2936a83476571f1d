// The money after booking, through the API on PGlite and PostgreSQL with the embedded provider: a ride or valet
// booking's card captured to the cent on completion (and retried after a provider outage, never twice), the fee
// alone captured on a late cancellation with the rest released, everything released on an early or Meridian's
// cancellation, the no-show fare; for a far-off service, the off-session re-authorisation 48 hours before (a
// movable clock runs the jobs), "payment needed" on the dispatch board with the customer's e-mail and link when
// it fails, the customer confirming a card, and the unpaid booking cancelled without a fee 12 hours before. A
// rescheduled ride's card follows it: a new hold for a new total, the hold let go beyond the hold window.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteInput } from "@meridian/shared/booking";
import { ALREADY_PAID_MESSAGE, PAID_MEANWHILE_MESSAGE, paymentKeys } from "@meridian/shared/payment-lifecycle";
import { reauthorizeAt, unpaidCancelAt } from "@meridian/shared/payment-policy";
import { toCents } from "@meridian/shared/pricing";
import { setValetRates } from "../seed/factories";
import { bookings, embeddedPaymentEvents, embeddedPaymentIntents, jobs, payments, rideRateCards } from "../db/schema";
import { allJobHandlers } from "../jobs/handlers";
import { runDueJobs } from "../jobs/job-runner";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { startOf } from "../rides/cancel.service";
import type { TestApp } from "../test/harness";
import { linkIn, outboxFor } from "../test/helpers";
import { createFleetTestApp, createTestFleet, ensureBookingCharge, giveCapacityForDays, laDate, rideInput, TEST_VALET_RATES, valetEventInput } from "../test/factories";
import { bookingCharge as chargeOf } from "./charges";
import { bookingsNeedingPayment } from "./payment-lifecycle";
import { paymentJobHandlers, schedulePaymentJobs } from "./payment-jobs";
import { PaymentError, type PaymentProvider } from "../lib/payment-provider";

let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;
let admin: { cookie: string };
let dispatcher: { cookie: string };
let marcus: { cookie: string; user: { id: string } };
let customer: { cookie: string; user: { id: string; email: string } };
let other: { cookie: string };
let realProvider: PaymentProvider;

const NEAR = laDate(3); // within 5 days: the booking-time hold is kept until completion
const H = 3_600_000;

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  await giveCapacityForDays(t, { days: 26 });
  await setValetRates(t.db, TEST_VALET_RATES);
  invalidatePricingCache();
  admin = await t.userWithSession({ role: "admin", fullName: "Ada Admin" });
  dispatcher = await t.userWithSession({ role: "dispatcher", fullName: "Dana Desk" });
  marcus = await t.userWithSession({ role: "chauffeur", fullName: "Marcus Bell" });
  customer = await t.userWithSession({ fullName: "Grace Hopper" });
  other = await t.userWithSession({ fullName: "Other Customer" });
  realProvider = t.deps.payments;
  const shift = await t.call("POST", "/api/admin/shifts", { cookie: admin.cookie, json: { staffId: marcus.user.id, date: NEAR, start: "06:00", end: "23:00", role: "chauffeur", location: "LAX" } });
  expect(shift.status).toBe(201);
});
afterAll(() => t.close());

async function bookRide(overrides: Partial<QuoteInput> = {}): Promise<string> {
  const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: NEAR, ...overrides }) });
  expect(q.status).toBe(200);
  const res = await t.call("POST", "/api/bookings", { cookie: customer.cookie, json: { service: "ride", quoteId: q.body.quoteId, paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
  expect(res.status).toBe(201);
  return res.body.booking.id;
}

async function bookValet(date: string): Promise<string> {
  const q = await t.call("POST", "/api/valet/quotes", {
    json: valetEventInput({ eventType: "Wedding", date, endTime: "22:00", expectedVehicles: 60 }),
  });
  expect(q.status).toBe(200);
  const res = await t.call("POST", "/api/bookings", { cookie: customer.cookie, json: { service: "valet", quoteId: q.body.quoteId, paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
  expect(res.status).toBe(201);
  return res.body.booking.id;
}

const booking = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const chargeRows = (id: string) => t.db.select().from(payments).where(and(eq(payments.bookingId, id), eq(payments.kind, "booking")));
const intent = async (id: string) => (await t.db.select().from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.id, id)))[0]!;
const captures = async (intentId: string) =>
  (await t.db.select().from(embeddedPaymentEvents).where(eq(embeddedPaymentEvents.intentId, intentId))).filter((e) => e.type === "payment_intent.succeeded");
const jobsOf = async (bookingId: string) => (await t.db.select().from(jobs)).filter((j) => j.payload.bookingId === bookingId);
const runJobsAt = (at: Date) => runDueJobs(t.db, allJobHandlers(t.deps), { now: () => at });
const step = (id: string, status: string) => t.call("POST", `/api/staff/rides/${id}/status`, { cookie: marcus.cookie, json: { status } });

/** The hold's 7 days run out (the provider lets it go at its capture_before); `declined`: the kept card now declines off-session too. */
async function lapseHold(intentId: string, { declined = false } = {}) {
  await t.db.update(embeddedPaymentIntents).set({ captureBefore: new Date(Date.now() - 60_000) }).where(eq(embeddedPaymentIntents.id, intentId));
  if (declined) await t.db.update(payments).set({ paymentMethod: "pm_card_chargeDeclined" }).where(eq(payments.intentId, intentId));
}

async function driveToOnBoard(id: string) {
  const assigned = await t.call("PUT", `/api/admin/bookings/${id}/assignment`, { cookie: dispatcher.cookie, json: { chauffeurId: marcus.user.id } });
  expect(assigned.status).toBe(200);
  for (const s of ["en_route", "on_location", "on_board"]) expect((await step(id, s)).status).toBe(200);
}

/** A provider whose every call fails as if Stripe could not be reached (the embedded books stay untouched). */
function downProvider(): PaymentProvider {
  const down = async (): Promise<never> => {
    throw new PaymentError("provider_unavailable", "Could not connect to the payment provider.");
  };
  return { kind: realProvider.kind, authorize: down, completeAuthentication: down, capture: down, cancel: down, refund: down, retrieve: down, createCustomer: down };
}

/** Runs `fn` while the payment provider cannot be reached, then brings it back. */
async function whileProviderDown(fn: () => Promise<void>) {
  t.deps.payments = downProvider();
  try {
    await fn();
  } finally {
    t.deps.payments = realProvider;
  }
}

describe("capture on completion", () => {
  it("captures a completed ride's authorised total to the cent, once, and schedules the receipt e-mail", async () => {
    const id = await bookRide({ time: "09:30" });
    const charge = await ensureBookingCharge(t, id);
    const total = toCents((await booking(id)).price!);
    expect(charge).toMatchObject({ status: "requires_capture", amountCents: total, capturedCents: 0 });

    await driveToOnBoard(id);
    expect((await chargeOf(t.db, id))!.status).toBe("requires_capture"); // nothing taken before the ride is done
    expect((await step(id, "completed")).status).toBe(200);

    const [row] = await chargeRows(id);
    expect(row).toMatchObject({ intentId: charge.intentId, status: "succeeded", amountCents: total, capturedCents: total, refundedCents: 0 });
    expect(await intent(charge.intentId)).toMatchObject({ status: "succeeded", amountReceivedCents: total, amountCapturableCents: 0 });
    const mine = await jobsOf(id);
    expect(mine.find((j) => j.kind === "payment.receipt")).toMatchObject({ key: `receipt:${id}`, status: "pending", payload: { bookingId: id } });
    // The retry job scheduled with the move was closed by the request's own capture.
    expect(mine.find((j) => j.kind === "payment.settle")).toMatchObject({ status: "done" });
    expect(await captures(charge.intentId)).toHaveLength(1);
  });

  it("captures a completed valet booking's total to the cent ($630.00 on the test card)", async () => {
    const id = await bookValet(laDate(4));
    const charge = await ensureBookingCharge(t, id);
    expect(charge.amountCents).toBe(63_000);
    for (const status of ["confirmed", "in_progress", "completed"]) {
      const res = await t.call("PATCH", `/api/admin/bookings/${id}/status`, { cookie: admin.cookie, json: { status } });
      expect(res.status).toBe(200);
      if (status !== "completed") expect((await chargeOf(t.db, id))!.capturedCents).toBe(0);
    }
    expect((await chargeOf(t.db, id))).toMatchObject({ status: "succeeded", capturedCents: 63_000 });
    expect(await intent(charge.intentId)).toMatchObject({ amountReceivedCents: 63_000 });
    expect((await jobsOf(id)).map((j) => j.key)).toContain(`receipt:${id}`);
  });

  it("retries a capture that failed while the provider was down, and never captures twice", async () => {
    const id = await bookRide({ time: "12:00" });
    const charge = await ensureBookingCharge(t, id);
    await driveToOnBoard(id);
    await whileProviderDown(async () => {
      // The chauffeur's tap still completes the ride; the card is not captured yet.
      const done = await step(id, "completed");
      expect(done.status).toBe(200);
      expect(done.body.rides.find((r: { id: string }) => r.id === id)).toMatchObject({ status: "completed" });
      expect((await chargeOf(t.db, id))).toMatchObject({ status: "requires_capture", capturedCents: 0 });
      const settle = (await jobsOf(id)).find((j) => j.kind === "payment.settle")!;
      expect(settle.status).toBe("pending");

      // Its retry job runs a minute later: the provider is still down, so it is tried again later with backoff.
      await runJobsAt(new Date(Date.now() + 2 * 60_000));
      const retried = (await jobsOf(id)).find((j) => j.kind === "payment.settle")!;
      expect(retried).toMatchObject({ status: "pending", attempts: 1, lastError: "Could not connect to the payment provider." });
      expect((await jobsOf(id)).find((j) => j.kind === "payment.receipt")).toBeUndefined();
    });
    // Back up: the next run captures the total, and records it with the receipt.
    await runJobsAt(new Date(Date.now() + 10 * 60_000));
    const total = toCents((await booking(id)).price!);
    expect((await chargeOf(t.db, id))).toMatchObject({ status: "succeeded", capturedCents: total });
    expect((await jobsOf(id)).find((j) => j.kind === "payment.settle")).toMatchObject({ status: "done", attempts: 2 });
    expect((await jobsOf(id)).find((j) => j.kind === "payment.receipt")).toBeDefined();
    expect(await captures(charge.intentId)).toHaveLength(1);
  });

  it("records a capture made by a process that died before recording it, without capturing again", async () => {
    const id = await bookRide({ time: "14:00" });
    const charge = await ensureBookingCharge(t, id);
    await driveToOnBoard(id);
    await whileProviderDown(async () => expect((await step(id, "completed")).status).toBe(200));
    // The capture reached the provider (with the hold's settlement key) but its answer was never recorded.
    await realProvider.capture(charge.intentId, undefined, paymentKeys.capture(id, charge.intentId));
    expect((await chargeOf(t.db, id))!.status).toBe("requires_capture");
    await runJobsAt(new Date(Date.now() + 2 * 60_000));
    const total = toCents((await booking(id)).price!);
    expect((await chargeOf(t.db, id))).toMatchObject({ status: "succeeded", capturedCents: total });
    expect(await captures(charge.intentId)).toHaveLength(1);
    expect(await intent(charge.intentId)).toMatchObject({ amountReceivedCents: total });
  });

  it("a hold that lapsed before completion: the total is authorised again off-session and captured once, with a receipt", async () => {
    const id = await bookRide({ time: "17:00" });
    const charge = await ensureBookingCharge(t, id);
    const total = toCents((await booking(id)).price!);
    await driveToOnBoard(id);
    // The card's 7 days ran out (the provider lets the hold go at its capture_before).
    await lapseHold(charge.intentId);

    // Two completions racing, and the retry job after them: charged once.
    const done = await Promise.all([step(id, "completed"), step(id, "completed")]);
    expect(done.map((r) => r.status).sort()).toEqual([200, 409]);
    await runJobsAt(new Date(Date.now() + 2 * 60_000));

    const rows = await chargeRows(id);
    expect(rows.find((r) => r.intentId === charge.intentId)).toMatchObject({ status: "canceled", capturedCents: 0 });
    const paid = rows.filter((r) => r.status === "succeeded");
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amountCents: total, capturedCents: total, paymentMethod: "pm_card_visa" });
    expect(await ensureBookingCharge(t, id)).toMatchObject({ intentId: paid[0]!.intentId, status: "succeeded" });
    expect(await intent(paid[0]!.intentId)).toMatchObject({ status: "succeeded", amountReceivedCents: total });
    expect(await captures(paid[0]!.intentId)).toHaveLength(1);
    expect(await captures(charge.intentId)).toHaveLength(0);
    const mine = await jobsOf(id);
    expect(mine.find((j) => j.kind === "payment.settle")).toMatchObject({ status: "done" });
    expect(mine.map((j) => j.key)).toContain(`receipt:${id}`);
  });

  it("a lapsed hold whose card is now declined: payment needed (the lapsed hold reads as let go), nothing captured", async () => {
    const id = await bookRide({ time: "18:00" });
    const charge = await ensureBookingCharge(t, id);
    await driveToOnBoard(id);
    await lapseHold(charge.intentId, { declined: true });
    expect((await step(id, "completed")).status).toBe(200);
    expect((await chargeRows(id)).find((r) => r.intentId === charge.intentId)).toMatchObject({ status: "canceled" });
    expect(await ensureBookingCharge(t, id)).toMatchObject({ status: "requires_payment_method", capturedCents: 0 });
    const state = await t.call("GET", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie });
    expect(state.body.payment).toMatchObject({ state: "needed", payable: true });
  });

  it("a lapsed hold whose card was declined, then a card the customer confirms: the completed ride is charged, once", async () => {
    const id = await bookRide({ time: "18:30" });
    const charge = await ensureBookingCharge(t, id);
    const total = toCents((await booking(id)).price!);
    await driveToOnBoard(id);
    // The hold lapsed, and the kept card now declines off-session: the completion's capture is refused.
    await lapseHold(charge.intentId, { declined: true });
    expect((await step(id, "completed")).status).toBe(200);
    expect((await t.call("GET", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie })).body.payment).toMatchObject({ state: "needed", payable: true });

    // The customer follows the "payment needed" link and confirms a good card: its new hold is captured at once.
    const pay = await t.call("POST", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie, json: { paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(pay.status).toBe(200);
    expect(pay.body.payment).toMatchObject({ state: "captured" });
    const paid = await chargeOf(t.db, id);
    expect(paid).toMatchObject({ status: "succeeded", capturedCents: total, lastError: null });
    expect(await intent(paid!.intentId)).toMatchObject({ status: "succeeded", amountReceivedCents: total });
    expect((await jobsOf(id)).map((j) => j.key)).toContain(`receipt:${id}`);
    // The jobs due later (the settlement's retries) take nothing more.
    await runJobsAt(new Date(Date.now() + H));
    expect((await chargeRows(id)).filter((r) => r.status === "succeeded")).toHaveLength(1);
    expect(await captures(paid!.intentId)).toHaveLength(1);
  });

  it("a card confirmed after the service whose capture could not be made then (provider down) is captured by the retry job", async () => {
    const id = await bookRide({ time: "20:30" });
    const charge = await ensureBookingCharge(t, id);
    const total = toCents((await booking(id)).price!);
    await driveToOnBoard(id);
    await lapseHold(charge.intentId, { declined: true });
    expect((await step(id, "completed")).status).toBe(200);
    // The card is authorised, and the provider goes down before the capture right after it.
    t.deps.payments = { ...realProvider, capture: downProvider().capture };
    try {
      const pay = await t.call("POST", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie, json: { paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
      expect(pay.status).toBe(200);
      expect(pay.body.payment).toMatchObject({ state: "authorised" });
    } finally {
      t.deps.payments = realProvider;
    }
    await runJobsAt(new Date(Date.now() + 2 * 60_000));
    const paid = await chargeOf(t.db, id);
    expect(paid).toMatchObject({ status: "succeeded", capturedCents: total });
    expect(await captures(paid!.intentId)).toHaveLength(1);
  });

  it("a capture the provider refuses (the hold still live) is not recorded as settled: it is tried again and the ride is charged", async () => {
    const id = await bookRide({ time: "19:30" });
    const charge = await ensureBookingCharge(t, id);
    const total = toCents((await booking(id)).price!);
    await driveToOnBoard(id);
    t.deps.payments = {
      ...realProvider,
      capture: async () => {
        throw new PaymentError("invalid_request", "Something about this capture was refused.");
      },
    };
    try {
      expect((await step(id, "completed")).status).toBe(200);
      await runJobsAt(new Date(Date.now() + 2 * 60_000));
    } finally {
      t.deps.payments = realProvider;
    }
    // Still authorised, and the settlement is still to do (never "done" on a refusal).
    expect(await chargeOf(t.db, id)).toMatchObject({ status: "requires_capture", capturedCents: 0 });
    expect((await jobsOf(id)).find((j) => j.kind === "payment.settle")).toMatchObject({ status: "pending", lastError: expect.stringContaining("refused") });
    // Its next try captures the total, once.
    await runJobsAt(new Date(Date.now() + 10 * 60_000));
    expect(await chargeOf(t.db, id)).toMatchObject({ status: "succeeded", capturedCents: total });
    expect(await captures(charge.intentId)).toHaveLength(1);
  });

  it("captures the whole fare on a no-show", async () => {
    const id = await bookRide({ time: "16:00" });
    const charge = await ensureBookingCharge(t, id);
    expect((await t.call("PUT", `/api/admin/bookings/${id}/assignment`, { cookie: dispatcher.cookie, json: { chauffeurId: marcus.user.id } })).status).toBe(200);
    for (const s of ["en_route", "on_location", "no_show"]) expect((await step(id, s)).status).toBe(200);
    expect((await chargeOf(t.db, id))).toMatchObject({ status: "succeeded", capturedCents: charge.amountCents });
  });
});

describe("the booking's charge", () => {
  it("of two charge rows written by one transaction (one created time) is the one written last, whatever their ids", async () => {
    const id = await bookRide({ time: "21:00" });
    await t.db.transaction(async (tx) => {
      const row = { provider: "embedded", kind: "booking", bookingId: id, amountCents: 5_000 } as const;
      await tx.insert(payments).values({ ...row, id: "ffffffff-ffff-4fff-bfff-ffffffffffff", intentId: `pi_first_${id}`, status: "requires_payment_method", lastError: "Your card was declined." });
      await tx.insert(payments).values({ ...row, id: "00000000-0000-4000-8000-000000000000", intentId: `pi_last_${id}`, status: "requires_capture" });
    });
    const rows = await chargeRows(id);
    expect(rows.find((r) => r.intentId === `pi_first_${id}`)!.createdAt).toEqual(rows.find((r) => r.intentId === `pi_last_${id}`)!.createdAt);
    expect(await chargeOf(t.db, id)).toMatchObject({ intentId: `pi_last_${id}`, status: "requires_capture" });
    expect((await t.call("GET", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie })).body.payment).toMatchObject({ state: "authorised" });
    expect(await bookingsNeedingPayment(t.db, [await booking(id)])).toEqual(new Set());
  });
});

describe("cancellation", () => {
  const setPickupIn = (id: string, ms: number) => t.db.update(bookings).set({ pickupAt: new Date(Date.now() + ms) }).where(eq(bookings.id, id));

  it("after the cut-off captures exactly the fee, and the rest of the hold is released", async () => {
    const id = await bookRide({ time: "18:00" });
    const charge = await ensureBookingCharge(t, id);
    await setPickupIn(id, 24 * H - 60_000); // a minute past the 24 h cut-off: 50% fee
    const terms = (await t.call("GET", `/api/me/bookings/${id}/cancellation`, { cookie: customer.cookie })).body.cancellation;
    const fee = toCents(terms.feeUsd);
    expect(fee).toBe(Math.round(charge.amountCents / 2));
    const res = await t.call("POST", `/api/me/bookings/${id}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: terms.feeUsd } });
    expect(res.status).toBe(200);
    expect((await chargeOf(t.db, id))).toMatchObject({ status: "succeeded", amountCents: charge.amountCents, capturedCents: fee });
    // Only the fee moved: nothing is left on hold.
    expect(await intent(charge.intentId)).toMatchObject({ status: "succeeded", amountReceivedCents: fee, amountCapturableCents: 0 });
    expect((await jobsOf(id)).map((j) => j.key)).toContain(`receipt:${id}`);
  });

  it("after the cut-off the fee shown is the fee captured, to the cent: half of a $128.17 fare is $64.09", async () => {
    const id = await bookRide({ time: "21:00" });
    const charge = await ensureBookingCharge(t, id);
    // A fare whose half ends in half a cent ($64.085): rounded in cents, up, not the $64.08 of float dollars.
    await t.db.update(bookings).set({ price: 128.17 }).where(eq(bookings.id, id));
    await setPickupIn(id, 24 * H - 60_000);
    const terms = (await t.call("GET", `/api/me/bookings/${id}/cancellation`, { cookie: customer.cookie })).body.cancellation;
    expect(terms).toMatchObject({ free: false, feePercent: 50, feeUsd: 64.09 });
    const res = await t.call("POST", `/api/me/bookings/${id}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: 64.09 } });
    expect(res.status).toBe(200);
    expect(res.body.cancellation.feeUsd).toBe(64.09);
    expect(Number((await booking(id)).cancellationFee)).toBe(64.09);
    expect(await chargeOf(t.db, id)).toMatchObject({ status: "succeeded", capturedCents: 6409 });
    expect(await intent(charge.intentId)).toMatchObject({ amountReceivedCents: 6409, amountCapturableCents: 0 });
  });

  it("after the cut-off with the hold lapsed and the card declined: the fee is owed, and the booking reads payment needed", async () => {
    const id = await bookRide({ time: "20:00" });
    const charge = await ensureBookingCharge(t, id);
    await setPickupIn(id, 24 * H - 60_000);
    await lapseHold(charge.intentId, { declined: true });
    const terms = (await t.call("GET", `/api/me/bookings/${id}/cancellation`, { cookie: customer.cookie })).body.cancellation;
    expect((await t.call("POST", `/api/me/bookings/${id}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: terms.feeUsd } })).status).toBe(200);
    const b = await booking(id);
    expect(b).toMatchObject({ status: "cancelled" });
    expect(await ensureBookingCharge(t, id)).toMatchObject({ status: "requires_payment_method", amountCents: toCents(terms.feeUsd), capturedCents: 0 });
    expect((await t.call("GET", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie })).body.payment).toMatchObject({ state: "needed", payable: true });
    // The desk's list of bookings needing payment counts it, like a completed ride whose card failed.
    expect(await bookingsNeedingPayment(t.db, [b])).toEqual(new Set([id]));
  });

  it("after the cut-off with the hold lapsed and the card declined, then a card the customer confirms: exactly the fee is captured", async () => {
    const id = await bookRide({ time: "21:30" });
    const charge = await ensureBookingCharge(t, id);
    await setPickupIn(id, 24 * H - 60_000);
    await lapseHold(charge.intentId, { declined: true });
    const terms = (await t.call("GET", `/api/me/bookings/${id}/cancellation`, { cookie: customer.cookie })).body.cancellation;
    expect((await t.call("POST", `/api/me/bookings/${id}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: terms.feeUsd } })).status).toBe(200);
    expect((await t.call("GET", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie })).body.payment).toMatchObject({ state: "needed", payable: true });

    const pay = await t.call("POST", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie, json: { paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(pay.status).toBe(200);
    expect(pay.body.payment).toMatchObject({ state: "captured" });
    const paid = await chargeOf(t.db, id);
    expect(paid).toMatchObject({ status: "succeeded", capturedCents: toCents(terms.feeUsd) });
    // Only the fee moved: nothing is left on the new hold.
    expect(await intent(paid!.intentId)).toMatchObject({ status: "succeeded", amountReceivedCents: toCents(terms.feeUsd), amountCapturableCents: 0 });
  });

  it("before the cut-off releases the whole hold: nothing is captured", async () => {
    const id = await bookRide({ time: "19:00" });
    const charge = await ensureBookingCharge(t, id);
    const res = await t.call("POST", `/api/me/bookings/${id}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: 0 } });
    expect(res.status).toBe(200);
    expect((await chargeOf(t.db, id))).toMatchObject({ status: "canceled", capturedCents: 0 });
    expect(await intent(charge.intentId)).toMatchObject({ status: "canceled", amountReceivedCents: 0, amountCapturableCents: 0 });
    expect((await jobsOf(id)).map((j) => j.kind)).not.toContain("payment.receipt");
  });

  it("by Meridian (admin, with a reason) releases the hold even after the cut-off", async () => {
    const id = await bookRide({ time: "20:00" });
    const charge = await ensureBookingCharge(t, id);
    await setPickupIn(id, 2 * H);
    const res = await t.call("POST", `/api/admin/bookings/${id}/cancel`, { cookie: admin.cookie, json: { reason: "Vehicle unavailable" } });
    expect(res.status).toBe(200);
    expect((await chargeOf(t.db, id))).toMatchObject({ status: "canceled", capturedCents: 0 });
    expect(await intent(charge.intentId)).toMatchObject({ status: "canceled", amountReceivedCents: 0 });
  });
});

describe("a far-off service", () => {
  /** A far-off booking as booking-time payment leaves it: authorised, then released at once with the card kept (`kept`: the card on file). */
  async function farOff(kind: "ride" | "valet", date: string, kept = "pm_card_visa") {
    const id = kind === "ride" ? await bookRide({ date, time: "10:00" }) : await bookValet(date);
    const charge = await ensureBookingCharge(t, id);
    expect(charge).toMatchObject({ status: "canceled", paymentMethod: "pm_card_visa", capturedCents: 0 });
    await t.db.update(payments).set({ paymentMethod: kept }).where(eq(payments.intentId, charge.intentId));
    const b = await booking(id);
    const startsAt = startOf(b, "America/Los_Angeles");
    return { id, startsAt, total: toCents(b.price!) };
  }
  const board = async (date: string) => (await t.call("GET", `/api/admin/dispatch?date=${date}`, { cookie: dispatcher.cookie })).body;

  it("schedules nothing for a near service (its hold is kept until completion)", async () => {
    const id = await bookRide({ time: "07:00" });
    const b = await booking(id);
    await t.db.transaction((tx) => schedulePaymentJobs(tx, b));
    expect((await jobsOf(id)).map((j) => j.kind).filter((k) => k.startsWith("payment."))).toEqual([]);
  });

  it("authorises the total again off-session 48 hours before, not earlier", async () => {
    const date = laDate(10);
    const { id, startsAt, total } = await farOff("ride", date);
    const mine = await jobsOf(id);
    expect(mine.find((j) => j.kind === "payment.reauthorize")!.runAt.toISOString()).toBe(reauthorizeAt(startsAt).toISOString());
    expect(mine.find((j) => j.kind === "payment.unpaid_cancel")!.runAt.toISOString()).toBe(unpaidCancelAt(startsAt).toISOString());

    await runJobsAt(new Date(startsAt.getTime() - 49 * H));
    expect((await chargeRows(id)).map((c) => c.status)).toEqual(["canceled"]);
    // Waiting for it, the customer has nothing to confirm (a hold taken now could lapse before the service).
    const early = await t.call("POST", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie, json: { paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("not_yet");

    await runJobsAt(new Date(startsAt.getTime() - 48 * H));
    const rows = await chargeRows(id);
    expect(rows).toHaveLength(2);
    const fresh = rows.find((r) => r.status === "requires_capture")!;
    expect(fresh).toMatchObject({ amountCents: total, capturedCents: 0, paymentMethod: "pm_card_visa", cardLast4: "4242" });
    expect(await intent(fresh.intentId)).toMatchObject({ status: "requires_capture", amountCapturableCents: total });
    expect((await jobsOf(id)).find((j) => j.kind === "payment.reauthorize")).toMatchObject({ status: "done", result: `authorised ${total}` });
    expect((await board(date)).rides.find((r: { id: string }) => r.id === id)).toMatchObject({ paymentNeeded: false });

    // 12 hours before: paid, so the booking stays on; completing it captures the new authorisation.
    await runJobsAt(new Date(startsAt.getTime() - 12 * H));
    expect((await booking(id)).status).toBe("pending");
    expect((await jobsOf(id)).find((j) => j.kind === "payment.unpaid_cancel")).toMatchObject({ status: "done", result: "skipped: paid" });
  });

  it("a booking-time hold whose release failed is replaced 48 hours before (it would lapse before the service) and let go", async () => {
    const date = laDate(13);
    t.deps.payments = { ...realProvider, cancel: downProvider().cancel };
    let id: string;
    try {
      id = await bookRide({ date, time: "10:00" });
    } finally {
      t.deps.payments = realProvider;
    }
    const stale = await ensureBookingCharge(t, id);
    expect(stale.status).toBe("requires_capture"); // the release at booking failed (logged)
    const b = await booking(id);
    const startsAt = startOf(b, "America/Los_Angeles");

    await runJobsAt(new Date(startsAt.getTime() - 48 * H));
    const total = toCents(b.price!);
    expect((await jobsOf(id)).find((j) => j.kind === "payment.reauthorize")).toMatchObject({ status: "done", result: `authorised ${total}` });
    const rows = await chargeRows(id);
    expect(rows.find((r) => r.intentId === stale.intentId)).toMatchObject({ status: "canceled" });
    expect(await intent(stale.intentId)).toMatchObject({ status: "canceled", amountCapturableCents: 0 });
    const fresh = rows.find((r) => r.intentId !== stale.intentId)!;
    expect(fresh).toMatchObject({ status: "requires_capture", amountCents: total });
    expect((await ensureBookingCharge(t, id)).intentId).toBe(fresh.intentId); // the one completion will capture
  });

  it("declined off-session: payment needed on the board and an e-mail link; the customer confirms a card and the booking stays on", async () => {
    const date = laDate(11);
    // A card that needs its 3-D Secure step: fine with the customer there, refused off-session.
    const { id, startsAt, total } = await farOff("ride", date, "pm_card_authenticationRequired");
    await runJobsAt(new Date(startsAt.getTime() - 48 * H));
    const failed = (await jobsOf(id)).find((j) => j.kind === "payment.reauthorize")!;
    expect(failed.status).toBe("done");
    expect(failed.result).toMatch(/^payment needed: Your card requires authentication/);

    const ride = (await board(date)).rides.find((r: { id: string }) => r.id === id);
    expect(ride).toMatchObject({ paymentNeeded: true });
    const [mail] = (await outboxFor(t.db, customer.user.email)).filter((m) => m.subject.startsWith("Payment needed"));
    expect(mail!.text).toContain(`$${(total / 100).toFixed(2)}`);
    const { path } = linkIn(mail!);
    expect(path).toBe(`/bookings/${id}/payment`);

    const state = await t.call("GET", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie });
    expect(state.body.payment).toMatchObject({ bookingId: id, state: "needed", amountUsd: total / 100, payable: true, provider: "embedded" });
    expect((await t.call("GET", `/api/me/bookings/${id}/payment`, { cookie: other.cookie })).status).toBe(404);

    const pay = (json: unknown, key = crypto.randomUUID()) => t.call("POST", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie, json, headers: { "Idempotency-Key": key } });
    expect((await pay({ paymentMethod: "pm_card_visa", paymentIntentId: "pi_x" })).status).toBe(400);
    // With nothing chosen, the card on file is tried again with the customer there: it asks for its step.
    const onFile = await pay({});
    expect(onFile.status).toBe(402);
    expect(onFile.body.error).toMatchObject({ code: "authentication_required", fields: { paymentIntentId: expect.stringMatching(/^pi_/) } });
    const declined = await pay({ paymentMethod: "pm_card_chargeDeclined" });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: "card_declined", message: "Your card was declined." });
    // On-session, the 3-D Secure card asks for its step, then authorises.
    const step3ds = await pay({ paymentMethod: "pm_card_authenticationRequired" });
    expect(step3ds.status).toBe(402);
    expect(step3ds.body.error.code).toBe("authentication_required");
    const done = await pay({ paymentIntentId: step3ds.body.error.fields.paymentIntentId });
    expect(done.status).toBe(200);
    expect(done.body.payment).toMatchObject({ state: "authorised", card: { brand: "visa", last4: "3184" } });
    expect((await pay({ paymentMethod: "pm_card_visa" })).status).toBe(409);

    expect((await board(date)).rides.find((r: { id: string }) => r.id === id)).toMatchObject({ paymentNeeded: false });
    await runJobsAt(new Date(startsAt.getTime() - 12 * H));
    expect((await booking(id)).status).toBe("pending");
    const held = (await chargeRows(id)).filter((r) => r.status === "requires_capture");
    expect(held).toHaveLength(1);
    expect(held[0]!.amountCents).toBe(total);
  });

  /** Marcus on shift that day, so the ride can be assigned and driven long before its re-authorisation. */
  async function onShift(date: string) {
    const shift = await t.call("POST", "/api/admin/shifts", { cookie: admin.cookie, json: { staffId: marcus.user.id, date, start: "06:00", end: "23:00", role: "chauffeur", location: "LAX" } });
    expect(shift.status).toBe(201);
  }
  const capturedCents = async (id: string) => (await chargeRows(id)).reduce((sum, r) => sum + r.capturedCents, 0);

  it("completed before its re-authorisation (no hold): authorised off-session and captured in full, once, with a receipt", async () => {
    const date = laDate(20);
    await onShift(date);
    const { id, startsAt, total } = await farOff("ride", date);
    await driveToOnBoard(id);
    // Two completions racing: one moves the ride, and the card is charged once.
    const done = await Promise.all([step(id, "completed"), step(id, "completed")]);
    expect(done.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await capturedCents(id)).toBe(total);
    const paid = (await chargeRows(id)).find((r) => r.status === "succeeded")!;
    expect(paid).toMatchObject({ amountCents: total, capturedCents: total, paymentMethod: "pm_card_visa", cardLast4: "4242" });
    expect(await intent(paid.intentId)).toMatchObject({ status: "succeeded", amountReceivedCents: total });
    expect((await jobsOf(id)).map((j) => j.key)).toContain(`receipt:${id}`);
    // The retry jobs (settlement, the re-authorisation that was due later) change nothing.
    await runJobsAt(new Date(startsAt.getTime() - 47 * H));
    expect(await capturedCents(id)).toBe(total);
    expect((await chargeRows(id)).filter((r) => r.status === "succeeded")).toHaveLength(1);
  });

  /** The booking's re-authorisation job and its handler, to run its two steps apart (as a slow provider or a crash would). */
  async function reauthorization(id: string) {
    const job = (await jobsOf(id)).find((j) => j.kind === "payment.reauthorize")!;
    const handler = paymentJobHandlers(t.deps)["payment.reauthorize"] as { call: (job: unknown, now: Date) => Promise<{ kind: string; intent?: { id: string } }>; record: (tx: unknown, job: unknown, now: Date, outcome: unknown) => Promise<string> };
    return { job, handler };
  }
  const cancelNow = async (id: string) => {
    const terms = (await t.call("GET", `/api/me/bookings/${id}/cancellation`, { cookie: customer.cookie })).body.cancellation;
    const res = await t.call("POST", `/api/me/bookings/${id}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: terms.feeUsd } });
    expect(res.status).toBe(200);
  };

  it("cancelled while its re-authorisation is with the provider: the new hold is not the booking's, and it is released", async () => {
    const { id, startsAt } = await farOff("ride", laDate(15));
    const { job, handler } = await reauthorization(id);
    const at = new Date(startsAt.getTime() - 48 * H);
    const outcome = await handler.call(job, at);
    expect(outcome.kind).toBe("authorised");
    const held = outcome.intent!.id;
    expect(await intent(held)).toMatchObject({ status: "requires_capture" });
    await cancelNow(id); // the customer cancels before the job records the hold
    const result = await t.db.transaction((tx) => handler.record(tx, job, at, outcome));
    expect(result).toMatch(/^skipped: cancelled during the authorisation/);
    expect((await chargeRows(id)).map((c) => c.intentId)).not.toContain(held);
    // The sweep, due a quarter of an hour after the call, lets the hold go.
    await runJobsAt(new Date(Date.now() + 16 * 60_000));
    expect(await intent(held)).toMatchObject({ status: "canceled" });
    expect(await capturedCents(id)).toBe(0);
  });

  it("a re-authorisation whose process died after the provider's answer: cancelled then, the hold is released, and nobody is asked to pay", async () => {
    const { id, startsAt } = await farOff("ride", laDate(16));
    const { job, handler } = await reauthorization(id);
    const outcome = await handler.call(job, new Date(startsAt.getTime() - 48 * H));
    const held = outcome.intent!.id;
    await cancelNow(id);
    // The job comes round again (skipped: the booking is cancelled) and the sweep comes due.
    await runJobsAt(new Date(Math.max(Date.now(), startsAt.getTime() - 48 * H) + 16 * 60_000));
    expect(await intent(held)).toMatchObject({ status: "canceled" });
    expect((await chargeRows(id)).map((c) => c.intentId)).not.toContain(held);
    expect((await outboxFor(t.db, customer.user.email)).filter((m) => m.subject.includes("payment"))).toEqual([]);
  });

  it("completed while its re-authorisation is with the provider: charged once (by the completion), the re-authorisation's hold released", async () => {
    const date = laDate(23);
    await onShift(date);
    const { id, startsAt, total } = await farOff("ride", date);
    const { job, handler } = await reauthorization(id);
    const at = new Date(startsAt.getTime() - 48 * H);
    const outcome = await handler.call(job, at);
    const held = outcome.intent!.id;
    await driveToOnBoard(id);
    expect((await step(id, "completed")).status).toBe(200);
    expect(await t.db.transaction((tx) => handler.record(tx, job, at, outcome))).toMatch(/^skipped: completed during the authorisation/);
    await runJobsAt(new Date(Date.now() + 16 * 60_000));
    expect(await intent(held)).toMatchObject({ status: "canceled" });
    expect(await capturedCents(id)).toBe(total);
    expect((await chargeRows(id)).filter((r) => r.status === "succeeded")).toHaveLength(1);
  });

  it("a completed valet service with no hold is charged too", async () => {
    const { id, total } = await farOff("valet", laDate(22));
    for (const status of ["confirmed", "in_progress", "completed"]) {
      expect((await t.call("PATCH", `/api/admin/bookings/${id}/status`, { cookie: admin.cookie, json: { status } })).status).toBe(200);
    }
    expect(await capturedCents(id)).toBe(total);
  });

  it("declined at completion: payment needed, the customer e-mailed and the desk shown it; a card confirmed then is captured", async () => {
    const date = laDate(21);
    await onShift(date);
    const { id, total } = await farOff("ride", date, "pm_card_chargeDeclined");
    await driveToOnBoard(id);
    expect((await step(id, "completed")).status).toBe(200);
    expect((await booking(id)).status).toBe("completed");
    expect(await capturedCents(id)).toBe(0);
    expect((await board(date)).rides.find((r: { id: string }) => r.id === id)).toMatchObject({ paymentNeeded: true });
    const [mail] = (await outboxFor(t.db, customer.user.email)).filter((m) => m.subject.startsWith("Payment needed") && m.text.includes(`/bookings/${id}/payment`));
    expect(mail!.text).toContain(`$${(total / 100).toFixed(2)}`);
    expect(mail!.text).not.toContain("will be cancelled");
    const state = await t.call("GET", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie });
    expect(state.body.payment).toMatchObject({ state: "needed", payable: true });

    const pay = await t.call("POST", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie, json: { paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(pay.status).toBe(200);
    expect(pay.body.payment).toMatchObject({ state: "captured" });
    expect(await capturedCents(id)).toBe(total);
    expect((await jobsOf(id)).map((j) => j.key)).toContain(`receipt:${id}`);
    expect((await board(date)).rides.find((r: { id: string }) => r.id === id)).toMatchObject({ paymentNeeded: false });
  });

  it("still unpaid 12 hours before: cancelled without a fee, nothing captured, the customer told", async () => {
    const date = laDate(12);
    // The card went through at booking and is declined by the time it is authorised again.
    const { id, startsAt } = await farOff("valet", date, "pm_card_chargeDeclined");
    await runJobsAt(new Date(startsAt.getTime() - 48 * H));
    expect((await t.call("GET", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie })).body.payment.state).toBe("needed");
    await runJobsAt(new Date(startsAt.getTime() - 13 * H));
    expect((await booking(id)).status).toBe("pending");

    await runJobsAt(new Date(startsAt.getTime() - 12 * H));
    const b = await booking(id);
    expect(b).toMatchObject({ status: "cancelled", cancelledBy: "system", cancellationFee: 0 });
    expect((await jobsOf(id)).find((j) => j.kind === "payment.unpaid_cancel")).toMatchObject({ status: "done", result: "cancelled: unpaid" });
    expect((await chargeRows(id)).every((c) => c.capturedCents === 0)).toBe(true);
    const subjects = (await outboxFor(t.db, customer.user.email)).map((m) => m.subject);
    expect(subjects.some((s) => s.startsWith("Your valet service on") && s.endsWith("was cancelled"))).toBe(true);
    const state = await t.call("GET", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie });
    expect(state.body.payment.payable).toBe(false);
    const late = await t.call("POST", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie, json: { paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(late.status).toBe(409);
  });
});

describe("a rescheduled ride's card", () => {
  const reschedule = (id: string, date: string, time: string, quoteId: string) =>
    t.call("POST", `/api/me/bookings/${id}/reschedule`, { cookie: customer.cookie, json: { date, time, quoteId, acceptNewPrice: true } });
  const quoteFor = async (date: string, time: string) => (await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date, time }) })).body.quoteId as string;
  /** Today's per-minute rate for the sedan (1 in the test fleet) while `work` runs: a new price for the same ride. */
  async function withPerMinute<T>(usd: number, work: () => Promise<T>): Promise<T> {
    await t.db.update(rideRateCards).set({ perMinuteUsd: usd }).where(eq(rideRateCards.vehicleTypeId, fleet.sedan.id));
    invalidatePricingCache();
    try {
      return await work();
    } finally {
      await t.db.update(rideRateCards).set({ perMinuteUsd: 1 }).where(eq(rideRateCards.vehicleTypeId, fleet.sedan.id));
      invalidatePricingCache();
    }
  }

  it("a new price: the new total is authorised on the kept card, the old hold released, and completion captures the new total", async () => {
    const id = await bookRide({ time: "08:00" });
    const old = await ensureBookingCharge(t, id);
    await withPerMinute(2, async () => {
      const res = await reschedule(id, NEAR, "08:30", await quoteFor(NEAR, "08:30"));
      expect(res.status).toBe(200);
      const total = toCents(res.body.booking.price);
      expect(total).toBeGreaterThan(old.amountCents);
      const rows = await chargeRows(id);
      expect(rows.find((r) => r.intentId === old.intentId)).toMatchObject({ status: "canceled", capturedCents: 0 });
      const fresh = rows.find((r) => r.intentId !== old.intentId)!;
      expect(fresh).toMatchObject({ status: "requires_capture", amountCents: total, paymentMethod: "pm_card_visa", cardLast4: "4242" });
      expect(await intent(old.intentId)).toMatchObject({ status: "canceled", amountCapturableCents: 0 });

      await driveToOnBoard(id);
      expect((await step(id, "completed")).status).toBe(200);
      expect((await chargeRows(id)).find((r) => r.intentId === fresh.intentId)).toMatchObject({ status: "succeeded", capturedCents: total });
      expect(await captures(old.intentId)).toHaveLength(0);
    });
  });

  it("a declined card refuses the move with 402 and changes nothing", async () => {
    const id = await bookRide({ time: "08:15" });
    const old = await ensureBookingCharge(t, id);
    await t.db.update(payments).set({ paymentMethod: "pm_card_chargeDeclined" }).where(eq(payments.intentId, old.intentId));
    const before = await booking(id);
    await withPerMinute(2, async () => {
      const res = await reschedule(id, NEAR, "08:45", await quoteFor(NEAR, "08:45"));
      expect(res.status).toBe(402);
      expect(res.body.error).toMatchObject({ code: "card_declined", message: "Your card was declined.", fields: { paymentMethod: "Your card was declined." } });
    });
    const after = await booking(id);
    expect({ price: after.price, pickupAt: after.pickupAt, bookingDate: after.bookingDate }).toEqual({ price: before.price, pickupAt: before.pickupAt, bookingDate: before.bookingDate });
    expect((await chargeRows(id)).filter((r) => r.status === "requires_capture").map((r) => r.intentId)).toEqual([old.intentId]);
    expect(await intent(old.intentId)).toMatchObject({ status: "requires_capture", amountCapturableCents: old.amountCents });
  });

  it("moved beyond the hold window the hold is let go for the re-authorisation; moved back within it, authorised at once", async () => {
    const id = await bookRide({ time: "08:30" });
    const old = await ensureBookingCharge(t, id);
    const far = laDate(12);
    const away = await reschedule(id, far, "08:30", await quoteFor(far, "08:30"));
    expect(away.status).toBe(200);
    expect((await chargeRows(id)).map((r) => r.status)).toEqual(["canceled"]);
    expect(await intent(old.intentId)).toMatchObject({ status: "canceled" });
    const reauth = (await jobsOf(id)).find((j) => j.kind === "payment.reauthorize" && j.status === "pending")!;
    expect(reauth.runAt.toISOString()).toBe(reauthorizeAt(new Date(away.body.booking.pickupAt)).toISOString());

    const back = await reschedule(id, NEAR, "08:30", await quoteFor(NEAR, "08:30"));
    expect(back.status).toBe(200);
    const held = (await chargeRows(id)).filter((r) => r.status === "requires_capture");
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ amountCents: toCents(back.body.booking.price), paymentMethod: "pm_card_visa" });
    expect((await jobsOf(id)).filter((j) => j.kind.startsWith("payment.") && j.status === "pending")).toEqual([]);
  });

  it("moved to a far-off time, away from it and back to it: that time's re-authorisation and unpaid cancellation are due again", async () => {
    const id = await bookRide({ time: "09:15" });
    const [a, b] = [laDate(17), laDate(18)];
    for (const [date, moved] of [[a, 1], [b, 2], [a, 3]] as const) {
      const res = await reschedule(id, date, "09:15", await quoteFor(date, "09:15"));
      expect(res.status, `move ${moved}`).toBe(200);
    }
    const pickupAt = new Date((await booking(id)).pickupAt!);
    const pending = (await jobsOf(id)).filter((j) => j.kind.startsWith("payment.") && j.status === "pending");
    expect(pending.map((j) => [j.kind, j.runAt.toISOString()]).sort()).toEqual([
      ["payment.reauthorize", reauthorizeAt(pickupAt).toISOString()],
      ["payment.unpaid_cancel", unpaidCancelAt(pickupAt).toISOString()],
    ]);
    // And the re-authorisation runs: the ride is held again 48 hours before.
    await runJobsAt(new Date(pickupAt.getTime() - 48 * H));
    expect((await chargeRows(id)).filter((r) => r.status === "requires_capture")).toHaveLength(1);
  });

  it("a hold that would lapse before the new time (taken too long before it) is replaced, even at the same price", async () => {
    const id = await bookRide({ time: "08:45" });
    const old = await ensureBookingCharge(t, id);
    // Taken four days ago: a ride four days from now would be served on an eight-day-old hold.
    await t.db.update(payments).set({ createdAt: new Date(Date.now() - 4 * 24 * H) }).where(eq(payments.intentId, old.intentId));
    const later = laDate(4);
    const res = await reschedule(id, later, "08:45", await quoteFor(later, "08:45"));
    expect(res.status).toBe(200);
    expect(toCents(res.body.booking.price)).toBe(old.amountCents);
    const rows = await chargeRows(id);
    expect(rows.find((r) => r.intentId === old.intentId)).toMatchObject({ status: "canceled" });
    expect(rows.filter((r) => r.status === "requires_capture")).toEqual([expect.objectContaining({ amountCents: old.amountCents, paymentMethod: "pm_card_visa" })]);
  });

  it("never captures more than the booking's price, nor more than the hold", async () => {
    const id = await bookRide({ time: "09:45" });
    const charge = await ensureBookingCharge(t, id);
    await t.db.update(bookings).set({ price: charge.amountCents / 100 - 10 }).where(eq(bookings.id, id));
    await driveToOnBoard(id);
    expect((await step(id, "completed")).status).toBe(200);
    expect((await chargeOf(t.db, id))).toMatchObject({ status: "succeeded", capturedCents: charge.amountCents - 1000 });
    expect(await intent(charge.intentId)).toMatchObject({ status: "succeeded", amountReceivedCents: charge.amountCents - 1000 });
  });
});

describe("branches of the lifecycle (issue 21, point 4)", () => {
  const setPickupIn = (id: string, ms: number) => t.db.update(bookings).set({ pickupAt: new Date(Date.now() + ms) }).where(eq(bookings.id, id));
  const capturedOf = async (id: string) => (await chargeRows(id)).reduce((sum, r) => sum + r.capturedCents, 0);
  const DAY4 = laDate(4);

  beforeAll(async () => {
    const shift = await t.call("POST", "/api/admin/shifts", { cookie: admin.cookie, json: { staffId: marcus.user.id, date: DAY4, start: "06:00", end: "23:00", role: "chauffeur", location: "LAX" } });
    expect(shift.status).toBe(201);
  });

  it("a late cancellation racing the chauffeur's start: exactly one outcome, the fee or the fare, charged once", async () => {
    const outcomes = new Set<string>();
    for (const time of ["07:00", "11:00", "15:00", "19:00"]) {
      const id = await bookRide({ date: DAY4, time });
      const charge = await ensureBookingCharge(t, id);
      expect((await t.call("PUT", `/api/admin/bookings/${id}/assignment`, { cookie: dispatcher.cookie, json: { chauffeurId: marcus.user.id } })).status).toBe(200);
      await setPickupIn(id, 24 * H - 60_000); // past the cut-off: the customer is shown a fee
      const terms = (await t.call("GET", `/api/me/bookings/${id}/cancellation`, { cookie: customer.cookie })).body.cancellation;
      const fee = toCents(terms.feeUsd);
      expect(fee).toBeGreaterThan(0);
      const [cancel, start] = await Promise.all([
        t.call("POST", `/api/me/bookings/${id}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: terms.feeUsd } }),
        step(id, "en_route"),
      ]);
      expect([cancel.status, start.status].filter((s) => s === 200)).toHaveLength(1);
      expect([cancel.status, start.status].every((s) => s === 200 || s === 409)).toBe(true);
      if (start.status === 200) for (const s of ["on_location", "on_board", "completed"]) expect((await step(id, s)).status).toBe(200);
      // Every retry job later changes nothing.
      await runJobsAt(new Date(Date.now() + 2 * H));
      const b = await booking(id);
      outcomes.add(b.status);
      expect(await captures(charge.intentId)).toHaveLength(1);
      if (b.status === "cancelled") {
        expect(await capturedOf(id)).toBe(fee);
        expect(await intent(charge.intentId)).toMatchObject({ status: "succeeded", amountReceivedCents: fee, amountCapturableCents: 0 });
      } else {
        expect(b.status).toBe("completed");
        expect(await capturedOf(id)).toBe(charge.amountCents);
      }
    }
    expect([...outcomes].every((s) => s === "cancelled" || s === "completed")).toBe(true);
  });

  it("a refund after a partial capture (a late cancellation's fee): only the fee captured can be refunded", async () => {
    const id = await bookRide({ date: DAY4, time: "21:00" });
    const charge = await ensureBookingCharge(t, id);
    await setPickupIn(id, 24 * H - 60_000);
    const terms = (await t.call("GET", `/api/me/bookings/${id}/cancellation`, { cookie: customer.cookie })).body.cancellation;
    expect((await t.call("POST", `/api/me/bookings/${id}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: terms.feeUsd } })).status).toBe(200);
    const fee = toCents(terms.feeUsd);
    expect(fee).toBeLessThan(charge.amountCents);
    const refund = (amountUsd: number) => t.call("POST", `/api/admin/bookings/${id}/refunds`, { cookie: admin.cookie, json: { amountUsd, reason: "Goodwill" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    const tooMuch = await refund((fee + 1) / 100);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.code).toBe("amount_too_large");
    const all = await refund(fee / 100);
    expect(all.status).toBe(201);
    expect((await chargeOf(t.db, id))).toMatchObject({ status: "succeeded", amountCents: charge.amountCents, capturedCents: fee, refundedCents: fee });
    expect(await intent(charge.intentId)).toMatchObject({ amountReceivedCents: fee, amountRefundedCents: fee });
    expect((await refund(0.01)).status).toBe(422);
  });

  it("an abandoned 3-D Secure authorisation (the step never passed) is released by the sweep; no charge row is written", async () => {
    const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: DAY4, time: "06:30" }) });
    const res = await t.call("POST", "/api/bookings", { cookie: customer.cookie, json: { service: "ride", quoteId: q.body.quoteId, paymentMethod: "pm_card_authenticationRequired" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(res.status).toBe(402);
    const intentId: string = res.body.error.paymentIntent.id;
    expect(await intent(intentId)).toMatchObject({ status: "requires_action" });
    await runJobsAt(new Date(Date.now() + 16 * 60_000));
    expect(await intent(intentId)).toMatchObject({ status: "canceled", amountReceivedCents: 0 });
    expect(await t.db.select().from(payments).where(eq(payments.intentId, intentId))).toEqual([]);
  });

  it("the sweep releases a far-off booking's hold that was not released after the booking (the process failed there)", async () => {
    // The release right after the booking fails (the provider is down for it): the hold stays on the card.
    t.deps.payments = { ...realProvider, cancel: downProvider().cancel };
    let id: string;
    try {
      id = await bookRide({ date: laDate(25), time: "10:00" });
    } finally {
      t.deps.payments = realProvider;
    }
    const held = await ensureBookingCharge(t, id);
    expect(held).toMatchObject({ status: "requires_capture" });
    await runJobsAt(new Date(Date.now() + 16 * 60_000));
    expect(await ensureBookingCharge(t, id)).toMatchObject({ intentId: held.intentId, status: "canceled", capturedCents: 0 });
    expect(await intent(held.intentId)).toMatchObject({ status: "canceled" });
    // The re-authorisation 48 hours before takes the hold again, and completion captures it once.
    const startsAt = startOf(await booking(id), "America/Los_Angeles");
    await runJobsAt(new Date(startsAt.getTime() - 47 * H));
    expect((await chargeRows(id)).filter((r) => r.status === "requires_capture")).toHaveLength(1);
  });

  it("a reschedule after the re-authorisation: the new hold follows the ride, and completion captures the new total once", async () => {
    const date = laDate(12);
    const id = await bookRide({ date, time: "10:00" });
    expect(await ensureBookingCharge(t, id)).toMatchObject({ status: "canceled" }); // far off: released at booking
    const startsAt = startOf(await booking(id), "America/Los_Angeles");
    // The re-authorisation as if 48 hours before (a movable clock): a hold of the total.
    await runJobsAt(new Date(startsAt.getTime() - 47 * H));
    const reauth = (await chargeRows(id)).find((r) => r.status === "requires_capture")!;
    expect(reauth).toBeTruthy();
    // Moved to an earlier day at another time (within the hold window): the hold's total or age may change; the ride holds exactly one.
    const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: DAY4, time: "17:00" }) });
    const moved = await t.call("POST", `/api/me/bookings/${id}/reschedule`, { cookie: customer.cookie, json: { date: DAY4, time: "17:00", quoteId: q.body.quoteId, acceptNewPrice: true } });
    expect(moved.status).toBe(200);
    const holds = (await chargeRows(id)).filter((r) => r.status === "requires_capture");
    expect(holds).toHaveLength(1);
    expect(holds[0]!.amountCents).toBe(toCents(moved.body.booking.price));
    expect((await jobsOf(id)).filter((j) => j.kind === "payment.reauthorize" && j.status === "pending")).toEqual([]);
    await driveToOnBoard(id);
    expect((await step(id, "completed")).status).toBe(200);
    expect(await capturedOf(id)).toBe(toCents(moved.body.booking.price));
    expect(await captures(holds[0]!.intentId)).toHaveLength(1);
  });
});

describe("the customer confirming a card", () => {
  /** A near booking whose card needs confirming (as after a failed re-authorisation: its charge is a declined attempt). */
  async function paymentNeeded(time: string) {
    const id = await bookRide({ time });
    const charge = await ensureBookingCharge(t, id);
    await t.db.update(payments).set({ status: "requires_payment_method", lastError: "Your card was declined." }).where(eq(payments.intentId, charge.intentId));
    await t.db.update(embeddedPaymentIntents).set({ status: "requires_payment_method", amountCapturableCents: 0 }).where(eq(embeddedPaymentIntents.id, charge.intentId));
    return id;
  }
  const liveHolds = async (id: string) =>
    (await t.db.select().from(embeddedPaymentIntents)).filter((i) => i.status === "requires_capture" && (i.metadata as { bookingId?: string } | null)?.bookingId === id);
  const confirmCard = (id: string, paymentMethod: string) =>
    t.call("POST", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie, json: { paymentMethod }, headers: { "Idempotency-Key": crypto.randomUUID() } });

  it("confirmed on two devices at once: one hold stays on the card, the other is released and its page told so", async () => {
    const id = await paymentNeeded("06:30");
    // The payment link on a phone and the e-mail's link on a laptop, and a double submit: all at once.
    const answers = await Promise.all([confirmCard(id, "pm_card_visa"), confirmCard(id, "pm_card_mastercard"), confirmCard(id, "pm_card_visa")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.body.error.code).toBe("already_paid");
      expect([PAID_MEANWHILE_MESSAGE, ALREADY_PAID_MESSAGE]).toContain(lost.body.error.message);
    }
    const held = await liveHolds(id);
    expect(held).toHaveLength(1);
    const charge = await chargeOf(t.db, id);
    expect(charge).toMatchObject({ intentId: held[0]!.id, status: "requires_capture" });
    expect((await t.call("GET", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie })).body.payment).toMatchObject({ state: "authorised", payable: true });
    // The holds that lost are released, and no charge row reads them as the booking's.
    const all = (await t.db.select().from(embeddedPaymentIntents)).filter((i) => (i.metadata as { bookingId?: string } | null)?.bookingId === id && i.id !== charge!.intentId);
    expect(all.filter((i) => i.status !== "requires_payment_method").every((i) => i.status === "canceled")).toBe(true);
    // The sweeps due later leave the booking's hold alone, and completion captures it, once.
    await runJobsAt(new Date(Date.now() + 20 * 60_000));
    expect((await liveHolds(id)).map((h) => h.id)).toEqual([charge!.intentId]);
    await driveToOnBoard(id);
    expect((await step(id, "completed")).status).toBe(200);
    expect(await chargeOf(t.db, id)).toMatchObject({ intentId: charge!.intentId, status: "succeeded", capturedCents: charge!.amountCents });
    expect(await captures(charge!.intentId)).toHaveLength(1);
  });

  it("a double tap sending the attempt's key twice: one authorisation, and both requests answered with it", async () => {
    const id = await paymentNeeded("07:30");
    const key = crypto.randomUUID();
    const send = () => t.call("POST", `/api/me/bookings/${id}/payment`, { cookie: customer.cookie, json: { paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": key } });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.payment.state)).toEqual(["authorised", "authorised"]);
    const held = await liveHolds(id);
    expect(held).toHaveLength(1);
    expect(await chargeOf(t.db, id)).toMatchObject({ intentId: held[0]!.id, status: "requires_capture" });
  });
});
