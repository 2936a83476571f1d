// A reschedule that does not happen leaves the ride's card exactly as it was, through the API on PGlite and
// PostgreSQL with the embedded provider: refused because the card needs its 3-D Secure step, declined, refused
// because the ride changed during the card step, or cut short by a dying process, the booking's charge is still its
// original hold (a later free cancel releases it; completion captures it once, with no second charge), and the new
// hold taken for the move is let go (by the request, or by the hold sweep). And a ride whose card needs payment,
// moved into the hold window, is still cancelled without a fee if it stays unpaid 12 hours before its new time.
import { and, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteInput } from "@meridian/shared/booking";
import { CALLER_UNPAID_CANCEL_REASON } from "@meridian/shared/caller-booking";
import { UNPAID_CANCEL_REASON } from "@meridian/shared/payment-lifecycle";
import { setValetRates } from "../seed/factories";
import { bookings, embeddedPaymentEvents, embeddedPaymentIntents, jobs, payments, rideRateCards } from "../db/schema";
import { allJobHandlers } from "../jobs/handlers";
import { runDueJobs } from "../jobs/job-runner";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { startOf } from "./cancel.service";
import type { TestApp } from "../test/harness";
import { createFleetTestApp, createTestFleet, ensureBookingCharge, giveCapacityForDays, laDate, rideInput, TEST_VALET_RATES } from "../test/factories";
import { bookingCharge } from "../payments/charges";
import type { PaymentProvider } from "../lib/payment-provider";

let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;
let dispatcher: { cookie: string };
let marcus: { cookie: string; user: { id: string } };
let customer: { cookie: string; user: { id: string } };
let realProvider: PaymentProvider;

const NEAR = laDate(3); // within 5 days: the booking-time hold is kept until completion
const H = 3_600_000;

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  await giveCapacityForDays(t, { days: 16 });
  await setValetRates(t.db, TEST_VALET_RATES);
  invalidatePricingCache();
  const admin = await t.userWithSession({ role: "admin", fullName: "Ada Admin" });
  dispatcher = await t.userWithSession({ role: "dispatcher", fullName: "Dana Desk" });
  marcus = await t.userWithSession({ role: "chauffeur", fullName: "Marcus Bell" });
  customer = await t.userWithSession({ fullName: "Grace Hopper" });
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

const booking = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const intent = async (id: string) => (await t.db.select().from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.id, id)))[0]!;
/** The intents the provider made for the booking after it was booked (a move's, an off-session charge's), oldest first. */
const laterIntents = (id: string, old: { intentId: string }) =>
  t.db
    .select()
    .from(embeddedPaymentIntents)
    .where(and(sql`${embeddedPaymentIntents.metadata}->>'bookingId' = ${id}`, ne(embeddedPaymentIntents.id, old.intentId)))
    .orderBy(embeddedPaymentIntents.createdAt);
const captures = async (intentId: string) =>
  (await t.db.select().from(embeddedPaymentEvents).where(eq(embeddedPaymentEvents.intentId, intentId))).filter((e) => e.type === "payment_intent.succeeded");
const jobsOf = async (bookingId: string) => (await t.db.select().from(jobs)).filter((j) => j.payload.bookingId === bookingId);
const runJobsAt = (at: Date) => runDueJobs(t.db, allJobHandlers(t.deps), { now: () => at });
const quoteFor = async (date: string, time: string) => (await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date, time }) })).body.quoteId as string;
const reschedule = (id: string, date: string, time: string, quoteId: string) =>
  t.call("POST", `/api/me/bookings/${id}/reschedule`, { cookie: customer.cookie, json: { date, time, quoteId, acceptNewPrice: true } });
const step = (id: string, status: string) => t.call("POST", `/api/staff/rides/${id}/status`, { cookie: marcus.cookie, json: { status } });
const assign = (id: string) => t.call("PUT", `/api/admin/bookings/${id}/assignment`, { cookie: dispatcher.cookie, json: { chauffeurId: marcus.user.id } });

