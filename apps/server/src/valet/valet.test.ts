// Valet operations through the HTTP API: check-in and its validation, the claim link by SMS, the state
// machine (every move from every status), the concurrent take, the guest's claim page and its privacy,
// the rate limit, and the live queue.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { nextValetStatuses, valetStatuses } from "@meridian/shared/valet-ticket";
import { wallClock } from "@meridian/shared/zoned-time";
import { DEFAULT_OPERATIONS_SETTINGS } from "@meridian/shared/rides";
import { tickets } from "../db/schema";
import { insertBooking, testPlace, valetDetails } from "../test/factories";
import { updateOperationsSettings } from "../settings/settings.service";
import { createEventBus, type RealtimeEvent } from "../realtime/bus";
import { createTestApp, type TestApp } from "../test/harness";
import { sseClient } from "../test/sse-client";
import { loadEnv } from "../env";
import { startReplayServer } from "../test/replay-server";
import { createLogger } from "../lib/logger";
import { createSmsSender } from "../sms/sms";
import { clearEstimateCache } from "./retrieval.service";

let t: TestApp;
let valet: { cookie: string; user: { id: string; name: string } };
let valet2: { cookie: string };
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "valet-test-"));
  t = await createTestApp({ DATA_DIR: dataDir });
  valet = await t.userWithSession({ role: "valet", fullName: "Sam Attendant" });
  valet2 = await t.userWithSession({ role: "valet", fullName: "Alex Runner" });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let seq = 0;
const carInput = (over: Record<string, unknown> = {}) => ({
  guestPhone: `+1 310 555 ${String(1000 + (seq++ % 9000)).padStart(4, "0")}`,
  plate: `7ABC${String(seq).padStart(3, "0")}`,
  make: "Porsche",
  model: "911",
  colour: "Black",
  keyTag: `K-${seq}`,
  stand: "Main Entrance",
  ...over,
});

