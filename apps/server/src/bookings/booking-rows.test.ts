// insertBookingRows (one statement; createBooking writes through it) writes what the real create path writes: the same booking, timeline row,
// ticket, reminder job and stored answer; a card payment's record as recordPayment writes it; and nothing when
// the key is not this request's (taken, or no longer in progress) or the caller's transaction rolls back.
// On PGlite and on PostgreSQL (TEST_DATABASE_URL).
import { eq, sql } from "drizzle-orm";
import { chargeInStatement } from "../payments/charge-gate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingEvents, bookings, idempotencyKeys, jobs, payments, tickets } from "../db/schema";
import { recordPayment } from "../payments/payments.service";
import type { TestApp } from "../test/harness";
import { outboxFor } from "../test/helpers";
import { createFleetTestApp, laDate, rideInput, type TestFleet } from "../test/factories";
import { insertBookingRows, type BookingRowsInput } from "./booking-rows";
import { requestHash } from "../checkout/bookings.service";
import { TICKET_CODE_PATTERN } from "./ticket-code";

let t: TestApp;
let fleet: TestFleet;

// Each test books a ride at the same time: a chauffeur and a car for each.
beforeAll(async () => ({ t, fleet } = await createFleetTestApp({}, { capacity: { rides: 8 } })));
afterAll(() => t.close());

/** Everything written for one booking, with what differs from booking to booking (ids, times, codes, the key) taken out. */
async function written(bookingId: string) {
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId));
  const ticketRows = await t.db.select().from(tickets).where(eq(tickets.bookingId, bookingId));
  const jobRows = await t.db.select().from(jobs).where(sql`${jobs.payload}->>'bookingId' = ${bookingId}`);
  const [key] = await t.db.select().from(idempotencyKeys).where(sql`${idempotencyKeys.responseBody}->'booking'->>'id' = ${bookingId}`);
  const paymentRows = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  if (!booking || !key) throw new Error(`no booking ${bookingId}`);
  const { id: _id, createdAt: _c, updatedAt: _u, paymentRef: _p, ...bookingRest } = booking;
  return {
    booking: bookingRest,
    bookingTimes: booking.createdAt.getTime() === booking.updatedAt.getTime(),
    events: events.map(({ id: _i, bookingId: b, createdAt: _t, ...rest }) => ({ ...rest, sameBooking: b === bookingId })),
    tickets: ticketRows.map(({ id: _i, ticketCode, bookingId: b, createdAt: _t, updatedAt: _u2, ...rest }) => ({ ...rest, sameBooking: b === bookingId, code: TICKET_CODE_PATTERN.test(ticketCode) })),
    jobs: jobRows.map(({ id: _i, key: k, createdAt: _t, updatedAt: _u2, ...rest }) => ({ ...rest, key: k.replace(bookingId, "<id>"), payload: { ...rest.payload, bookingId: "<id>" } })),
    payments: paymentRows.map(({ id: _i, seq: _s, intentId: _n, bookingId: b, createdAt: _t, updatedAt: _u2, ...rest }) => ({ ...rest, sameBooking: b === bookingId })),
    key: { responseStatus: key.responseStatus, requestHash: key.requestHash.length },
    answer: key.responseBody as { booking: { id: string; createdAt: string }; ticket: { ticketCode: string } },
    ticketCode: ticketRows[0]?.ticketCode,
    createdAt: booking.createdAt.toISOString(),
    paymentRef: booking.paymentRef,
  };
}