async function cancelFree(id: string) {
  const terms = (await t.call("GET", `/api/me/bookings/${id}/cancellation`, { cookie: customer.cookie })).body.cancellation;
  expect(terms.feeUsd).toBe(0);
  const res = await t.call("POST", `/api/me/bookings/${id}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: terms.feeUsd } });
  expect(res.status).toBe(200);
}

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

/** Runs `work` with the real provider, whose `authorize` for a reschedule runs `after` once it has answered. */
async function withAfterRescheduleAuthorise<T>(after: () => Promise<void>, work: () => Promise<T>): Promise<T> {
  t.deps.payments = {
    ...realProvider,
    authorize: async (input, key) => {
      const answer = await realProvider.authorize(input, key);
      if (key.includes(":authorize:reschedule:")) await after();
      return answer;
    },
  };
  try {
    return await work();
  } finally {
    t.deps.payments = realProvider;
  }
}

/** A near ride with its live hold, kept on `card`, moved to a new time at a new price (a new total to authorise). */
async function moveAtNewPrice(time: string, newTime: string, card = "pm_card_visa") {
  const id = await bookRide({ time });
  const old = await ensureBookingCharge(t, id);
  expect(old.status).toBe("requires_capture");
  await t.db.update(payments).set({ paymentMethod: card }).where(eq(payments.intentId, old.intentId));
  const before = await booking(id);
  const res = await withPerMinute(2, async () => reschedule(id, NEAR, newTime, await quoteFor(NEAR, newTime)));
  return { id, old, before, res };
}

/** The booking is where it was, its charge the original hold, live on the card; the move's new hold is let go. */
async function expectUnchanged(id: string, old: { intentId: string; amountCents: number }, before: { price: number | null; pickupAt: Date | null }) {
  const after = await booking(id);
  expect({ price: after.price, pickupAt: after.pickupAt }).toEqual({ price: before.price, pickupAt: before.pickupAt });
  expect(await bookingCharge(t.db, id)).toMatchObject({ intentId: old.intentId, status: "requires_capture", amountCents: old.amountCents });
  expect(await intent(old.intentId)).toMatchObject({ status: "requires_capture", amountCapturableCents: old.amountCents });
  for (const other of await laterIntents(id, old)) {
    expect(other.amountCapturableCents).toBe(0);
    expect(["canceled", "requires_payment_method"]).toContain(other.status);
  }
}

describe("a reschedule that does not happen leaves the ride's card as it was", () => {
  it("refused for the card's 3-D Secure step: the original hold is still the booking's charge, and a free cancel releases it", async () => {
    const { id, old, before, res } = await moveAtNewPrice("08:00", "08:30", "pm_card_authenticationRequired");
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe("authentication_required");
    expect(await laterIntents(id, old)).toEqual([expect.objectContaining({ status: "canceled" })]); // the new total was held, and let go
    await expectUnchanged(id, old, before);

    await cancelFree(id);
    expect(await intent(old.intentId)).toMatchObject({ status: "canceled", amountCapturableCents: 0 });
    expect(await bookingCharge(t.db, id)).toMatchObject({ intentId: old.intentId, status: "canceled", capturedCents: 0 });
  });

  it("refused for the card's 3-D Secure step: completion captures the original hold once, with no second charge", async () => {
    const { id, old, before, res } = await moveAtNewPrice("09:00", "09:30", "pm_card_authenticationRequired");
    expect(res.status).toBe(402);
    await expectUnchanged(id, old, before);

    expect((await assign(id)).status).toBe(200);
    for (const s of ["en_route", "on_location", "on_board", "completed"]) expect((await step(id, s)).status).toBe(200);
    await runJobsAt(new Date(Date.now() + 5 * 60_000));
    expect(await bookingCharge(t.db, id)).toMatchObject({ intentId: old.intentId, status: "succeeded", capturedCents: old.amountCents });
    expect(await captures(old.intentId)).toHaveLength(1);
    // Nothing else was authorised or taken: the refused move's hold stays released, no off-session charge was made.
    expect((await laterIntents(id, old)).map((i) => ({ status: i.status, amountReceivedCents: i.amountReceivedCents }))).toEqual([{ status: "canceled", amountReceivedCents: 0 }]);
  });

  it("a declined card: the original hold is still the booking's charge", async () => {
    const { id, old, before, res } = await moveAtNewPrice("10:00", "10:30", "pm_card_chargeDeclined");
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe("card_declined");
    await expectUnchanged(id, old, before);
  });

  it("the ride changed during the card step (a chauffeur assigned): 409, the new hold let go, and a free cancel releases the original", async () => {
    const id = await bookRide({ time: "11:00" });
    const old = await ensureBookingCharge(t, id);
    const before = await booking(id);
    expect(before.status).toBe("pending");
    const res = await withAfterRescheduleAuthorise(
      async () => expect((await assign(id)).status).toBe(200),
      () => withPerMinute(2, async () => reschedule(id, NEAR, "11:30", await quoteFor(NEAR, "11:30"))),
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("stale_status");
    expect(await laterIntents(id, old)).toEqual([expect.objectContaining({ status: "canceled" })]);
    await expectUnchanged(id, old, before);

    await cancelFree(id);
    expect(await intent(old.intentId)).toMatchObject({ status: "canceled", amountCapturableCents: 0 });
  });

  it("a process that dies right after the card step: the hold sweep releases the new hold, and the original stays the charge", async () => {
    const id = await bookRide({ time: "12:00" });
    const old = await ensureBookingCharge(t, id);
    const before = await booking(id);
    const res = await withAfterRescheduleAuthorise(
      async () => {
        throw new Error("the process died here");
      },
      () => withPerMinute(2, async () => reschedule(id, NEAR, "12:30", await quoteFor(NEAR, "12:30"))),
    );
    expect(res.status).toBe(500);
    const [orphan] = await laterIntents(id, old);
    expect(orphan).toMatchObject({ status: "requires_capture" }); // held on the card, unknown to our books
    expect(await bookingCharge(t.db, id)).toMatchObject({ intentId: old.intentId, status: "requires_capture" });

    await runJobsAt(new Date(Date.now() + 16 * 60_000));
    await expectUnchanged(id, old, before);
    expect(await intent(orphan!.id)).toMatchObject({ status: "canceled" });
  });
});

describe("payment needed, then moved into the hold window", () => {
  it("still unpaid 12 hours before its new time, the ride is cancelled without a fee", async () => {
    const far = laDate(13);
    const id = await bookRide({ date: far, time: "10:00" });
    const charge = await ensureBookingCharge(t, id);
    expect(charge).toMatchObject({ status: "canceled" }); // far off: released at booking
    // The kept card needs its 3-D Secure step: the re-authorisation 48 hours before fails, "payment needed".
    await t.db.update(payments).set({ paymentMethod: "pm_card_authenticationRequired" }).where(eq(payments.intentId, charge.intentId));
    await runJobsAt(new Date(startOf(await booking(id), "America/Los_Angeles").getTime() - 47 * H));
    expect(await bookingCharge(t.db, id)).toMatchObject({ status: "requires_payment_method" });

    const moved = await reschedule(id, NEAR, "13:00", await quoteFor(NEAR, "13:00"));
    expect(moved.status).toBe(200);
    const startsAt = new Date(moved.body.booking.pickupAt);
    expect(await bookingCharge(t.db, id)).toMatchObject({ status: "requires_payment_method" }); // still payment needed
    const unpaidCancel = (await jobsOf(id)).filter((j) => j.kind === "payment.unpaid_cancel" && j.status === "pending");
    expect(unpaidCancel.map((j) => j.runAt.toISOString())).toEqual([new Date(startsAt.getTime() - 12 * H).toISOString()]);

    await runJobsAt(new Date(startsAt.getTime() - 13 * H));
    expect((await booking(id)).status).toBe("pending");
    await runJobsAt(new Date(startsAt.getTime() - 11 * H));
    expect(await booking(id)).toMatchObject({ status: "cancelled", cancelReason: UNPAID_CANCEL_REASON, cancellationFee: 0 });
  });

  it("a caller's booking waiting on its payment link, moved: still released when the link's time runs out", async () => {
    const q = await quoteFor(NEAR, "14:00");
    const made = await t.call("POST", "/api/admin/bookings", { cookie: dispatcher.cookie, json: { service: "ride", quoteId: q, customerId: customer.user.id }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(made.status).toBe(201);
    const id = made.body.booking.id as string;
    expect(await bookingCharge(t.db, id)).toMatchObject({ status: "requires_payment_method", paymentMethod: null }); // no card on file

    const moved = await reschedule(id, NEAR, "14:30", await quoteFor(NEAR, "14:30"));
    expect(moved.status).toBe(200);
    const startsAt = new Date(moved.body.booking.pickupAt);
    const due = (await jobsOf(id)).filter((j) => j.kind === "payment.unpaid_cancel" && j.status === "pending");
    expect(due).toEqual([expect.objectContaining({ payload: expect.objectContaining({ reason: "link", startsAt: startsAt.toISOString() }) })]);

    await runJobsAt(new Date(Date.now() + 25 * H));
    expect(await booking(id)).toMatchObject({ status: "cancelled", cancelReason: CALLER_UNPAID_CANCEL_REASON, cancellationFee: 0 });
  });
});
