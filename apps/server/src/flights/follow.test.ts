// Airport pickups with a flight, through the API on the embedded maps and the embedded flight simulation: the quote
// looks the flight up (its scheduled landing and a suggested pickup; a clear field message when the number is
// malformed, unknown, cancelled, or the pickup is no airport), the booking keeps the flight and schedules the follow
// job, and the follow job (run "as of" a moment, as the development tools do) moves the pickup with a delay or an
// early landing, within the limits, tells the customer and stamps the timeline.
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLIGHT_DIVERTED_TITLE, FLIGHT_NEEDS_AIRPORT_MESSAGE, FLIGHT_NUMBER_MESSAGE, PICKUP_MOVE_LIMITS, flightNotFoundMessage, type BookingFlight } from "@meridian/shared/flights";
import { wallClock } from "@meridian/shared/zoned-time";
import { bookingEvents, bookings, jobs, outboxEmails } from "../db/schema";
import { createTestApp, type TestApp } from "../test/harness";
import { createTestFleet, giveCapacityForDays, laDate } from "../test/factories";
import { bookingCharge } from "../payments/charges";
import { simulateFlight } from "./embedded";
import { FLIGHT_FOLLOW_JOB } from "../bookings/flight-follow-job";
import type { RealtimeEvent } from "../realtime/bus";

const LAX = "emb:apt:LAX";
const HILLS = "emb:zip:90210";
const TZ = "America/Los_Angeles";
const HOUR = 3_600_000;

let t: TestApp;
let admin: { cookie: string };
let customer: { cookie: string; user: { email: string } };
let fleet: Awaited<ReturnType<typeof createTestFleet>>;
const DATE = laDate(6);

/** An on-time, flying flight of the simulation on DATE (numbers from `from`), and its scheduled landing. */
function onTimeFlight(from: number, date = DATE): { flightNumber: string; landsAt: Date } {
  for (let n = from; n < 9000; n++) {
    const sim = simulateFlight(`AA${n}`, date);
    const local = sim.exists ? wallClock(sim.scheduledArrival, TZ) : null;
    // Lands before 23:00 so the suggested pickup is the same day.
    if (sim.exists && sim.delayMinutes === 0 && !sim.cancelled && local!.date === date && local!.time < "22:00") return { flightNumber: `AA${n}`, landsAt: sim.scheduledArrival };
  }
  throw new Error("no on-time flight");
}

const quote = (over: Record<string, unknown>) =>
  t.call("POST", "/api/quotes", { json: { pickupPlaceId: LAX, dropoffPlaceId: HILLS, vehicleTypeId: fleet.sedan.id, passengers: 1, luggage: 0, date: DATE, time: "12:00", ...over } });

beforeAll(async () => {
  t = await createTestApp();
  fleet = await createTestFleet(t.db);
  await giveCapacityForDays(t);
  admin = await t.userWithSession({ role: "admin" });
  customer = await t.userWithSession({ fullName: "Ada Lovelace" });
});
afterAll(() => t.close());

/** Books an LAX pickup with the flight at the suggested time; answers the booking row. */
async function bookWithFlight(flightNumber: string, date = DATE) {
  const first = await quote({ flightNumber, date });
  expect(first.status).toBe(200);
  const q = await quote({ flightNumber, date: first.body.flight.suggestedDate, time: first.body.flight.suggestedTime });
  expect(q.status).toBe(200);
  const res = await t.call("POST", "/api/bookings", {
    cookie: customer.cookie,
    json: { service: "ride", quoteId: q.body.quoteId, paymentMethod: "pm_card_visa" },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(res.status).toBe(201);
  const [b] = await t.db.select().from(bookings).where(eq(bookings.id, res.body.booking.id));
  return b!;
}

const runJobs = (bookingId: string, at: Date) => t.call("POST", "/api/dev/jobs/run", { cookie: admin.cookie, json: { bookingId, at: at.toISOString() } });
const setDelay = (flightNumber: string, delayMinutes: number, cancelled?: boolean) =>
  t.call("PUT", `/api/admin/flights/${flightNumber}/${DATE}`, { cookie: admin.cookie, json: { delayMinutes, ...(cancelled ? { cancelled } : {}) } });
const reload = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const flightOf = (b: typeof bookings.$inferSelect) => (b.details as { flight: BookingFlight }).flight;
const mailsTo = (to: string, subject: string) => t.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, to), like(outboxEmails.subject, subject)));

