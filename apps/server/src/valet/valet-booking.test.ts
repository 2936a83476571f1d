// Event valet through the API: quotes priced from the published card (hand-computed totals), publish,
// valet bookings (idempotent, e-mail with .ics, realtime), refused quote ids and every bad input.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_ADDRESS_MESSAGE, QUOTE_CHANGED_MESSAGE, QUOTE_EXPIRED_MESSAGE, QUOTE_INVALID_MESSAGE, serviceAreaDateTime } from "@meridian/shared/booking";
import { DATE_FORMAT_MESSAGE } from "@meridian/shared/booking-time";
import { VALET_MESSAGES, type ValetQuoteInput } from "@meridian/shared/valet";
import { setValetRates } from "../seed/factories";
import { auditLogs, bookings, idempotencyKeys, tickets } from "../db/schema";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { signValetQuoteToken, verifyValetQuoteToken } from "../quotes/quote-token";
import type { RealtimeEvent } from "../realtime/bus";
import { FAKE_PLACES } from "../test/fake-geo";
import type { TestApp } from "../test/harness";
import { countRows, outboxFor } from "../test/helpers";
import { createFleetTestApp, laDate, rideInput, TEST_VALET_RATES, type TestFleet, valetEventInput } from "../test/factories";
import { TICKET_CODE_PATTERN } from "../bookings/ticket-code";

let t: TestApp;
let fleet: TestFleet;
let admin: { cookie: string };

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp({}, { capacity: {} }));
  admin = await t.userWithSession({ role: "admin" });
});
afterAll(() => t.close());

const event = (overrides: Partial<ValetQuoteInput> & Record<string, unknown> = {}) =>
  valetEventInput({ eventType: "Wedding", endTime: "22:00", expectedVehicles: 60, notes: "Gate code 4412", ...overrides });