async function checkIn(over: Record<string, unknown> = {}) {
  const res = await t.call("POST", "/api/valet/tickets", { cookie: valet.cookie, json: carInput(over) });
  if (res.status !== 201) throw new Error(`check-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = (res.body.claimUrl as string).split("/t/")[1]!;
  return { ticket: res.body.ticket as { id: string; ticketCode: string; status: string; guestPhone: string }, claimUrl: res.body.claimUrl as string, token };
}

const move = (id: string, status: string, cookie = valet.cookie, extra: Record<string, unknown> = {}) =>
  t.call("PATCH", `/api/valet/tickets/${id}`, { cookie, json: { status, ...extra } });

describe("check-in", () => {
  it("refuses anonymous callers and customers", async () => {
    expect((await t.call("POST", "/api/valet/tickets", { json: carInput() })).status).toBe(401);
    const customer = await t.userWithSession();
    expect((await t.call("POST", "/api/valet/tickets", { cookie: customer.cookie, json: carInput() })).status).toBe(403);
    expect((await t.call("GET", "/api/valet/queue", { cookie: customer.cookie })).status).toBe(403);
  });

  it("validates plates, phones, key tags and the guest's contact with clear messages", async () => {
    const res = await t.call("POST", "/api/valet/tickets", {
      cookie: valet.cookie,
      json: carInput({ plate: "!!", guestPhone: "call me", keyTag: "K 0 4 2 ###", stall: "level 3 / bay 12 ??" }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      plate: "Plates are 2-10 letters or digits (spaces and dashes allowed).",
      guestPhone: "Enter a valid mobile number, e.g. +1 310 555 0199.",
      keyTag: "Key tags are 1-12 letters or digits (dashes allowed), e.g. K-042.",
      stall: "Stalls are up to 12 letters or digits (dashes allowed).",
    });
    const noContact = await t.call("POST", "/api/valet/tickets", { cookie: valet.cookie, json: carInput({ guestPhone: "" }) });
    expect(noContact.status).toBe(400);
    expect(noContact.body.error.fields.guestPhone).toBe("Enter the guest's mobile number or e-mail.");
    const unknownBooking = await t.call("POST", "/api/valet/tickets", { cookie: valet.cookie, json: carInput({ bookingId: crypto.randomUUID() }) });
    expect(unknownBooking.status).toBe(400);
    expect(unknownBooking.body.error.fields.bookingId).toBe("Choose one of today's valet bookings at this stand.");
  });

  it("answers the ticket with its code and claim link, normalised, and texts the link to the guest", async () => {
    const res = await t.call("POST", "/api/valet/tickets", {
      cookie: valet.cookie,
      json: carInput({ guestPhone: "(310) 555-0142", plate: "8xyz 123", keyTag: "k-042", stall: "b12" }),
    });
    expect(res.status).toBe(201);
    const { ticket, claimUrl } = res.body;
    expect(ticket).toMatchObject({ status: "checked_in", plate: "8XYZ123", keyTag: "K-042", stall: "B12", guestPhone: "+13105550142" });
    expect(ticket.ticketCode).toMatch(/^MRD-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(claimUrl).toMatch(/^http:\/\/localhost:3000\/t\/[A-Za-z0-9_-]{43}$/);
    const sms = await t.call("GET", "/api/dev/mailbox/sms?to=%2B13105550142");
    expect(sms.body.messages).toHaveLength(1);
    expect(sms.body.messages[0].body).toContain(claimUrl);
    expect(sms.body.messages[0].body).toContain(ticket.ticketCode);
    // The token is kept only as a hash.
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.claimTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(claimUrl.split("/t/")[1]);
  });

  it("e-mails the link when the guest gave an e-mail address", async () => {
    const res = await t.call("POST", "/api/valet/tickets", { cookie: valet.cookie, json: carInput({ guestPhone: "", guestEmail: "Guest.One@Example.com" }) });
    expect(res.status).toBe(201);
    const mail = await t.call("GET", "/api/dev/mailbox?to=guest.one@example.com");
    expect(mail.body.emails[0].text).toContain(res.body.claimUrl);
  });
});

describe("the state machine", () => {
  it("allows exactly the moves of the shared table from every status, and refuses every other with a 409", async () => {
    for (const from of valetStatuses) {
      for (const to of valetStatuses) {
        const { ticket } = await checkIn();
        await t.db.update(tickets).set({ valetStatus: from }).where(eq(tickets.id, ticket.id));
        const res = await move(ticket.id, to);
        const allowed = nextValetStatuses(from).includes(to);
        expect([from, to, res.status]).toEqual([from, to, allowed ? 200 : 409]);
        if (allowed) expect(res.body.ticket.status).toBe(to);
        else {
          expect(res.body.error.code).toBe(from === "retrieving" && to === "retrieving" ? "already_taken" : "illegal_transition");
          expect(res.body.error.message).toMatch(/cannot move from|already/);
          const [row] = await t.db.select({ s: tickets.valetStatus }).from(tickets).where(eq(tickets.id, ticket.id));
          expect(row!.s).toBe(from);
        }
      }
    }
  });

  it("stamps every change in the timeline with who and when, and closes the ticket on delivery", async () => {
    const { ticket, token } = await checkIn();
    await move(ticket.id, "parked", valet.cookie, { stall: "A7" });
    await t.call("POST", `/api/claim/${token}/request`);
    await move(ticket.id, "retrieving", valet2.cookie);
    await move(ticket.id, "ready");
    const done = await move(ticket.id, "delivered");
    expect(done.body.ticket).toMatchObject({ status: "delivered", stall: "A7", nextStatuses: [] });
    const detail = await t.call("GET", `/api/valet/tickets/${ticket.id}`, { cookie: valet.cookie });
    expect(detail.body.timeline.map((e: { to: string; by: string }) => `${e.to}:${e.by}`)).toEqual([
      "checked_in:Sam Attendant",
      "parked:Sam Attendant",
      "requested:Guest",
      "retrieving:Alex Runner",
      "ready:Sam Attendant",
      "delivered:Sam Attendant",
    ]);
    const times = detail.body.timeline.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const [row] = await t.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.status).toBe("released");
  });

  it("lets exactly one of several attendants take a request; the others are told who has it", async () => {
    const { ticket, token } = await checkIn();
    await t.call("POST", `/api/claim/${token}/request`);
    const racers = [valet, valet2, ...(await Promise.all([1, 2, 3].map(() => t.userWithSession({ role: "valet", fullName: "Other Runner" }))))];
    const results = await Promise.all(racers.map((r) => move(ticket.id, "retrieving", r.cookie)));
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(racers.length - 1);
    const winner = won[0]!.body.ticket.assignedTo as string;
    for (const r of lost) {
      expect(r.body.error.code).toBe("already_taken");
      expect(r.body.error.message).toBe(`${winner} has already taken this request.`);
    }
    const detail = await t.call("GET", `/api/valet/tickets/${ticket.id}`, { cookie: valet.cookie });
    expect(detail.body.timeline.filter((e: { to: string }) => e.to === "retrieving")).toHaveLength(1);
  });

  it("shows requested cars in the queue oldest first, with key tag and stall", async () => {
    const a = await checkIn({ keyTag: "Q-1", stall: "S1" });
    const b = await checkIn({ keyTag: "Q-2", stall: "S2" });
    await t.call("POST", `/api/claim/${a.token}/request`);
    await new Promise((r) => setTimeout(r, 5));
    await t.call("POST", `/api/claim/${b.token}/request`);
    const q = await t.call("GET", "/api/valet/queue", { cookie: valet.cookie });
    const mine = (q.body.queue as { id: string; keyTag: string; stall: string }[]).filter((x) => [a.ticket.id, b.ticket.id].includes(x.id));
    expect(mine.map((x) => [x.keyTag, x.stall])).toEqual([
      ["Q-1", "S1"],
      ["Q-2", "S2"],
    ]);
  });
});

describe("the guest's claim page", () => {
  it("shows the ticket, the car, a QR code and the status, and nothing of the guest's contact", async () => {
    const { ticket, token } = await checkIn({ plate: "5PRV001", make: "Bentley", model: "Flying Spur", colour: "Silver" });
    const res = await t.call("GET", `/api/claim/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body.claim).toMatchObject({
      ticketCode: ticket.ticketCode,
      status: "checked_in",
      car: { plate: "5PRV001", make: "Bentley", model: "Flying Spur", colour: "Silver" },
      stand: "Main Entrance",
    });
    expect(res.body.claim.qrSvg).toMatch(/^<svg/);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(ticket.guestPhone);
    expect(text).not.toContain(ticket.id);
  });

  it("answers the same bare 404 for a wrong, malformed or expired token, and one guest cannot reach another's car", async () => {
    const mine = await checkIn({ plate: "1MINE11" });
    const other = await checkIn({ plate: "2THEIR2" });
    const wrong = await t.call("GET", `/api/claim/${"A".repeat(43)}`);
    const malformed = await t.call("GET", "/api/claim/not-a-token");
    expect(wrong.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(wrong.body).toEqual(malformed.body);
    expect(wrong.body).toEqual({ error: { code: "not_found", message: "Not found." } });
    for (const method of ["POST", "DELETE"]) expect((await t.call(method, `/api/claim/${"B".repeat(43)}/request`)).status).toBe(404);
    // My token never shows or moves the other car.
    expect((await t.call("GET", `/api/claim/${mine.token}`)).body.claim.car.plate).toBe("1MINE11");
    await t.call("POST", `/api/claim/${mine.token}/request`);
    expect((await t.call("GET", `/api/claim/${other.token}`)).body.claim.status).toBe("checked_in");
    // Delivered more than a day ago: the link is dead.
    await t.db.update(tickets).set({ valetStatus: "delivered", updatedAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(tickets.id, other.ticket.id));
    const expired = await t.call("GET", `/api/claim/${other.token}`);
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual(wrong.body);
  });

  it("requests once, cancels a request nobody has taken, and cannot cancel once an attendant has it", async () => {
    const { ticket, token } = await checkIn();
    const first = await t.call("POST", `/api/claim/${token}/request`);
    expect(first.body.claim.status).toBe("requested");
    expect(first.body.claim.requestedAt).toBeTruthy();
    const again = await t.call("POST", `/api/claim/${token}/request`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("You have already requested your car.");
    const cancelled = await t.call("DELETE", `/api/claim/${token}/request`);
    expect(cancelled.body.claim).toMatchObject({ status: "parked", requestedAt: null });
    await t.call("POST", `/api/claim/${token}/request`);
    await move(ticket.id, "retrieving");
    const late = await t.call("DELETE", `/api/claim/${token}/request`);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("An attendant is already bringing your car; the request can no longer be cancelled.");
  });

  it("rate-limits Request my car per ticket", async () => {
    const { token } = await checkIn();
    const other = await checkIn();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await t.call(i % 2 ? "DELETE" : "POST", `/api/claim/${token}/request`)).status);
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    const limited = await t.call("POST", `/api/claim/${token}/request`);
    expect(limited.body.error.code).toBe("rate_limited");
    // Another ticket is not affected.
    expect((await t.call("POST", `/api/claim/${other.token}/request`)).status).toBe(200);
  });

  it("holds a few live pages per claim ticket (429 beyond, a slot freed when one closes), and another ticket's pages are not counted with them", async () => {
    const { STREAMS_PER_CLAIM } = await import("../realtime/stream-limits");
    const { token } = await checkIn();
    const other = await checkIn();
    const open: ReturnType<typeof sseClient>[] = [];
    try {
      for (let i = 0; i < STREAMS_PER_CLAIM; i++) {
        const res = await t.app.request(`/api/claim/${token}/events`);
        expect(res.status).toBe(200);
        open.push(sseClient(res));
      }
      const refused = await t.app.request(`/api/claim/${token}/events`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("too_many_streams");
      const others = await t.app.request(`/api/claim/${other.token}/events`);
      expect(others.status).toBe(200);
      open.push(sseClient(others));
      // The guest's page still loads and works; a closed page's slot is free again.
      expect((await t.call("GET", `/api/claim/${token}`)).status).toBe(200);
      await open.shift()!.close();
      await vi.waitFor(async () => {
        const again = await t.app.request(`/api/claim/${token}/events`);
        expect(again.status).toBe(200);
        open.push(sseClient(again));
      });
    } finally {
      await Promise.all(open.map((c) => c.close()));
    }
  });

  it("streams the status live to the guest's page and the queue to attendants", async () => {
    const { ticket, token } = await checkIn();
    const guestRes = await t.app.request(`/api/claim/${token}/events`);
    expect(guestRes.status).toBe(200);
    const guest = sseClient(guestRes);
    const queueRes = await t.app.request("/api/valet/queue", { headers: { cookie: valet.cookie, accept: "text/event-stream" } });
    expect(queueRes.status).toBe(200);
    const queue = sseClient(queueRes);
    try {
      await new Promise((r) => setTimeout(r, 50));
      await t.call("POST", `/api/claim/${token}/request`);
      const q = await nextFor(queue, ticket.id);
      expect(JSON.parse(q.data)).toMatchObject({ id: ticket.id, status: "requested", keyTag: expect.any(String) });
      expect(JSON.parse((await guest.next(2000)).data)).toMatchObject({ status: "requested", estimateMinutes: expect.any(Number) });
      await move(ticket.id, "retrieving");
      await move(ticket.id, "ready");
      expect(JSON.parse((await guest.next(2000)).data).status).toBe("retrieving");
      const ready = await guest.next(2000);
      expect(ready.event).toBe("claim.update");
      expect(JSON.parse(ready.data).status).toBe("ready");
      // Another guest's stream hears nothing of this car.
      const otherTicket = await checkIn();
      const otherRes = await t.app.request(`/api/claim/${otherTicket.token}/events`);
      const otherGuest = sseClient(otherRes);
      await move(ticket.id, "delivered");
      expect(JSON.parse((await guest.next(2000)).data).status).toBe("delivered");
      await expect(otherGuest.next(300)).rejects.toThrow(/no event/);
      void otherGuest.close();
    } finally {
      void guest.close();
      void queue.close();
    }
    expect((await t.app.request(`/api/claim/${"C".repeat(43)}/events`)).status).toBe(404);
    expect((await t.app.request("/api/valet/queue", { headers: { accept: "text/event-stream" } })).status).toBe(401);
  });
});

