// Card authorisation at booking (embedded provider, Stripe's test cards), on PGlite and PostgreSQL: the total
// authorised to the cent before the booking exists, a declined card answers 402 and books nothing, the card's
// authentication step (3-D Secure), one Idempotency-Key = one booking + one authorisation under 50 concurrent
// retries, valet bookings authorised, and a far-off service's hold released at once with the card kept.
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteInput } from "@meridian/shared/booking";
import { AUTHENTICATION_FAILED_MESSAGE, AUTHENTICATION_REQUIRED_MESSAGE, PAYMENT_NOT_ACCEPTED_MESSAGE } from "@meridian/shared/payments";
import { toCents } from "@meridian/shared/pricing";
import { createRateCard, createVehicle, setValetRates } from "../seed/factories";
import { bookings, embeddedPaymentEvents, embeddedPaymentIntents, idempotencyKeys, payments, tickets } from "../db/schema";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { FAKE_PLACES } from "../test/fake-geo";
import { createFleetTestApp, giveCapacityForDays, laDate, rideInput, type TestFleet } from "../test/factories";
import type { TestApp } from "../test/harness";
import { countRows, expectFieldErrors } from "../test/helpers";
import { bookingCharge } from "../payments/charges";

let t: TestApp;
let fleet: TestFleet;
/** A vehicle whose prices make a total with odd cents: $45.55 + 12.3 mi × $2.37 + 30 min × $1.13. */
let odd: { id: string };

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  odd = await createVehicle(t.db, { name: "Test Odd Cents", baseFeeUsd: 45.55, passengerCapacity: 3, luggageCapacity: 3 });
  await createRateCard(t.db, odd.id, 2.37, 1.13);
  await giveCapacityForDays(t, { days: 13, rides: 12 }); // most rides are tomorrow at 09:30
  await setValetRates(t.db);
  invalidatePricingCache();
});
afterAll(() => t.close());