const quote = (json: unknown) => t.call("POST", "/api/valet/quotes", { json });
async function valetQuoteId(overrides: Partial<ValetQuoteInput> = {}): Promise<string> {
  const res = await quote(event(overrides));
  if (res.status !== 200) throw new Error(`valet quote failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.quoteId;
}
const book = (cookie: string | undefined, key: string, json: unknown) => t.call("POST", "/api/bookings", { cookie, json, headers: { "Idempotency-Key": key } });
const counts = async () => ({ bookings: await countRows(t.db, bookings), tickets: await countRows(t.db, tickets), keys: await countRows(t.db, idempotencyKeys) });

describe("POST /api/valet/quotes", () => {
  it("says valet cannot be quoted online until a card is published", async () => {
    const res = await quote(event());
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("valet_unavailable");
    await setValetRates(t.db, TEST_VALET_RATES);
    invalidatePricingCache();
  });

  it.each([
    // 3 attendants (60 / 25 rounded up), 5 h: 100 + 3 x 5 x 30 + wedding 80
    ["a wedding, 17:00-22:00, 60 cars", {}, { total: 630, attendants: 3, hours: 5, lines: [100, 450, 80] }],
    // 40 cars by default -> 2 attendants, 2.5 h billed as the 4 h minimum: 100 + 2 x 4 x 30
    ["a short corporate event, vehicles left empty", { eventType: "Corporate", startTime: "09:00", endTime: "11:30", expectedVehicles: null }, { total: 340, attendants: 2, hours: 4, lines: [100, 240] }],
    // 101 cars -> 5 attendants; 3.75 h -> 4 h; 1.75 h after 22:00 at $10: 100 + 600 + 87.50 + party 25
    ["a late private party, 101 cars", { eventType: "Private Party", startTime: "20:00", endTime: "23:45", expectedVehicles: 101 }, { total: 812.5, attendants: 5, hours: 4, lines: [100, 600, 87.5, 25] }],
    // 10 cars -> the 2-attendant minimum; 4.75 h; 1 h late: 100 + 2 x 4.75 x 30 + 2 x 1 x 10
    ["an 'Other' event, 18:15-23:00, 10 cars", { eventType: "Other", eventTypeOther: "Product launch", startTime: "18:15", endTime: "23:00", expectedVehicles: 10 }, { total: 405, attendants: 2, hours: 4.75, lines: [100, 285, 20] }],
  ] as const)("prices %s from the published card", async (_name, overrides, expected) => {
    const res = await quote(event(overrides as Partial<ValetQuoteInput>));
    expect(res.status).toBe(200);
    const q = res.body.quote;
    expect(q.totalUsd).toBe(expected.total);
    expect(q.attendants).toBe(expected.attendants);
    expect(q.billableHours).toBe(expected.hours);
    expect(q.lines.map((l: { amountUsd: number }) => l.amountUsd)).toEqual(expected.lines);
    expect(res.body.eventPlace).toEqual({ placeId: FAKE_PLACES.hills.placeId, name: FAKE_PLACES.hills.name, address: FAKE_PLACES.hills.address });
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    const verified = verifyValetQuoteToken(t.deps.config.authSecret, res.body.quoteId);
    expect(verified.ok && verified.claims.totalUsd).toBe(expected.total);
  });

  it("labels each line of the quote", async () => {
    const res = await quote(event({ eventType: "Private Party", startTime: "20:00", endTime: "23:45", expectedVehicles: 101 }));
    expect(res.body.quote.lines.map((l: { label: string }) => l.label)).toEqual([
      "Event base fee",
      "5 attendants × 4 h × $30.00",
      "After 10:00 PM: 5 attendants × 1.75 h × $10.00",
      "Private Party surcharge",
    ]);
  });

  it("answers every bad input with a 400 and the spec's message on the field", async () => {
    const cases: [string, Record<string, unknown>, string, string | RegExp][] = [
      ["end before start", { startTime: "20:00", endTime: "18:00" }, "endTime", VALET_MESSAGES.endAfterStart],
      ["end equal to start", { startTime: "20:00", endTime: "20:00" }, "endTime", VALET_MESSAGES.endAfterStart],
      ["start off the 15-minute steps", { startTime: "17:10" }, "startTime", VALET_MESSAGES.timeStep],
      ["end off the 15-minute steps", { endTime: "21:59" }, "endTime", VALET_MESSAGES.timeStep],
      ["an end past midnight (a day or longer)", { endTime: "24:00" }, "endTime", VALET_MESSAGES.timeRequired],
      ["a missing time", { startTime: "" }, "startTime", VALET_MESSAGES.timeRequired],
      ["a past date", { date: laDate(-1) }, "date", /^Date cannot be before today\. The earliest bookable time is \w{3}, \w{3} \d+ at \d+:\d{2} [AP]M\.$/],
      ["no date", { date: "" }, "date", VALET_MESSAGES.dateRequired],
      ["a date that does not exist", { date: "2031-02-30" }, "date", DATE_FORMAT_MESSAGE],
      ["later today, inside the 24 hours' notice", { date: laDate(0), startTime: "23:30", endTime: "23:45" }, "startTime", /^(Valet events need at least 24 hours' notice|This time has already passed)\. The earliest bookable time is /],
      ["'Other' without a description", { eventType: "Other", eventTypeOther: "  " }, "eventTypeOther", VALET_MESSAGES.eventTypeOther],
      ["an unknown event type", { eventType: "Rave" }, "eventType", VALET_MESSAGES.eventType],
      ["0 vehicles", { expectedVehicles: 0 }, "expectedVehicles", VALET_MESSAGES.expectedVehicles],
      ["negative vehicles", { expectedVehicles: -5 }, "expectedVehicles", VALET_MESSAGES.expectedVehicles],
      ["fractional vehicles", { expectedVehicles: 12.5 }, "expectedVehicles", VALET_MESSAGES.expectedVehicles],
      ["vehicles as text", { expectedVehicles: "40" }, "expectedVehicles", VALET_MESSAGES.expectedVehicles],
      ["an absurd number of vehicles", { expectedVehicles: 2001 }, "expectedVehicles", VALET_MESSAGES.expectedVehiclesMax],
      ["no customer name", { customerName: " " }, "customerName", VALET_MESSAGES.customerName],
      ["no address", { eventPlaceId: "" }, "eventPlaceId", VALET_MESSAGES.eventAddress],
      ["an address not from the suggestions", { eventPlaceId: "typed: 1 Main St" }, "eventPlaceId", INVALID_ADDRESS_MESSAGE],
      ["a price sent by the client", { totalUsd: 1 }, "totalUsd", "Unknown field."],
    ];
    for (const [name, overrides, field, message] of cases) {
      const res = await quote(event(overrides));
      expect(res.status, name).toBe(400);
      if (message instanceof RegExp) expect(res.body.error.fields?.[field], name).toMatch(message);
      else expect(res.body.error.fields?.[field], name).toBe(message);
    }
    expect((await t.call("POST", "/api/valet/quotes", { body: "{nope" })).status).toBe(400);
  });

  it("is public; the admin valet routes are admin-only", async () => {
    const customer = await t.userWithSession();
    expect((await t.call("GET", "/api/admin/pricing/valet")).status).toBe(401);
    expect((await t.call("GET", "/api/admin/pricing/valet", { cookie: customer.cookie })).status).toBe(403);
    expect((await t.call("PUT", "/api/admin/pricing/valet", { cookie: customer.cookie, json: TEST_VALET_RATES })).status).toBe(403);
  });
});

describe("valet rates: draft, publish, simulate", () => {
  it("saves a draft without changing quotes; Publish Changes makes the next quote use it, audited", async () => {
    const before = await quote(event());
    expect(before.body.quote.totalUsd).toBe(630);

    const draft = { ...TEST_VALET_RATES, attendantHourlyUsd: 40, eventTypeSurchargesUsd: { ...TEST_VALET_RATES.eventTypeSurchargesUsd, Wedding: 120 } };
    const saved = await t.call("PUT", "/api/admin/pricing/valet", { cookie: admin.cookie, json: draft });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ draft, published: TEST_VALET_RATES, unpublished: true });
    expect((await quote(event())).body.quote.totalUsd).toBe(630);

    // The simulator prices the draft or the published card with the same rule.
    const sim = (rates: string) =>
      t.call("POST", "/api/admin/pricing/simulate-valet", { cookie: admin.cookie, json: { rates, eventType: "Wedding", startTime: "17:00", endTime: "22:00", expectedVehicles: 60 } });
    expect((await sim("draft")).body.quote.totalUsd).toBe(820); // 100 + 3 x 5 x 40 + 120
    expect((await sim("published")).body.quote.totalUsd).toBe(630);

    const published = await t.call("POST", "/api/admin/pricing/publish", { cookie: admin.cookie, json: { method: "miles_minutes" } });
    expect(published.status).toBe(200);
    expect(published.body.valetPublished).toBe(true);
    expect((await quote(event())).body.quote.totalUsd).toBe(820);
    expect((await t.call("GET", "/api/admin/pricing/valet", { cookie: admin.cookie })).body).toEqual({ draft, published: draft, unpublished: false });

    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entity, "valet_rate_card"));
    expect(audit.map((a) => a.action).sort()).toEqual(["valet_rates.publish", "valet_rates.save_draft"]);
    // Only what changed: the hourly rate and the surcharges (the whole table of them).
    expect(audit.find((a) => a.action === "valet_rates.publish")).toMatchObject({
      before: { attendantHourlyUsd: TEST_VALET_RATES.attendantHourlyUsd, eventTypeSurchargesUsd: TEST_VALET_RATES.eventTypeSurchargesUsd },
      after: { attendantHourlyUsd: 40, eventTypeSurchargesUsd: draft.eventTypeSurchargesUsd },
    });

    // Publishing again with nothing new changes nothing.
    const again = await t.call("POST", "/api/admin/pricing/publish", { cookie: admin.cookie, json: { method: "miles_minutes" } });
    expect(again.body.valetPublished).toBe(false);

    await setValetRates(t.db, TEST_VALET_RATES);
    invalidatePricingCache();
  });

  it("refuses a bad card with 400 and the field's message", async () => {
    for (const [patch, field] of [
      [{ vehiclesPerAttendant: 0 }, "vehiclesPerAttendant"],
      [{ minimumAttendants: 1.5 }, "minimumAttendants"],
      [{ attendantHourlyUsd: -1 }, "attendantHourlyUsd"],
      [{ eventBaseFeeUsd: 10.005 }, "eventBaseFeeUsd"],
      [{ minimumHours: 4.1 }, "minimumHours"],
      [{ lateAfter: "22:10" }, "lateAfter"],
      [{ eventTypeSurchargesUsd: { Wedding: 1 } }, "eventTypeSurchargesUsd.Corporate"],
    ] as const) {
      const res = await t.call("PUT", "/api/admin/pricing/valet", { cookie: admin.cookie, json: { ...TEST_VALET_RATES, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error.fields?.[field], JSON.stringify(patch)).toBeTruthy();
    }
  });
});

describe("POST /api/bookings with service valet", () => {
  it("books the event: booking, ticket, event details, confirmation e-mail with an .ics, realtime event", async () => {
    const { user, cookie } = await t.userWithSession({ fullName: "Jordan Host" });
    const events: RealtimeEvent[] = [];
    const stop = t.deps.bus.subscribe((e) => events.push(e));
    const quoteId = await valetQuoteId();
    const res = await book(cookie, crypto.randomUUID(), { service: "valet", paymentMethod: "pm_card_visa", quoteId });
    stop();
    expect(res.status).toBe(201);
    expect(res.body.booking).toEqual({ id: expect.any(String), service: "valet", bookingDate: laDate(7), status: "pending", price: 630, createdAt: expect.any(String) });
    expect(res.body.ticket).toEqual({ ticketCode: expect.stringMatching(TICKET_CODE_PATTERN), status: "active" });

    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, res.body.booking.id));
    expect(row).toMatchObject({ userId: user.id, service: "valet", name: "Avery Planner", price: 630, vehicleTypeId: null });
    expect(row!.details).toMatchObject({
      customerName: "Avery Planner",
      eventType: "Wedding",
      address: { placeId: FAKE_PLACES.hills.placeId, name: FAKE_PLACES.hills.name },
      date: laDate(7),
      startTime: "17:00",
      endTime: "22:00",
      durationMinutes: 300,
      expectedVehicles: 60,
      attendants: 3,
      notes: "Gate code 4412",
      quote: { totalUsd: 630 },
    });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.bookingId, row!.id));
    expect(ticket?.ticketCode).toBe(res.body.ticket.ticketCode);
    expect(events).toContainEqual(expect.objectContaining({ type: "booking.created", bookingId: row!.id, service: "valet", userId: user.id }));

    await t.deps.mailer.drain(); // the confirmation is stored after the answer (batched with others of the moment)
    const [mail] = await outboxFor(t.db, user.email);
    expect(mail?.subject).toBe(`Booking Confirmed! Ticket ${res.body.ticket.ticketCode}`);
    expect(mail?.text).toContain("Your valet service is booked.");
    expect(mail?.text).toContain(`Date: ${laDate(7)}, 5:00 PM to 10:00 PM`);
    expect(mail?.text).toContain(`Address: ${FAKE_PLACES.hills.address}\n`); // the name is not repeated
    expect(mail?.text).toContain("Total: $630.00");
    const ics = mail?.attachments?.[0];
    expect(ics?.filename).toBe("meridian-valet.ics");
    expect(ics?.contentType).toContain("text/calendar");
    const utc = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
    expect(ics?.content).toContain(`DTSTART:${utc(serviceAreaDateTime(laDate(7), "17:00"))}\r\n`);
    expect(ics?.content).toContain(`DTEND:${utc(serviceAreaDateTime(laDate(7), "22:00"))}\r\n`);
    expect(ics?.content).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR\r\n$/);

    const mine = await t.call("GET", "/api/me/bookings", { cookie });
    expect(mine.body.bookings[0]).toMatchObject({ id: row!.id, service: "valet", details: { eventType: "Wedding", startTime: "17:00" } });
    const myTickets = await t.call("GET", "/api/me/tickets", { cookie });
    expect(myTickets.body.tickets[0]).toMatchObject({ ticketCode: res.body.ticket.ticketCode, service: "valet", bookingId: row!.id });
  });

  it("makes exactly one booking from 30 concurrent requests with one key; another body with that key is 422", async () => {
    const { user, cookie } = await t.userWithSession();
    const key = crypto.randomUUID();
    const body = { service: "valet", paymentMethod: "pm_card_visa", quoteId: await valetQuoteId() };
    const results = await Promise.all(Array.from({ length: 30 }, () => book(cookie, key, body)));
    const rows = await t.db.select().from(bookings).where(and(eq(bookings.userId, user.id), eq(bookings.service, "valet")));
    expect(rows).toHaveLength(1);
    expect(await t.db.select().from(tickets).where(eq(tickets.bookingId, rows[0]!.id))).toHaveLength(1);
    for (const r of results) {
      expect([201, 409]).toContain(r.status);
      if (r.status === 201) expect(r.body.booking.id).toBe(rows[0]!.id);
    }
    const other = await book(cookie, key, { service: "valet", paymentMethod: "pm_card_visa", quoteId: await valetQuoteId({ expectedVehicles: 61 }) });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("idempotency_mismatch");
  });

  it("refuses tampered, expired and cross-service quote ids, and writes nothing", async () => {
    const { cookie } = await t.userWithSession();
    const valetId = await valetQuoteId();
    const rideRes = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id) });
    const rideId: string = rideRes.body.quoteId;
    const before = await counts();

    const [payload, sig] = valetId.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as unknown[];
    const cheaper = Buffer.from(JSON.stringify(claims.map((v) => (v === 630 ? 1 : v)))).toString("base64url");
    const secret = t.deps.config.authSecret;
    const verified = verifyValetQuoteToken(secret, valetId);
    if (!verified.ok) throw new Error("the fresh valet quote id did not verify");
    const expired = signValetQuoteToken(secret, { ...verified.claims, exp: Math.floor(Date.now() / 1000) - 1 });

    for (const [name, body, code, message] of [
      ["a valet id with a lowered total", { service: "valet", paymentMethod: "pm_card_visa", quoteId: `${cheaper}.${sig}` }, "invalid_quote", QUOTE_INVALID_MESSAGE],
      ["a valet id with a broken signature", { service: "valet", paymentMethod: "pm_card_visa", quoteId: `${payload}.${sig!.slice(0, -2)}AA` }, "invalid_quote", QUOTE_INVALID_MESSAGE],
      ["a ride id for a valet booking", { service: "valet", paymentMethod: "pm_card_visa", quoteId: rideId }, "invalid_quote", QUOTE_INVALID_MESSAGE],
      ["a valet id for a ride booking", { service: "ride", paymentMethod: "pm_card_visa", quoteId: valetId }, "invalid_quote", QUOTE_INVALID_MESSAGE],
      ["an expired valet id", { service: "valet", paymentMethod: "pm_card_visa", quoteId: expired }, "quote_expired", QUOTE_EXPIRED_MESSAGE],
    ] as const) {
      const res = await book(cookie, crypto.randomUUID(), body);
      expect(res.status, name).toBe(400);
      expect(res.body.error.code, name).toBe(code);
      expect(res.body.error.fields.quoteId, name).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses a quote whose price changed since (the ride flow's message), and books the fresh one", async () => {
    const { cookie } = await t.userWithSession();
    const stale = await valetQuoteId();
    await t.call("PUT", "/api/admin/pricing/valet", { cookie: admin.cookie, json: { ...TEST_VALET_RATES, eventBaseFeeUsd: 175 } });
    await t.call("POST", "/api/admin/pricing/publish", { cookie: admin.cookie, json: { method: "miles_minutes" } });
    try {
      const before = await counts();
      const res = await book(cookie, crypto.randomUUID(), { service: "valet", paymentMethod: "pm_card_visa", quoteId: stale });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "quote_changed", message: QUOTE_CHANGED_MESSAGE });
      expect(await counts()).toEqual(before);
      const fresh = await book(cookie, crypto.randomUUID(), { service: "valet", paymentMethod: "pm_card_visa", quoteId: await valetQuoteId() });
      expect(fresh.status).toBe(201);
      expect(fresh.body.booking.price).toBe(705);
    } finally {
      await setValetRates(t.db, TEST_VALET_RATES);
      invalidatePricingCache();
    }
  });

  it("shows valet bookings to the admin: list filter by service, detail, CSV and reports", async () => {
    const { cookie } = await t.userWithSession();
    const res = await book(cookie, crypto.randomUUID(), { service: "valet", paymentMethod: "pm_card_visa", quoteId: await valetQuoteId({ eventType: "Corporate" }) });
    const id = res.body.booking.id;
    const list = await t.call("GET", "/api/admin/bookings?service=valet&pageSize=100", { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.body.bookings.length).toBeGreaterThan(0);
    expect(list.body.bookings.every((b: { service: string }) => b.service === "valet")).toBe(true);
    expect(list.body.bookings.map((b: { id: string }) => b.id)).toContain(id);
    const rides = await t.call("GET", "/api/admin/bookings?service=ride&pageSize=100", { cookie: admin.cookie });
    expect(rides.body.bookings.map((b: { id: string }) => b.id)).not.toContain(id);

    const detail = await t.call("GET", `/api/admin/bookings/${id}`, { cookie: admin.cookie });
    expect(detail.body.booking).toMatchObject({ service: "valet", details: { eventType: "Corporate", attendants: 3 }, ticketCode: res.body.ticket.ticketCode });

    const csv = await t.call("GET", "/api/admin/bookings/export.csv?service=valet", { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines[0]).toContain("Event");
    const line = lines.find((l) => l.startsWith(id));
    expect(line).toContain(",valet,");
    expect(line).toContain(`Corporate`);
    expect(line).toContain(FAKE_PLACES.hills.name);

    const reports = await t.call("GET", "/api/admin/reports", { cookie: admin.cookie });
    const valet = reports.body.funnel.byService.find((r: { service: string }) => r.service === "valet");
    expect(valet.bookings).toBeGreaterThan(0);
    const [sum] = await t.db.select().from(bookings).where(eq(bookings.service, "valet"));
    expect(sum).toBeTruthy();
  });
});