describe("across server processes", () => {
  it("sends each ticket change over the database's NOTIFY, so another process's streams hear it once", async () => {
    const other = await createEventBus(t.database);
    const heard: RealtimeEvent[] = [];
    const off = other.subscribe((e) => e.type === "valet.ticket" && heard.push(e));
    try {
      const { ticket } = await checkIn({ keyTag: "X-1" });
      await move(ticket.id, "parked");
      const deadline = Date.now() + 2000;
      while (heard.filter((e) => e.type === "valet.ticket" && e.ticketId === ticket.id).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 100)); // room for a duplicate to show up
      const mine = heard.filter((e) => e.type === "valet.ticket" && e.ticketId === ticket.id);
      expect(mine.map((e) => (e.type === "valet.ticket" ? [e.ticket.status, e.ticket.keyTag, e.claim.status] : null))).toEqual([
        ["checked_in", "X-1", "checked_in"],
        ["parked", "X-1", "parked"],
      ]);
    } finally {
      off();
      await other.close();
    }
  });
});

async function nextFor(client: ReturnType<typeof sseClient>, ticketId: string) {
  for (;;) {
    const e = await client.next(2000);
    if ((JSON.parse(e.data) as { id: string }).id === ticketId) return e;
  }
}

describe("retrieval times", () => {
  it("keeps request-to-ready and request-to-delivered, and reports p50/p90 per day and per stand; the guest's estimate follows", async () => {
    // Five retrievals at the Hotel Lobby taking 2, 4, 6, 8, 10 minutes to ready (+1 minute to delivery).
    const stand = `Hotel Lobby ${Date.now()}`;
    // Yesterday 03:00 UTC: still the day before on the operations clock (Los Angeles), where the day is counted.
    const base = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 21 * 3600_000;
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    const made: string[] = [];
    for (const minutes of [2, 4, 6, 8, 10]) {
      const { ticket } = await checkIn({ stand });
      made.push(ticket.id);
      await move(ticket.id, "parked");
      await move(ticket.id, "requested");
      await move(ticket.id, "retrieving");
      await move(ticket.id, "ready");
      await move(ticket.id, "delivered");
      await t.database.db.execute(
        sql`update valet_retrievals set requested_at = ${at(0)}::timestamptz, ready_at = ${at(minutes)}::timestamptz,
          delivered_at = ${at(minutes + 1)}::timestamptz where ticket_id = ${ticket.id}`,
      );
    }
    // A withdrawn request is not a retrieval.
    const withdrawn = await checkIn({ stand });
    await move(withdrawn.ticket.id, "requested");
    await move(withdrawn.ticket.id, "parked");

    const admin = await t.userWithSession({ role: "admin" });
    const board = await t.call("GET", "/api/admin/valet/board", { cookie: admin.cookie });
    expect(board.status).toBe(200);
    const row = board.body.retrieval.byStand.find((r: { stand: string }) => r.stand === stand);
    expect(row).toEqual({ stand, count: 5, p50ReadyMinutes: 6, p90ReadyMinutes: 9.2, p50DeliveredMinutes: 7, p90DeliveredMinutes: 10.2 });
    const day = new Date(base).toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" });
    expect(day).not.toBe(new Date(base).toISOString().slice(0, 10));
    expect(board.body.retrieval.byDay.find((r: { day: string }) => r.day === day)?.count).toBeGreaterThanOrEqual(5);
    expect(board.body.counts.parked).toBeGreaterThanOrEqual(1);
    expect((await t.call("GET", "/api/admin/valet/board", { cookie: valet.cookie })).status).toBe(403);

    clearEstimateCache();
    const guest = await checkIn({ stand });
    expect((await t.call("GET", `/api/claim/${guest.token}`)).body.claim.estimateMinutes).toBe(6);
  });
});