async function rideQuote(overrides: Partial<QuoteInput> = {}, vehicleTypeId = fleet.sedan.id) {
  const res = await t.call("POST", "/api/quotes", { json: rideInput(vehicleTypeId, overrides) });
  if (res.status !== 200) throw new Error(`quote failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { quoteId: string; quote: { totalUsd: number } };
}

const book = (cookie: string, key: string, json: Record<string, unknown>) => t.call("POST", "/api/bookings", { cookie, json, headers: { "Idempotency-Key": key } });

const counts = async () => ({
  bookings: await countRows(t.db, bookings),
  tickets: await countRows(t.db, tickets),
  keys: await countRows(t.db, idempotencyKeys),
  payments: await countRows(t.db, payments),
});

/** The embedded provider's PaymentIntents made for one booking request (its key). */
const intentsFor = (key: string) =>
  t.db
    .select()
    .from(embeddedPaymentIntents)
    .where(sql`${embeddedPaymentIntents.metadata}->>'bookingKey' = ${key}`);

const chargeOf = (bookingId: string) => bookingCharge(t.db, bookingId);

describe("POST /api/bookings authorises the card", () => {
  it("authorises the quoted total to the cent before confirming, records the card, and the booking's paymentRef is the authorisation", async () => {
    const { cookie } = await t.userWithSession();
    const q = await rideQuote({}, odd.id);
    // 45.55 + 29.151 + 33.90 = 108.601: the quote's total in whole cents is what the card is asked for.
    expect(q.quote.totalUsd).toBe(108.6);
    const key = crypto.randomUUID();
    const res = await book(cookie, key, { service: "ride", paymentMethod: "pm_card_visa", quoteId: q.quoteId });
    expect(res.status).toBe(201);
    expect(res.body.payment).toEqual({ cardBrand: "visa", cardLast4: "4242", held: true });
    expect(res.body.booking.price).toBe(108.6);

    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.body.booking.id));
    const [intent] = await intentsFor(key);
    expect(row!.paymentRef).toBe(intent!.id);
    expect(intent).toMatchObject({ status: "requires_capture", amountCents: 10860, amountCapturableCents: 10860, paymentMethod: "pm_card_visa", currency: "usd" });
    expect(await chargeOf(row!.id)).toMatchObject({
      provider: "embedded",
      kind: "booking",
      intentId: intent!.id,
      status: "requires_capture",
      amountCents: 10860,
      capturedCents: 0,
      cardBrand: "visa",
      cardLast4: "4242",
      paymentMethod: "pm_card_visa",
      customerRef: null,
    });
  });

  it("charges other test cards' brands and last 4 digits (Mastercard, Amex)", async () => {
    const { cookie } = await t.userWithSession();
    for (const [pm, brand, last4] of [
      ["pm_card_mastercard", "mastercard", "4444"],
      ["pm_card_amex", "amex", "0005"],
    ]) {
      const res = await book(cookie, crypto.randomUUID(), { service: "ride", paymentMethod: pm!, quoteId: (await rideQuote()).quoteId });
      expect(res.status, pm).toBe(201);
      expect(res.body.payment).toEqual({ cardBrand: brand, cardLast4: last4, held: true });
      expect(await chargeOf(res.body.booking.id)).toMatchObject({ cardBrand: brand, cardLast4: last4, paymentMethod: pm, amountCents: 11190 });
    }
  });

  it("needs a card: a booking without paymentMethod is a 400 under the card field and writes nothing", async () => {
    const { cookie } = await t.userWithSession();
    const before = await counts();
    const res = await book(cookie, crypto.randomUUID(), { service: "ride", quoteId: (await rideQuote()).quoteId });
    expectFieldErrors(res, { paymentMethod: "Please enter a card." });
    const unknown = await book(cookie, crypto.randomUUID(), { service: "ride", paymentMethod: "pm_card_unheard_of", quoteId: (await rideQuote()).quoteId });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual({ code: "payment_method_invalid", message: PAYMENT_NOT_ACCEPTED_MESSAGE, fields: { paymentMethod: PAYMENT_NOT_ACCEPTED_MESSAGE } });
    expect(await counts()).toEqual(before);
  });

  it("answers a declined card with 402 and the provider's reason, books nothing, and lets the customer try another card", async () => {
    const { user, cookie } = await t.userWithSession();
    const quoteId = (await rideQuote()).quoteId;
    const before = await counts();
    const key = crypto.randomUUID();
    const res = await book(cookie, key, { service: "ride", paymentMethod: "pm_card_chargeDeclined", quoteId });
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({
      code: "card_declined",
      message: "Your card was declined.",
      fields: { paymentMethod: "Your card was declined." },
      declineCode: "generic_decline",
    });
    // No booking, no ticket, no payment record, and the key row released.
    expect(await counts()).toEqual(before);
    expect(await t.db.select().from(bookings).where(eq(bookings.userId, user.id))).toEqual([]);

    // The same request again: the same answer, still one declined attempt at the provider.
    const again = await book(cookie, key, { service: "ride", paymentMethod: "pm_card_chargeDeclined", quoteId });
    expect(again.status).toBe(402);
    expect(again.body).toEqual(res.body);
    expect(await intentsFor(key)).toHaveLength(1);

    const funds = await book(cookie, crypto.randomUUID(), { service: "ride", paymentMethod: "pm_card_chargeDeclinedInsufficientFunds", quoteId });
    expect(funds.status).toBe(402);
    expect(funds.body.error).toMatchObject({ code: "card_declined", message: "Your card has insufficient funds.", fields: { paymentMethod: "Your card has insufficient funds." } });
    expect(await counts()).toEqual(before);

    // Another card (the dialog makes a new key for it) books.
    const ok = await book(cookie, crypto.randomUUID(), { service: "ride", paymentMethod: "pm_card_visa", quoteId });
    expect(ok.status).toBe(201);
    expect(await t.db.select().from(bookings).where(eq(bookings.userId, user.id))).toHaveLength(1);
  });

  it("runs the card's authentication step: 402 with the intent, the customer's own test step, then the resend books on that intent", async () => {
    const { user, cookie } = await t.userWithSession();
    const other = await t.userWithSession();
    const quoteId = (await rideQuote()).quoteId;
    const key = crypto.randomUUID();
    const body = { service: "ride", paymentMethod: "pm_card_authenticationRequired", quoteId };
    const before = await counts();

    const first = await book(cookie, key, body);
    expect(first.status).toBe(402);
    expect(first.body.error).toMatchObject({ code: "authentication_required", message: AUTHENTICATION_REQUIRED_MESSAGE, paymentIntent: { id: expect.stringMatching(/^pi_/), clientSecret: null } });
    const intentId: string = first.body.error.paymentIntent.id;
    expect(await counts()).toEqual(before);

    // Resent before the step is done: still 402, nothing written.
    const early = await book(cookie, key, { ...body, paymentIntentId: intentId });
    expect(early.status).toBe(402);
    expect(early.body.error).toMatchObject({ code: "authentication_required", message: AUTHENTICATION_FAILED_MESSAGE, paymentIntent: { id: intentId } });

    // Only the customer it was authorised for may pass the step.
    const stranger = await t.call("POST", "/api/payments/test/authenticate", { cookie: other.cookie, json: { paymentIntentId: intentId } });
    expect(stranger.status).toBe(404);
    expect((await t.call("POST", "/api/payments/test/authenticate", { json: { paymentIntentId: intentId } })).status).toBe(401);
    const step = await t.call("POST", "/api/payments/test/authenticate", { cookie, json: { paymentIntentId: intentId } });
    expect(step.status).toBe(200);
    expect(step.body).toEqual({ paymentIntentId: intentId, status: "requires_capture" });

    // Another intent than the one this key authorised is refused.
    const foreign = await book(other.cookie, crypto.randomUUID(), { service: "ride", paymentMethod: "pm_card_authenticationRequired", quoteId });
    const foreignId: string = foreign.body.error.paymentIntent.id;
    const wrong = await book(cookie, key, { ...body, paymentIntentId: foreignId });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.code).toBe("payment_intent_mismatch");
    // Another customer cannot book on this customer's authenticated intent with their own key either.
    const hijack = await book(other.cookie, crypto.randomUUID(), { ...body, paymentIntentId: intentId });
    expect(hijack.status).toBe(422);

    const done = await book(cookie, key, { ...body, paymentIntentId: intentId });
    expect(done.status).toBe(201);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.userId, user.id));
    expect(row!.paymentRef).toBe(intentId);
    expect(await chargeOf(row!.id)).toMatchObject({ intentId, status: "requires_capture", amountCents: 11190, cardLast4: "3184", paymentMethod: "pm_card_authenticationRequired" });
    expect(await intentsFor(key)).toHaveLength(1);
    // Replayed afterwards, with or without the intent id: the same booking.
    const replay = await book(cookie, key, body);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(done.body);
  });

  it("makes exactly one booking and one authorisation from 50 concurrent retries with one key; every answer is the same or 409", async () => {
    const { user, cookie } = await t.userWithSession();
    const key = crypto.randomUUID();
    const body = { service: "ride", paymentMethod: "pm_card_visa", quoteId: (await rideQuote()).quoteId };
    const results = await Promise.all(Array.from({ length: 50 }, () => book(cookie, key, body)));

    const rows = await t.db.select().from(bookings).where(eq(bookings.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await t.db.select().from(tickets).where(eq(tickets.bookingId, rows[0]!.id))).toHaveLength(1);
    const intents = await intentsFor(key);
    expect(intents).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, rows[0]!.id))).toHaveLength(1);
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of results) {
      expect([201, 409]).toContain(r.status);
      if (r.status === 201) expect(r.body).toEqual(created[0]!.body);
      else expect(r.body.error.code).toBe("idempotency_in_progress");
    }
    expect(created.filter((r) => !r.headers.get("idempotent-replayed"))).toHaveLength(1);
    expect(rows[0]!.paymentRef).toBe(intents[0]!.id);
    // Retried once more after the storm: the same answer.
    const late = await book(cookie, key, body);
    expect(late.body).toEqual(created[0]!.body);
  });

  it("50 concurrent retries of a declined card: one declined attempt, the same 402 or 409, nothing booked", async () => {
    const { user, cookie } = await t.userWithSession();
    const key = crypto.randomUUID();
    const body = { service: "ride", paymentMethod: "pm_card_chargeDeclined", quoteId: (await rideQuote()).quoteId };
    const results = await Promise.all(Array.from({ length: 50 }, () => book(cookie, key, body)));
    expect(await t.db.select().from(bookings).where(eq(bookings.userId, user.id))).toEqual([]);
    expect(await intentsFor(key)).toHaveLength(1);
    const declined = results.filter((r) => r.status === 402);
    expect(declined.length).toBeGreaterThanOrEqual(1);
    for (const r of results) {
      expect([402, 409]).toContain(r.status);
      if (r.status === 402) expect(r.body).toEqual(declined[0]!.body);
    }
    expect(await t.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)))).toEqual([]);
  });

  it("authorises an event valet booking's total (held when the event is close)", async () => {
    const { cookie } = await t.userWithSession();
    const q = await t.call("POST", "/api/valet/quotes", {
      json: { customerName: "Avery Planner", eventType: "Corporate", date: laDate(2), startTime: "17:00", endTime: "22:00", eventPlaceId: FAKE_PLACES.hills.placeId, expectedVehicles: 40 },
    });
    expect(q.status).toBe(200);
    const key = crypto.randomUUID();
    const res = await book(cookie, key, { service: "valet", paymentMethod: "pm_card_visa", quoteId: q.body.quoteId });
    expect(res.status).toBe(201);
    expect(res.body.payment).toEqual({ cardBrand: "visa", cardLast4: "4242", held: true });
    const cents = toCents(q.body.quote.totalUsd);
    expect(await chargeOf(res.body.booking.id)).toMatchObject({ status: "requires_capture", amountCents: cents, paymentMethod: "pm_card_visa" });
    expect((await intentsFor(key))[0]).toMatchObject({ amountCents: cents, amountCapturableCents: cents, status: "requires_capture" });
  });

  it("a far-off service: authorised at booking, the hold released at once, the card kept for the re-authorisation", async () => {
    const { cookie } = await t.userWithSession();
    const q = await rideQuote({ date: laDate(12) });
    const key = crypto.randomUUID();
    const res = await book(cookie, key, { service: "ride", paymentMethod: "pm_card_mastercard", quoteId: q.quoteId });
    expect(res.status).toBe(201);
    expect(res.body.payment).toEqual({ cardBrand: "mastercard", cardLast4: "4444", held: false });
    const [intent] = await intentsFor(key);
    expect(intent).toMatchObject({ status: "canceled", amountCents: 11190, amountCapturableCents: 0, amountReceivedCents: 0 });
    const events = await t.db.select().from(embeddedPaymentEvents).where(eq(embeddedPaymentEvents.intentId, intent!.id)).orderBy(asc(embeddedPaymentEvents.id));
    expect(events.map((e) => e.type)).toEqual(["payment_intent.created", "payment_intent.amount_capturable_updated", "payment_intent.canceled"]);
    // What pay-lifecycle's job finds: the booking's charge, canceled, with the card to authorise again.
    expect(await chargeOf(res.body.booking.id)).toMatchObject({ intentId: intent!.id, status: "canceled", amountCents: 11190, paymentMethod: "pm_card_mastercard", cardBrand: "mastercard", cardLast4: "4444" });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.body.booking.id));
    expect(row!.paymentRef).toBe(intent!.id);

    // Replayed: the same answer, no second authorisation or release.
    const again = await book(cookie, key, { service: "ride", paymentMethod: "pm_card_mastercard", quoteId: q.quoteId });
    expect(again.body).toEqual(res.body);
    expect(await intentsFor(key)).toHaveLength(1);
  });

  it("tells the dialog which card step to show", async () => {
    expect((await t.call("GET", "/api/payments/config")).body).toEqual({ provider: "embedded", publishableKey: null });
  });
});
