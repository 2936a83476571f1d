import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_TO_BOOK_MESSAGE, type QuoteInput } from "@meridian/shared/booking";
import { bookings, idempotencyKeys, rideRateCards, tickets } from "../db/schema";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { signQuoteToken, verifyQuoteToken, type QuoteClaims } from "../quotes/quote-token";
import type { TestApp } from "../test/harness";
import { countRows, outboxFor } from "../test/helpers";
import { createFleetTestApp, laDate, rideInput, type TestFleet } from "../test/factories";
import { TICKET_CODE_PATTERN } from "./ticket-code";

let t: TestApp;
let fleet: TestFleet;

// Every test's ride is tomorrow at 09:30: a chauffeur and a car for each.
beforeAll(async () => ({ t, fleet } = await createFleetTestApp({}, { capacity: { rides: 16 } })));
afterAll(() => t.close());

async function quoteId(overrides: Partial<QuoteInput> = {}): Promise<string> {
  const res = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, overrides) });
  if (res.status !== 200) throw new Error(`quote failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.quoteId;
}

function book(cookie: string | undefined, key: string | undefined, json: unknown) {
  return t.call("POST", "/api/bookings", { cookie, json, headers: key === undefined ? {} : { "Idempotency-Key": key } });
}

/** A new customer's booking of a fresh quote with an Idempotency-Key (201): what a replay of that key answers again. */
async function firstBooking() {
  const { cookie } = await t.userWithSession();
  const key = crypto.randomUUID();
  const body = { service: "ride", paymentMethod: "pm_card_visa", quoteId: await quoteId() };
  const first = await book(cookie, key, body);
  expect(first.status).toBe(201);
  return { cookie, key, body, first };
}

const counts = async () => ({
  bookings: await countRows(t.db, bookings),
  tickets: await countRows(t.db, tickets),
  keys: await countRows(t.db, idempotencyKeys),
});

async function waitFor<T>(fn: () => Promise<T | undefined>, ms = 2000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("POST /api/bookings", () => {
  it("needs sign-in, with the spec's message, and writes nothing", async () => {
    const before = await counts();
    const res = await book(undefined, crypto.randomUUID(), { service: "ride", paymentMethod: "pm_card_visa", quoteId: await quoteId() });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe(LOGIN_TO_BOOK_MESSAGE);
    expect(await counts()).toEqual(before);
  });

  it("books a ride: booking + ticket + e-mail, priced on the server", async () => {
    const { user, cookie } = await t.userWithSession({ fullName: "Ada Lovelace", phone: "3105550100" });
    const key = crypto.randomUUID();
    const res = await book(cookie, key, { service: "ride", paymentMethod: "pm_card_visa", quoteId: await quoteId({ passengers: 2, luggage: 1 }) });
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    const { booking, ticket } = res.body;
    expect(booking).toEqual({ id: expect.any(String), service: "ride", bookingDate: laDate(1), status: "pending", price: 111.9, createdAt: expect.any(String) });
    expect(ticket).toEqual({ ticketCode: expect.stringMatching(TICKET_CODE_PATTERN), status: "active" });

    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      userId: user.id,
      service: "ride",
      status: "pending",
      name: "Ada Lovelace",
      email: user.email,
      phone: "3105550100",
      price: 111.9,
      vehicleTypeId: fleet.sedan.id,
      paymentRef: expect.stringMatching(/^pi_/),
    });
    expect(row!.details).toMatchObject({
      pickup: { placeId: "test:airport", name: "Test Airport" },
      dropoff: { placeId: "test:hills", name: "Test Hills Hotel" },
      passengers: 2,
      luggage: 1,
      date: laDate(1),
      time: "09:30",
      miles: 12.3,
      minutes: 30,
      quote: { totalUsd: 111.9, lines: [{ kind: "base" }, { kind: "distance" }, { kind: "time" }] },
    });
    const [tk] = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
    expect(tk!.ticketCode).toBe(ticket.ticketCode);

    const mail = await waitFor(async () => (await outboxFor(t.db, user.email))[0]);
    expect(mail.subject).toContain(ticket.ticketCode);
    expect(mail.text).toContain("Pickup: Test Airport");
    expect(mail.text).toContain("Dropoff: Test Hills Hotel");
    expect(mail.text).toContain(`Date: ${laDate(1)} at 9:30 AM (Los Angeles time)`);
    expect(mail.text).toContain("Base fee: $45.00");
    expect(mail.text).toContain("12.3 mi × $3.00: $36.90");
    expect(mail.text).toContain("30 min × $1.00: $30.00");
    expect(mail.text).toContain("Total: $111.90");
  });

  it("replays the first answer for the same key and body, and refuses the key with another body", async () => {
    const { cookie, key, body, first } = await firstBooking();
    const before = await counts();

    const again = await book(cookie, key, body);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);

    const other = await book(cookie, key, { service: "ride", paymentMethod: "pm_card_visa", quoteId: await quoteId({ passengers: 2 }) });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("idempotency_mismatch");
    const withRef = await book(cookie, key, { ...body, paymentRef: "something-else" });
    expect(withRef.status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it("replays a booking's answer even once its quote no longer holds (the price changed since)", async () => {
    const { cookie, key, body, first } = await firstBooking();
    await t.db.update(rideRateCards).set({ perMinuteUsd: 2 }).where(eq(rideRateCards.vehicleTypeId, fleet.sedan.id));
    invalidatePricingCache();
    try {
      const before = await counts();
      const again = await book(cookie, key, body);
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.body).toEqual(first.body);
      // Another body under the key is still refused as such, not as a changed quote.
      const other = await book(cookie, key, { ...body, paymentMethod: "pm_card_mastercard" });
      expect(other.status).toBe(422);
      expect(other.body.error.code).toBe("idempotency_mismatch");
      expect(await counts()).toEqual(before);
    } finally {
      await t.db.update(rideRateCards).set({ perMinuteUsd: 1 }).where(eq(rideRateCards.vehicleTypeId, fleet.sedan.id));
      invalidatePricingCache();
    }
  });

  it("keeps keys per user: another customer's same key makes their own booking", async () => {
    const a = await t.userWithSession();
    const b = await t.userWithSession();
    const key = crypto.randomUUID();
    const body = { service: "ride", paymentMethod: "pm_card_visa", quoteId: await quoteId() };
    const ra = await book(a.cookie, key, body);
    const rb = await book(b.cookie, key, body);
    expect(ra.status).toBe(201);
    expect(rb.status).toBe(201);
    expect(rb.body.booking.id).not.toBe(ra.body.booking.id);
    expect(rb.body.ticket.ticketCode).not.toBe(ra.body.ticket.ticketCode);
  });

  it("refuses forged, tampered, foreign-signed and expired quote ids with a 4xx, writing nothing", async () => {
    const { cookie } = await t.userWithSession();
    const real = await quoteId();
    const claims = (verifyQuoteToken(t.deps.config.authSecret, real) as { claims: QuoteClaims }).claims;
    const [payload, sig] = real.split(".");
    const cheaper = Buffer.from(Buffer.from(payload!, "base64url").toString().replace(`,${claims.totalUsd},`, ",1,")).toString("base64url");
    expect(cheaper).not.toBe(payload);
    const before = await counts();

    const cases: [string, string][] = [
      ["garbage", "invalid_quote"],
      [`${cheaper}.${sig}`, "invalid_quote"],
      [`${payload}.${sig!.slice(0, -2)}AA`, "invalid_quote"],
      [`${payload}`, "invalid_quote"],
      [signQuoteToken("another-secret-another-secret-another-secret", claims), "invalid_quote"],
      [signQuoteToken(t.deps.config.authSecret, { ...claims, exp: Math.floor(Date.now() / 1000) - 1 }), "quote_expired"],
    ];
    for (const [id, code] of cases) {
      const res = await book(cookie, crypto.randomUUID(), { service: "ride", paymentMethod: "pm_card_visa", quoteId: id });
      expect(res.status, id).toBe(400);
      expect(res.body.error.code, id).toBe(code);
      expect(res.body.error.fields).toHaveProperty("quoteId");
    }
    // A correctly signed quote for a date that has passed is re-validated too.
    const stale = signQuoteToken(t.deps.config.authSecret, { ...claims, date: laDate(-1) });
    const res = await book(cookie, crypto.randomUUID(), { service: "ride", paymentMethod: "pm_card_visa", quoteId: stale });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.date).toMatch(/^Date cannot be before today\. The earliest bookable time is /);
    expect(await counts()).toEqual(before);
  });

  it("re-prices with live data: a changed price is a 409 and the key stays usable for the new quote", async () => {
    const { cookie } = await t.userWithSession();
    const key = crypto.randomUUID();
    const old = await quoteId();
    await t.db.update(rideRateCards).set({ perMinuteUsd: 2 }).where(eq(rideRateCards.vehicleTypeId, fleet.sedan.id));
    invalidatePricingCache();
    try {
      const before = await counts();
      const res = await book(cookie, key, { service: "ride", paymentMethod: "pm_card_visa", quoteId: old });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: "quote_changed", message: "The price has changed. Please review the new quote." });
      expect(await counts()).toEqual(before);

      const fresh = await book(cookie, key, { service: "ride", paymentMethod: "pm_card_visa", quoteId: await quoteId() });
      expect(fresh.status).toBe(201);
      expect(fresh.body.booking.price).toBe(141.9);
    } finally {
      await t.db.update(rideRateCards).set({ perMinuteUsd: 1 }).where(eq(rideRateCards.vehicleTypeId, fleet.sedan.id));
      invalidatePricingCache();
    }
  });

  it("re-checks the vehicle: a quote for a vehicle retired since is refused", async () => {
    const { cookie } = await t.userWithSession();
    const id = await t.call("POST", "/api/quotes", { json: rideInput(fleet.suv.id) });
    await t.db.update(rideRateCards).set({ active: false }).where(eq(rideRateCards.vehicleTypeId, fleet.suv.id));
    invalidatePricingCache();
    try {
      const res = await book(cookie, crypto.randomUUID(), { service: "ride", paymentMethod: "pm_card_visa", quoteId: id.body.quoteId });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("no_rate_card");
    } finally {
      await t.db.update(rideRateCards).set({ active: true }).where(eq(rideRateCards.vehicleTypeId, fleet.suv.id));
      invalidatePricingCache();
    }
  });

  it("needs an Idempotency-Key and a well-formed body; malformed requests are 4xx and write nothing", async () => {
    const { cookie } = await t.userWithSession();
    const good = { service: "ride", paymentMethod: "pm_card_visa", quoteId: await quoteId() };
    const before = await counts();
    const missing = await book(cookie, undefined, good);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("idempotency_key_required");
    expect((await book(cookie, "", good)).status).toBe(400);
    expect((await book(cookie, "k".repeat(201), good)).status).toBe(400);

    const bodies: unknown[] = [
      {},
      { service: "limo", quoteId: good.quoteId },
      { service: "ride" },
      { service: "ride", paymentMethod: "pm_card_visa", quoteId: "" },
      { service: "ride", paymentMethod: "pm_card_visa", quoteId: 42 },
      { ...good, price: 1 },
      { ...good, paymentRef: "x".repeat(201) },
      [],
      null,
    ];
    for (const json of bodies) {
      const res = await book(cookie, crypto.randomUUID(), json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    const notJson = await t.call("POST", "/api/bookings", { cookie, body: "{oops", headers: { "Idempotency-Key": "k1" } });
    expect(notJson.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("makes exactly one booking from 50 concurrent requests with one key", async () => {
    const { user, cookie } = await t.userWithSession();
    const key = crypto.randomUUID();
    const body = { service: "ride", paymentMethod: "pm_card_visa", quoteId: await quoteId() };
    const results = await Promise.all(Array.from({ length: 50 }, () => book(cookie, key, body)));

    const rows = await t.db.select().from(bookings).where(eq(bookings.userId, user.id));
    expect(rows).toHaveLength(1);
    const ticketRows = await t.db.select().from(tickets).where(eq(tickets.bookingId, rows[0]!.id));
    expect(ticketRows).toHaveLength(1);
    for (const r of results) {
      expect([201, 409]).toContain(r.status);
      if (r.status === 201) {
        expect(r.body.booking.id).toBe(rows[0]!.id);
        expect(r.body.ticket.ticketCode).toBe(ticketRows[0]!.ticketCode);
      } else {
        expect(r.body.error.code).toBe("idempotency_in_progress");
      }
    }
    expect(results.filter((r) => r.status === 201 && !r.headers.get("idempotent-replayed"))).toHaveLength(1);
  });
});

describe("GET /api/me/bookings and /api/me/tickets", () => {
  it("shows each customer only their own bookings and tickets", async () => {
    const a = await t.userWithSession();
    const b = await t.userWithSession();
    const a1 = await book(a.cookie, crypto.randomUUID(), { service: "ride", paymentMethod: "pm_card_visa", quoteId: await quoteId() });
    const a2 = await book(a.cookie, crypto.randomUUID(), { service: "ride", paymentMethod: "pm_card_visa", quoteId: await quoteId({ passengers: 3 }) });
    const b1 = await book(b.cookie, crypto.randomUUID(), { service: "ride", paymentMethod: "pm_card_visa", quoteId: await quoteId() });

    const aBookings = await t.call("GET", "/api/me/bookings", { cookie: a.cookie });
    expect(aBookings.status).toBe(200);
    // (the list's order, upcoming by pickup time, is the customer list's own test in me/me.test.ts)
    expect(aBookings.body.bookings.map((x: { id: string }) => x.id).sort()).toEqual([a2.body.booking.id, a1.body.booking.id].sort());
    const aTickets = await t.call("GET", "/api/me/tickets", { cookie: a.cookie });
    expect(aTickets.body.tickets.map((x: { ticketCode: string }) => x.ticketCode).sort()).toEqual(
      [a1.body.ticket.ticketCode, a2.body.ticket.ticketCode].sort(),
    );

    const bBookings = await t.call("GET", "/api/me/bookings", { cookie: b.cookie });
    expect(bBookings.body.bookings.map((x: { id: string }) => x.id)).toEqual([b1.body.booking.id]);
    const bTickets = await t.call("GET", "/api/me/tickets", { cookie: b.cookie });
    expect(bTickets.body.tickets).toEqual([
      expect.objectContaining({ ticketCode: b1.body.ticket.ticketCode, bookingId: b1.body.booking.id, service: "ride", status: "active" }),
    ]);
    expect(JSON.stringify(bBookings.body) + JSON.stringify(bTickets.body)).not.toContain(a1.body.ticket.ticketCode);
    expect(JSON.stringify(bBookings.body)).not.toContain(a1.body.booking.id);

    expect((await t.call("GET", "/api/me/bookings")).status).toBe(401);
    expect((await t.call("GET", "/api/me/tickets")).status).toBe(401);
  });
});