describe("check-in for an event: today's valet bookings at the stand", () => {
  it("lists today's live valet bookings at the stand, links the car to the one picked, and refuses any other booking", async () => {
    const today = wallClock(new Date(), DEFAULT_OPERATIONS_SETTINGS.timeZone).date;
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const hotel = testPlace("p-bh", "Beverly Hills Hotel", "9641 Sunset Blvd, Beverly Hills, CA");
    const valetAt = (over: Parameters<typeof valetDetails>[0], status = "confirmed", date = today) =>
      insertBooking(t.db, { service: "valet", bookingDate: date, status, details: valetDetails({ date, address: hotel, ...over }) });
    const evening = await valetAt({ customerName: "Ines Evening", startTime: "18:00", endTime: "23:00" });
    const lunch = await valetAt({ customerName: "Luca Lunch", startTime: "12:00", endTime: "15:00", eventType: "Other", eventTypeOther: "Gala" }, "pending");
    const cancelled = await valetAt({ customerName: "Carla Cancelled" }, "cancelled");
    const later = await valetAt({ customerName: "Tom Tomorrow" }, "confirmed", tomorrow);
    const elsewhere = await valetAt({ customerName: "Bea Elsewhere", address: testPlace("p-ba", "Hotel Bel-Air", "701 Stone Canyon Rd, Los Angeles, CA") });
    const ride = await insertBooking(t.db, { service: "ride", bookingDate: today, status: "confirmed" });

    const list = (stand: string, cookie = valet.cookie) => t.call("GET", `/api/valet/bookings/today?stand=${encodeURIComponent(stand)}`, { cookie });
    const res = await list("Beverly Hills Hotel - Main Entrance");
    expect(res.status).toBe(200);
    expect(res.body.bookings).toEqual([
      { id: lunch.id, customerName: "Luca Lunch", eventType: "Gala", placeName: "Beverly Hills Hotel", startTime: "12:00", endTime: "15:00", carsCheckedIn: 0, expectedVehicles: 60 },
      { id: evening.id, customerName: "Ines Evening", eventType: "Wedding", placeName: "Beverly Hills Hotel", startTime: "18:00", endTime: "23:00", carsCheckedIn: 0, expectedVehicles: 60 },
    ]);
    expect((await list("beverly hills hotel")).body.bookings).toHaveLength(2);
    expect((await list("Pier 39")).body.bookings).toEqual([]);

    // One tap: the car is linked to the booking; the list counts it.
    const stand = "Beverly Hills Hotel - Main Entrance";
    const linked = await t.call("POST", "/api/valet/tickets", { cookie: valet.cookie, json: carInput({ stand, bookingId: evening.id }) });
    expect(linked.status).toBe(201);
    expect(linked.body.ticket.bookingId).toBe(evening.id);
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, linked.body.ticket.id));
    expect(row!.bookingId).toBe(evening.id);
    expect((await list(stand)).body.bookings.find((b: { id: string }) => b.id === evening.id).carsCheckedIn).toBe(1);

    // Anything the picker would not offer is refused, and no ticket is made.
    const before = (await t.db.select().from(tickets)).length;
    for (const bookingId of [cancelled.id, later.id, elsewhere.id, ride.id, crypto.randomUUID()]) {
      const refused = await t.call("POST", "/api/valet/tickets", { cookie: valet.cookie, json: carInput({ stand, bookingId }) });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: "validation_error", fields: { bookingId: "Choose one of today's valet bookings at this stand." } });
    }
    // The right booking at another stand is refused too.
    const wrongStand = await t.call("POST", "/api/valet/tickets", { cookie: valet.cookie, json: carInput({ stand: "Hotel Bel-Air", bookingId: evening.id }) });
    expect(wrongStand.status).toBe(400);
    expect((await t.db.select().from(tickets)).length).toBe(before);
  });

  it("is the attendants' (and admins'): 401 signed out, 403 for customers and chauffeurs; a missing stand is 400", async () => {
    const customer = await t.userWithSession({ fullName: "Curious Customer" });
    const chauffeur = await t.userWithSession({ role: "chauffeur", fullName: "Curious Chauffeur" });
    const admin = await t.userWithSession({ role: "admin", fullName: "Admin At The Stand" });
    const path = "/api/valet/bookings/today?stand=Beverly%20Hills%20Hotel";
    expect((await t.call("GET", path)).status).toBe(401);
    expect((await t.call("GET", path, { cookie: customer.cookie })).status).toBe(403);
    expect((await t.call("GET", path, { cookie: chauffeur.cookie })).status).toBe(403);
    expect((await t.call("GET", path, { cookie: admin.cookie })).status).toBe(200);
    const missing = await t.call("GET", "/api/valet/bookings/today", { cookie: valet.cookie });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.stand).toBe("Stand is required.");
  });

  it("takes today from the operations clock in Settings", async () => {
    const admin = await t.userWithSession({ role: "admin", fullName: "Zone Admin" });
    // Kiritimati (UTC+14) is always a calendar day ahead of Los Angeles.
    await updateOperationsSettings(t.db, { id: admin.user.id, email: admin.user.email }, { ...DEFAULT_OPERATIONS_SETTINGS, timeZone: "Pacific/Kiritimati" });
    try {
      const day = wallClock(new Date(), "Pacific/Kiritimati").date;
      const place = testPlace("p-kz", "Kiritimati Resort", "1 Lagoon Rd, Kiritimati");
      const b = await insertBooking(t.db, { service: "valet", bookingDate: day, status: "confirmed", details: valetDetails({ date: day, address: place }) });
      const res = await t.call("GET", "/api/valet/bookings/today?stand=Kiritimati%20Resort", { cookie: valet.cookie });
      expect(res.body.bookings.map((x: { id: string }) => x.id)).toEqual([b.id]);
    } finally {
      await updateOperationsSettings(t.db, { id: admin.user.id, email: admin.user.email }, DEFAULT_OPERATIONS_SETTINGS);
    }
  });
});