describe("a quote with a flight", () => {
  it("answers the scheduled landing and suggests a pickup 30 minutes after it, on the quarter hour", async () => {
    const { flightNumber, landsAt } = onTimeFlight(100);
    const res = await quote({ flightNumber: flightNumber.toLowerCase().replace("aa", "aa ") });
    expect(res.status).toBe(200);
    const landing = wallClock(landsAt, TZ);
    const [h, m] = landing.time.split(":").map(Number);
    const suggested = Math.ceil((h! * 60 + m! + 30) / 15) * 15;
    expect(res.body.flight).toMatchObject({
      flightNumber,
      airlineName: "American Airlines",
      phase: "scheduled",
      scheduledArrival: landsAt.toISOString(),
      scheduledDate: DATE,
      scheduledTime: landing.time,
      suggestedDate: DATE,
      suggestedTime: `${String(Math.floor(suggested / 60)).padStart(2, "0")}:${String(suggested % 60).padStart(2, "0")}`,
    });
  });

  it("refuses a malformed flight number, a flight at a pickup that is no airport, an unknown and a cancelled flight, each on the field", async () => {
    const bad = await quote({ flightNumber: "A-100" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.flightNumber).toBe(FLIGHT_NUMBER_MESSAGE);
    const notAirport = await quote({ pickupPlaceId: HILLS, dropoffPlaceId: LAX, flightNumber: "AA100" });
    expect(notAirport.status).toBe(400);
    expect(notAirport.body.error.fields.flightNumber).toBe(FLIGHT_NEEDS_AIRPORT_MESSAGE);
    const unknown = await quote({ flightNumber: "AA9100" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toMatchObject({ code: "flight_not_found", fields: { flightNumber: flightNotFoundMessage("AA9100", DATE) } });
    const { flightNumber } = onTimeFlight(1200);
    await setDelay(flightNumber, 0, true);
    const cancelled = await quote({ flightNumber });
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.error.code).toBe("flight_cancelled");
  });
});

describe("the follow job", () => {
  it("is scheduled with the booking, which keeps the flight", async () => {
    const { flightNumber, landsAt } = onTimeFlight(200);
    const b = await bookWithFlight(flightNumber);
    const flight = flightOf(b);
    expect(flight).toMatchObject({ flightNumber, date: DATE, scheduledArrival: landsAt.toISOString(), live: null, bookedTime: (b.details as { time: string }).time });
    expect(flight.bufferMinutes).toBeGreaterThanOrEqual(30);
    expect(flight.bufferMinutes).toBeLessThan(45);
    const follow = await t.db.select().from(jobs).where(and(eq(jobs.kind, FLIGHT_FOLLOW_JOB), eq(jobs.status, "pending")));
    expect(follow.find((j) => j.payload.bookingId === b.id)?.runAt.toISOString()).toBe(new Date(landsAt.getTime() - 4 * HOUR).toISOString());
  });

  it("moves the pickup 45 minutes later when the flight is 45 minutes late, tells the customer, stamps the timeline, and looks again", async () => {
    const { flightNumber, landsAt } = onTimeFlight(300);
    const b = await bookWithFlight(flightNumber);
    const bookedAt = b.pickupAt!;

    // Four hours out, on time: the live status is stored, the pickup stays.
    // (The reminder and the payment jobs before it run too.)
    let res = await runJobs(b.id, new Date(landsAt.getTime() - 4 * HOUR));
    expect(res.body.jobs.filter((j: { kind: string; status: string }) => j.kind === FLIGHT_FOLLOW_JOB && j.status === "done")).toHaveLength(1);
    let now = await reload(b.id);
    expect(now.pickupAt!.getTime()).toBe(bookedAt.getTime());
    expect(flightOf(now).live).toMatchObject({ phase: "scheduled", delayMinutes: 0 });

    // The admin sets a 45-minute delay; the next look (30 minutes later) moves the pickup.
    expect((await setDelay(flightNumber, 45)).status).toBe(200);
    res = await runJobs(b.id, new Date(landsAt.getTime() - 3.5 * HOUR));
    expect(res.body.ran).toBe(1);
    now = await reload(b.id);
    expect(now.pickupAt!.getTime()).toBe(bookedAt.getTime() + 45 * 60_000);
    const clock = wallClock(now.pickupAt!, TZ);
    expect(now.details).toMatchObject({ date: clock.date, time: clock.time });
    expect(flightOf(now).live).toMatchObject({ phase: "scheduled", delayMinutes: 45, estimatedArrival: new Date(landsAt.getTime() + 45 * 60_000).toISOString() });
    expect(flightOf(now).bookedTime).toBe((b.details as { time: string }).time);

    const mails = await mailsTo(customer.user.email, "Your pickup has moved%");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Flight ${flightNumber} lands 45 minutes late`);
    expect(mails[0]!.text).toContain("Hello Ada Lovelace,");
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id)).orderBy(asc(bookingEvents.createdAt));
    expect(events.at(-1)!.note).toMatch(new RegExp(`^Pickup moved from .* to .*: flight ${flightNumber} now lands 45 minutes late$`));
    expect(res.body.jobs.filter((j: { kind: string; status: string }) => j.kind === FLIGHT_FOLLOW_JOB && j.status === "pending")).toHaveLength(1);

    // Back on time: the pickup returns to the booked time.
    await setDelay(flightNumber, -20);
    await runJobs(b.id, new Date(landsAt.getTime() - 3 * HOUR));
    now = await reload(b.id);
    expect(now.pickupAt!.getTime()).toBe(bookedAt.getTime() - 20 * 60_000);
    expect(await mailsTo(customer.user.email, "Your pickup has moved%")).toHaveLength(2);

    // Landed: the last look, no more jobs.
    await runJobs(b.id, new Date(landsAt.getTime() - 10 * 60_000));
    now = await reload(b.id);
    expect(flightOf(now).live).toMatchObject({ phase: "landed", actualArrival: new Date(landsAt.getTime() - 20 * 60_000).toISOString() });
    res = await runJobs(b.id, new Date(landsAt.getTime() + 3 * HOUR));
    expect(res.body.jobs.filter((j: { kind: string; status: string }) => j.kind === FLIGHT_FOLLOW_JOB && j.status === "pending")).toHaveLength(0);
  });

  it("moves a pickup no further than the limit, and says the desk will call", async () => {
    const { flightNumber, landsAt } = onTimeFlight(500);
    const b = await bookWithFlight(flightNumber);
    await setDelay(flightNumber, 400);
    await runJobs(b.id, new Date(landsAt.getTime() - 4 * HOUR));
    const now = await reload(b.id);
    expect(now.pickupAt!.getTime()).toBe(b.pickupAt!.getTime() + PICKUP_MOVE_LIMITS.laterMinutes * 60_000);
    const [mail] = await mailsTo(customer.user.email, "Your pickup has moved%").then((m) => m.filter((x) => x.text.includes(flightNumber)));
    expect(mail!.text).toContain("we will call you to confirm the pickup");
  });

  it("a cancelled flight leaves the pickup, tells the customer once and stops following", async () => {
    const { flightNumber, landsAt } = onTimeFlight(700);
    const b = await bookWithFlight(flightNumber);
    await setDelay(flightNumber, 0, true);
    const res = await runJobs(b.id, new Date(landsAt.getTime() - 4 * HOUR));
    const now = await reload(b.id);
    expect(now.pickupAt!.getTime()).toBe(b.pickupAt!.getTime());
    expect(flightOf(now).live?.phase).toBe("cancelled");
    expect(await mailsTo(customer.user.email, `Flight ${flightNumber} is cancelled`)).toHaveLength(1);
    expect(res.body.jobs.filter((j: { kind: string; status: string }) => j.kind === FLIGHT_FOLLOW_JOB && j.status === "pending")).toHaveLength(0);
  });

  it("a diverted flight leaves the pickup, tells the desk (a toast on the realtime event) and the customer once, and stops following", async () => {
    const { flightNumber, landsAt } = onTimeFlight(750);
    const b = await bookWithFlight(flightNumber);
    const heard: RealtimeEvent[] = [];
    const stop = t.deps.bus.subscribe((e) => heard.push(e));
    try {
      const divert = await t.call("PUT", `/api/admin/flights/${flightNumber}/${DATE}`, { cookie: admin.cookie, json: { delayMinutes: 35, diverted: true } });
      expect(divert.status).toBe(200);
      const res = await runJobs(b.id, new Date(landsAt.getTime() - 2 * HOUR));
      const now = await reload(b.id);
      expect(now.pickupAt!.getTime()).toBe(b.pickupAt!.getTime());
      expect(now.details).toMatchObject({ date: (b.details as { date: string }).date, time: (b.details as { time: string }).time });
      expect(flightOf(now).live?.phase).toBe("diverted");
      const mails = await mailsTo(customer.user.email, `Flight ${flightNumber} is diverted`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("diverted to another airport");
      const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, b.id)).orderBy(asc(bookingEvents.createdAt));
      expect(events.at(-1)!.note).toBe(`Flight ${flightNumber} is diverted: call the customer`);
      expect(res.body.jobs.filter((j: { kind: string; status: string }) => j.kind === FLIGHT_FOLLOW_JOB && j.status === "pending")).toHaveLength(0);
      await expect.poll(() => heard.find((e) => e.type === "booking.updated" && e.bookingId === b.id)).toMatchObject({
        notice: { title: FLIGHT_DIVERTED_TITLE, description: expect.stringMatching(new RegExp(`^Flight ${flightNumber} is diverted: call Ada Lovelace about the pickup on .+\\.$`)) },
      });
    } finally {
      stop();
    }
  });

  it("leaves a cancelled booking alone", async () => {
    const { flightNumber, landsAt } = onTimeFlight(800);
    const b = await bookWithFlight(flightNumber);
    await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, b.id));
    await setDelay(flightNumber, 45);
    const res = await runJobs(b.id, new Date(landsAt.getTime() - 4 * HOUR));
    expect(res.body.jobs.find((j: { kind: string }) => j.kind === FLIGHT_FOLLOW_JOB)).toMatchObject({ status: "done", result: "skipped: cancelled" });
    expect((await reload(b.id)).pickupAt!.getTime()).toBe(b.pickupAt!.getTime());
  });
});

describe("waiting at an airport pickup", () => {
  it.each([
    ["booked 6 days ahead (no hold until the re-authorisation)", DATE],
    ["booked 2 days ahead (the fare held at booking)", laDate(2)],
  ])("adds the waiting beyond the included time to the fare at completion, to the cent, and charges it: %s", async (_, date) => {
    const { flightNumber } = onTimeFlight(900, date);
    const b = await bookWithFlight(flightNumber, date);
    const chauffeur = await t.userWithSession({ role: "chauffeur", fullName: "Bessie Coleman" });
    // Operations: 60 minutes included, $1.37 a minute beyond.
    const ops = (await t.call("GET", "/api/admin/settings", { cookie: admin.cookie })).body.operations;
    expect((await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: { ...ops, airportWaitIncludedMinutes: 60, waitingCentsPerMinute: 137 } })).status).toBe(200);
    // The chauffeur arrived 10 minutes after the pickup time; the passenger was on board 87 min 30 s later.
    const pickupAt = b.pickupAt!.getTime();
    await t.db.update(bookings).set({ status: "on_board", chauffeurId: chauffeur.user.id }).where(eq(bookings.id, b.id));
    const stamp = (to: string, ms: number) => ({ bookingId: b.id, fromStatus: "confirmed", toStatus: to, actorId: chauffeur.user.id, actorName: "Bessie Coleman", actorRole: "chauffeur", createdAt: new Date(ms) });
    await t.db.insert(bookingEvents).values([stamp("on_location", pickupAt + 10 * 60_000), stamp("on_board", pickupAt + 97 * 60_000 + 30_000)]);
    const res = await t.call("POST", `/api/staff/rides/${b.id}/status`, { cookie: chauffeur.cookie, json: { status: "completed" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await reload(b.id);
    // 88 started minutes waited, 28 beyond the 60 included, at 137 cents: $38.36.
    expect(done.details).toMatchObject({ waiting: { waitedMinutes: 88, includedMinutes: 60, billableMinutes: 28, perMinuteCents: 137, amountCents: 3836 } });
    const quote = (done.details as { quote: { lines: { kind: string; label: string; amountUsd: number }[]; totalUsd: number } }).quote;
    expect(quote.lines.at(-1)).toEqual({ kind: "waiting", label: "Waiting 28 min beyond the 60 included", amountUsd: 38.36 });
    expect(Math.round(done.price! * 100)).toBe(Math.round(b.price! * 100) + 3836);
    expect(Math.round(quote.totalUsd * 100)).toBe(Math.round(b.price! * 100) + 3836);
    // The card is charged the whole fare with its waiting, once (the hold taken at booking was for the fare alone).
    const charge = await bookingCharge(t.db, b.id);
    expect(charge).toMatchObject({ status: "succeeded", capturedCents: Math.round(b.price! * 100) + 3836 });
    await t.call("PUT", "/api/admin/settings", { cookie: admin.cookie, json: ops });
  });
});