/** A ride booked through POST /api/bookings (the real create path), three days out so its reminder job is written. */
async function bookedToday() {
  const { user, cookie } = await t.userWithSession({ fullName: "Grace Hopper", phone: "3105550101" });
  const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: laDate(3), time: "18:45", passengers: 2, luggage: 1 }) });
  expect(q.status).toBe(200);
  const key = crypto.randomUUID();
  const res = await t.call("POST", "/api/bookings", { cookie, json: { service: "ride", quoteId: q.body.quoteId, paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": key } });
  expect(res.status).toBe(201);
  return { user, quoteId: q.body.quoteId as string, bookingId: res.body.booking.id as string, answer: res.body };
}

/** The same booking's input for insertBookingRows, from the row today's code wrote. */
async function inputLike(bookingId: string, user: { id: string; name: string; role?: string | null }, key: string, quoteId: string): Promise<BookingRowsInput> {
  const [b] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const intent = await t.deps.payments.authorize({ amountCents: Math.round(b!.price! * 100), paymentMethod: "pm_card_visa", metadata: { userId: user.id, bookingKey: key } }, `booking:${user.id}:${key}:authorize`);
  return {
    userId: user.id,
    key,
    claim: "insert",
    requestHash: requestHash({ service: "ride", quoteId, paymentMethod: "pm_card_visa" }),
    booking: {
      service: b!.service as "ride",
      bookingDate: b!.bookingDate,
      name: b!.name,
      email: b!.email,
      phone: b!.phone,
      price: b!.price!,
      vehicleTypeId: b!.vehicleTypeId,
      details: b!.details,
      paymentRef: intent.id,
      pickupAt: b!.pickupAt,
    },
    actor: { id: user.id, name: user.name, role: user.role ?? "user" },
    reminderLeadHours: 24,
    paymentInsert: (booking) => chargeInStatement(t.deps.payments.kind, intent, booking, { paymentMethod: "pm_card_visa" }),
    answerPayment: { cardBrand: intent.card?.brand ?? null, cardLast4: intent.card?.last4 ?? null, held: true },
  };
}

describe("insertBookingRows", () => {
  it("writes the same rows as the real create path, and stores the answer it returns", async () => {
    const today = await bookedToday();
    const before = await written(today.bookingId);
    // What the real path (POST /api/bookings, through insertBookingRows) wrote, as a user or the staff would see it.
    expect(before.booking).toMatchObject({ userId: today.user.id, service: "ride", status: "pending", name: "Grace Hopper", phone: "3105550101" });
    expect(before.events).toEqual([expect.objectContaining({ fromStatus: null, toStatus: "pending", note: "Booked", actorId: today.user.id, sameBooking: true })]);
    expect(before.tickets).toEqual([expect.objectContaining({ status: "active", sameBooking: true, code: true })]);
    expect(before.jobs).toEqual([expect.objectContaining({ kind: "ride.reminder" })]); // the reminder is part of the comparison
    expect(before.payments).toEqual([expect.objectContaining({ kind: "booking", status: "requires_capture", paymentMethod: "pm_card_visa", cardLast4: "4242", sameBooking: true })]);
    expect(before.answer).toEqual(today.answer);
    expect(today.answer.payment).toEqual({ cardBrand: "visa", cardLast4: "4242", held: true });

    const key = crypto.randomUUID();
    const answer = await insertBookingRows(t.db, await inputLike(today.bookingId, today.user, key, today.quoteId));
    expect(answer).not.toBeNull();
    const after = await written(answer!.booking.id);

    const { answer: storedToday, ticketCode: _a, createdAt: _b, paymentRef: _c, ...sameToday } = before;
    const { answer: storedNew, ticketCode, createdAt, paymentRef, ...sameNew } = after;
    expect(sameNew).toEqual(sameToday);
    expect(paymentRef).toMatch(/\S/);
    // The answer has today's shape, and is what was stored with the key and written in the rows.
    expect(Object.keys(answer!.booking).sort()).toEqual(Object.keys(storedToday.booking).sort());
    expect(answer).toEqual({ ...today.answer, booking: { ...today.answer.booking, id: answer!.booking.id, createdAt }, ticket: { ...today.answer.ticket, ticketCode } });
    expect(storedNew).toEqual(answer);
  });

  it("writes nothing for a key another request holds, and answers null (the caller replays the stored answer)", async () => {
    const today = await bookedToday();
    // With its confirmation e-mail written by the same statement: one e-mail for the one booking.
    const to = `rows-${crypto.randomUUID()}@example.com`;
    const mail = (ticketCode: string) => t.deps.mailer.inStatement({ to, subject: `Booking Confirmed! Ticket ${ticketCode}`, text: ticketCode });
    const input = { ...(await inputLike(today.bookingId, today.user, crypto.randomUUID(), today.quoteId)), mail };
    const first = await insertBookingRows(t.db, input);
    // (every e-mail ends with the company's signature)
    expect((await outboxFor(t.db, to)).map((m) => m.text.split("\n")[0])).toEqual([first!.ticket.ticketCode]);
    const count = async () => (await t.db.select().from(bookings).where(eq(bookings.userId, today.user.id))).length;
    const n = await count();
    // Many at once with the same key: still one booking, and no other e-mail.
    const again = await Promise.all(Array.from({ length: 10 }, () => insertBookingRows(t.db, input)));
    expect(again).toEqual(Array(10).fill(null));
    expect(await count()).toBe(n);
    expect(await outboxFor(t.db, to)).toHaveLength(1);
    const [key] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, input.key));
    expect(key!.responseBody).toEqual(first);
  });

  it("completes a key claimed before (decision 011) once, and records the card payment as recordPayment does", async () => {
    const today = await bookedToday();
    const key = crypto.randomUUID();
    const hash = requestHash({ service: "ride", quoteId: today.quoteId, paymentMethod: "pm_card_visa" });
    await t.db.insert(idempotencyKeys).values({ userId: today.user.id, key, requestHash: hash }); // "in progress"
    const input: BookingRowsInput = { ...(await inputLike(today.bookingId, today.user, key, today.quoteId)), claim: "complete" };
    const intent = await t.deps.payments.retrieve(input.booking.paymentRef!);

    const [answer, second] = [await insertBookingRows(t.db, input), await insertBookingRows(t.db, input)];
    expect(answer).not.toBeNull();
    expect(second).toBeNull(); // no longer in progress
    const [key2] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(key2).toMatchObject({ responseStatus: 201, responseBody: answer, requestHash: hash });
    expect(await t.db.select().from(bookings).where(eq(bookings.paymentRef, intent.id))).toHaveLength(1);

    const [mine] = await t.db.select().from(payments).where(eq(payments.intentId, intent.id));
    // recordPayment's row for the same intent (written again over it) has the same values.
    const theirs = await recordPayment(t.db, t.deps.payments.kind, intent, answer!.booking.id);
    const strip = ({ id: _i, createdAt: _c, updatedAt: _u, paymentMethod: _m, ...rest }: typeof mine & object) => rest;
    expect(strip(mine!)).toEqual(strip(theirs));
    expect(mine).toMatchObject({ bookingId: answer!.booking.id, kind: "booking", status: "requires_capture", amountCents: intent.amountCents, cardLast4: "4242", paymentMethod: "pm_card_visa" });
  });

  it("leaves nothing behind when the caller's transaction rolls back (e.g. the coupon's last use went to someone else)", async () => {
    const today = await bookedToday();
    const input = await inputLike(today.bookingId, today.user, crypto.randomUUID(), today.quoteId);
    let booked: string | undefined;
    await expect(
      t.db.transaction(async (tx) => {
        booked = (await insertBookingRows(tx, input))!.booking.id;
        throw new Error("coupon used up");
      }),
    ).rejects.toThrow("coupon used up");
    expect(booked).toBeDefined();
    expect(await t.db.select().from(bookings).where(eq(bookings.id, booked!))).toEqual([]);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, input.key))).toEqual([]);
    expect(await t.db.select().from(jobs).where(sql`${jobs.payload}->>'bookingId' = ${booked!}`)).toEqual([]);
  });
});