describe("SMS through Twilio", () => {
  it("sends the claim link with the official client to the configured API (a local server replaying Twilio's answer)", async () => {
    const sid = "AC" + "0123456789abcdef".repeat(2);
    const replay = await startReplayServer({
      [`POST /2010-04-01/Accounts/${sid}/Messages.json`]: { status: 201, raw: fs.readFileSync(path.join(import.meta.dirname, "../sms/fixtures/twilio-message.json"), "utf8") },
    });
    const env = { SMS_PROVIDER: "twilio", TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "test-auth-token-0123456789", TWILIO_FROM: "+15005550006", TWILIO_API_URL: replay.url };
    const sms = createSmsSender(loadEnv(env), t.db, createLogger("silent"));
    try {
      expect(sms.kind).toBe("twilio");
      await sms.send("+13105550199", "Your car: http://localhost/t/abc");
      expect(replay.requests).toHaveLength(1);
      const req = replay.requests[0]!;
      expect(req.path).toBe(`/2010-04-01/Accounts/${sid}/Messages.json`);
      const form = new URLSearchParams(req.body);
      expect(form.get("To")).toBe("+13105550199");
      expect(form.get("From")).toBe("+15005550006");
      expect(form.get("Body")).toBe("Your car: http://localhost/t/abc");
      expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${sid}:test-auth-token-0123456789`).toString("base64")}`);
      // A refusal from Twilio surfaces as an error (check-in logs it and still answers the ticket).
      replay.setRoutes({ [`POST /2010-04-01/Accounts/${sid}/Messages.json`]: { status: 400, raw: JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }) } });
      await expect(sms.send("+10000000000", "x")).rejects.toThrow(/not a valid phone number/);
    } finally {
      await replay.close();
    }
  });

  it("refuses to start with SMS_PROVIDER=twilio and no credentials", async () => {
    expect(() => loadEnv({ SMS_PROVIDER: "twilio" })).toThrow(/TWILIO_ACCOUNT_SID: is required when SMS_PROVIDER=twilio/);
  });
});
