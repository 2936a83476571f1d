import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { outboxEmails, user } from "../db/schema";
import type { TestApp } from "../test/harness";
import { createFleetTestApp, rideInput, type TestFleet } from "../test/factories";
import { sseClient } from "../test/sse-client";
import { createEventBus, type RealtimeEvent } from "./bus";

let t: TestApp;
let fleet: TestFleet;

// Every ride is tomorrow at 09:30: a chauffeur and a car for each.
beforeAll(async () => ({ t, fleet } = await createFleetTestApp({}, { capacity: { rides: 12 } })));
afterAll(() => t.close());

async function bookRide(cookie: string) {
  const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id) });
  const res = await t.call("POST", "/api/bookings", { cookie, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId: q.body.quoteId }, headers: { "Idempotency-Key": crypto.randomUUID() } });
  if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { booking: { id: string; createdAt: string } };
}

/** Opens the realtime stream as `cookie`'s user; it is closed when the test ends, pass or fail. */
async function stream(cookie?: string) {
  const res = await t.app.request("/api/realtime", { headers: cookie ? { cookie } : {} });
  const client = res.status === 200 ? sseClient(res) : null;
  if (client) onTestFinished(() => client.close());
  return { res, client };
}

describe("GET /api/realtime", () => {
  it("needs sign-in", async () => {
    const { res } = await stream();
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });

  it("tells an admin and a dispatcher about every booking within a second, a chauffeur or a customer only about their own", async () => {
    const admin = await t.userWithSession({ role: "admin" });
    const staff = await t.userWithSession({ role: "dispatcher" });
    const chauffeur = await t.userWithSession({ role: "chauffeur" });
    const alice = await t.userWithSession();
    const bob = await t.userWithSession();
    const adminStream = await stream(admin.cookie);
    const staffStream = await stream(staff.cookie);
    const bobStream = await stream(bob.cookie);
    const chauffeurStream = await stream(chauffeur.cookie);
    expect(adminStream.res.headers.get("content-type")).toContain("text/event-stream");
    const mine = await bookRide(alice.cookie);
    const seen = await adminStream.client!.next(1000);
    expect(seen.event).toBe("booking.created");
    expect(JSON.parse(seen.data)).toEqual({ bookingId: mine.booking.id, service: "ride", createdAt: mine.booking.createdAt });
    expect(JSON.parse((await staffStream.client!.next(1000)).data).bookingId).toBe(mine.booking.id);

    // Bob's first event is his own booking: Alice's was never sent to him.
    const his = await bookRide(bob.cookie);
    const bobSeen = await bobStream.client!.next(1000);
    expect(JSON.parse(bobSeen.data).bookingId).toBe(his.booking.id);
    expect(bobStream.client!.events).toHaveLength(1);
    expect(JSON.parse((await adminStream.client!.next(1000)).data).bookingId).toBe(his.booking.id);
    expect(chauffeurStream.client!.events).toHaveLength(0);
  });

  it("a booking costs no session lookup on any stream (the database announces session changes instead)", async () => {
    const admin = await t.userWithSession({ role: "admin" });
    const alice = await t.userWithSession();
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => t.userWithSession()));
    const adminStream = await stream(admin.cookie);
    const aliceStream = await stream(alice.cookie);
    const otherStreams = await Promise.all(others.map((o) => stream(o.cookie)));
    const spy = vi.spyOn(t.deps.auth.api, "getSession");
    try {
      const mine = await bookRide(alice.cookie);
      expect(JSON.parse((await adminStream.client!.next(1000)).data).bookingId).toBe(mine.booking.id);
      expect(JSON.parse((await aliceStream.client!.next(1000)).data).bookingId).toBe(mine.booking.id);
      const lookedUp = spy.mock.calls.map(([arg]) => (arg as { headers: Headers }).headers.get("cookie"));
      expect(lookedUp.filter((c) => c === admin.cookie || others.some((o) => o.cookie === c))).toEqual([]);
      for (const s of otherStreams) expect(s.client!.events).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
  });

  it("delivers within a second of the booking response", async () => {
    const admin = await t.userWithSession({ role: "admin" });
    const alice = await t.userWithSession();
    const adminStream = await stream(admin.cookie);
    const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id) });
    const bookingPromise = t.call("POST", "/api/bookings", {
      cookie: alice.cookie,
      json: { service: "ride", paymentMethod: "pm_card_visa", quoteId: q.body.quoteId },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    let eventAt = 0;
    const eventPromise = adminStream.client!.next(10_000).then((e) => ((eventAt = Date.now()), e));
    const res = await bookingPromise;
    const answeredAt = Date.now();
    const ev = await eventPromise;
    expect(JSON.parse(ev.data).bookingId).toBe(res.body.booking.id);
    expect(eventAt - answeredAt).toBeLessThan(1000);
  });

  it("ends the stream of an admin who signed out, without telling them about later bookings", async () => {
    const admin = await t.userWithSession({ role: "admin" });
    const alice = await t.userWithSession();
    const adminStream = await stream(admin.cookie);
    expect((await t.call("POST", "/api/auth/sign-out", { cookie: admin.cookie, json: {} })).status).toBe(200);
    await bookRide(alice.cookie);
    await expect(adminStream.client!.next(1000)).rejects.toThrow("stream ended");
    expect(adminStream.client!.events).toHaveLength(0);
  });

  it("applies a role change to the next event: a demoted admin hears only about their own bookings", async () => {
    const admin = await t.userWithSession({ role: "admin" });
    const alice = await t.userWithSession();
    const adminStream = await stream(admin.cookie);
    await t.db.update(user).set({ role: "user" }).where(eq(user.id, admin.user.id));
    await bookRide(alice.cookie);
    const own = await bookRide(admin.cookie);
    const seen = await adminStream.client!.next(1000);
    expect(JSON.parse(seen.data).bookingId).toBe(own.booking.id);
    expect(adminStream.client!.events).toHaveLength(1);
  });

  it("unsubscribes a stream from the bus once the client goes away", async () => {
    const admin = await t.userWithSession({ role: "admin" });
    const bus = t.deps.bus;
    const original = bus.subscribe;
    let active = 0;
    bus.subscribe = (listener) => {
      active++;
      const off = original(listener);
      return () => (active--, off());
    };
    try {
      const s = await stream(admin.cookie);
      expect(active).toBe(1);
      await s.client!.close();
      const deadline = Date.now() + 1000;
      while (active > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(active).toBe(0);
      await bookRide((await t.userWithSession()).cookie); // publishing after the close is harmless
    } finally {
      bus.subscribe = original;
    }
  });
});

/** Waits until the server ends the stream, or fails after `ms`. */
async function endsWithin(client: ReturnType<typeof sseClient>, ms: number) {
  await vi.waitFor(() => expect(client.ended).toBe(true), { timeout: ms, interval: 20 });
}

describe("sessions on streams (issue 21)", () => {
  it("a stream ends within moments when its session is signed out in another tab, with no event needed", async () => {
    const alice = await t.userWithSession();
    const s = await stream(alice.cookie);
    expect((await t.call("POST", "/api/auth/sign-out", { cookie: alice.cookie, json: {} })).status).toBe(200);
    await endsWithin(s.client!, 2000); // the heartbeat is 15 s away
  });

  it("a password reset ends the streams of every session; an admin's deactivation ends the customer's", async () => {
    const alice = await t.userWithSession();
    const phone = await t.signIn(alice.user.email, alice.user.password);
    const laptop = await stream(alice.cookie);
    const onPhone = await stream(phone);
    expect((await t.call("POST", "/api/auth/request-password-reset", { json: { email: alice.user.email } })).status).toBe(200);
    await t.deps.mailer.drain();
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, alice.user.email));
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).pathname.split("/").pop(); // /api/auth/reset-password/<token>
    const reset = await t.call("POST", "/api/auth/reset-password", { json: { newPassword: "second-password-2", token } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    await endsWithin(laptop.client!, 2000);
    await endsWithin(onPhone.client!, 2000);

    const admin = await t.userWithSession({ role: "admin" });
    const bob = await t.userWithSession();
    const bobStream = await stream(bob.cookie);
    const res = await t.call("PATCH", `/api/admin/users/${bob.user.id}`, { cookie: admin.cookie, json: { status: "inactive" } });
    expect(res.status).toBe(200);
    await endsWithin(bobStream.client!, 2000);
  });

  it("heartbeats cost no session query: a session is checked on the database's notice, and every 5 minutes as a backstop", async () => {
    const { HEARTBEAT_MS, SESSION_BACKSTOP_HEARTBEATS } = await import("./bus-stream");
    const carol = await t.userWithSession();
    // A bearer token: every check of it goes through better-auth's getSession, which the test counts.
    const signIn = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: carol.user.email, password: carol.user.password }),
    });
    const token = signIn.headers.get("set-auth-token");
    expect(token).toBeTruthy();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const spy = vi.spyOn(t.deps.auth.api, "getSession");
    const res = await t.app.request("/api/realtime", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const client = sseClient(res);
    try {
      spy.mockClear(); // the request's own sign-in check
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * (SESSION_BACKSTOP_HEARTBEATS - 1));
      expect(client.comments.filter((c) => c === "heartbeat").length).toBeGreaterThanOrEqual(SESSION_BACKSTOP_HEARTBEATS - 1);
      expect(spy).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(client.ended).toBe(false);
    } finally {
      vi.useRealTimers();
      spy.mockRestore();
      await client.close();
    }
  });
});

describe("event bus", () => {
  it("fans an event out to another bus on the same database exactly once, and to its own subscribers once", async () => {
    const other = await createEventBus(t.database);
    const here: RealtimeEvent[] = [];
    const there: RealtimeEvent[] = [];
    const event: RealtimeEvent = { type: "booking.created", bookingId: crypto.randomUUID(), service: "ride", userId: null, createdAt: new Date().toISOString() };
    // Only this test's event: a notification from an earlier test may still be on its way.
    const offHere = t.deps.bus.subscribe((e) => e.type === "booking.created" && e.bookingId === event.bookingId && here.push(e));
    const offThere = other.subscribe((e) => e.type === "booking.created" && e.bookingId === event.bookingId && there.push(e));
    try {
      await t.deps.bus.publish(event);
      const deadline = Date.now() + 1000;
      while (there.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 100)); // room for a duplicate to show up
      expect(there).toEqual([event]);
      expect(here).toEqual([event]);
    } finally {
      offHere();
      offThere();
      await other.close();
    }
  });

  it("sends the events of one moment in few NOTIFYs, each under PostgreSQL's payload limit, and they arrive in order", async () => {
    const other = await createEventBus(t.database);
    const runId = crypto.randomUUID();
    const events: RealtimeEvent[] = Array.from({ length: 150 }, (_, i) => ({
      type: "booking.created",
      bookingId: `${runId}-${i}`,
      service: "ride",
      userId: crypto.randomUUID(),
      createdAt: new Date().toISOString(),
    }));
    const there: RealtimeEvent[] = [];
    const offThere = other.subscribe((e) => e.type === "booking.created" && e.bookingId.startsWith(runId) && there.push(e));
    const notify = t.database.notify;
    const payloads: string[] = [];
    t.database.notify = (channel, payload) => (payloads.push(payload), notify.call(t.database, channel, payload));
    try {
      await Promise.all(events.map((e) => t.deps.bus.publish(e)));
      const deadline = Date.now() + 2000;
      while (there.length < events.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(there).toEqual(events);
      expect(payloads.length).toBeGreaterThan(1); // 150 events do not fit one payload
      expect(payloads.length).toBeLessThan(10);
      for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    } finally {
      t.database.notify = notify;
      offThere();
      await other.close();
    }
  });

  it("hands a valet ticket's events to that ticket's subscribers only, and every event to the others", async () => {
    const ticketEvent = (ticketId: string): RealtimeEvent =>
      ({ type: "valet.ticket", ticketId, ticket: { id: ticketId } as never, claim: { status: "parked" } as never }) satisfies RealtimeEvent;
    const mine: string = crypto.randomUUID();
    const theirs: string = crypto.randomUUID();
    const heardMine: RealtimeEvent[] = [];
    const heardAll: RealtimeEvent[] = [];
    const offMine = t.deps.bus.subscribe((e) => heardMine.push(e), mine);
    const offAll = t.deps.bus.subscribe((e) => (e.type !== "valet.ticket" || [mine, theirs].includes(e.ticketId)) && heardAll.push(e));
    const booking = { type: "booking.created", bookingId: crypto.randomUUID(), service: "ride", userId: null, createdAt: new Date().toISOString() } satisfies RealtimeEvent;
    await t.deps.bus.publish(ticketEvent(theirs));
    await t.deps.bus.publish(booking);
    await t.deps.bus.publish(ticketEvent(mine));
    offMine();
    await t.deps.bus.publish(ticketEvent(mine));
    offAll();
    expect(heardMine).toEqual([ticketEvent(mine)]);
    expect(heardAll.filter((e) => e.type !== "booking.created" || e.bookingId === booking.bookingId)).toEqual([ticketEvent(theirs), booking, ticketEvent(mine), ticketEvent(mine)]);
  });

  it("ignores malformed notifications on the channel", async () => {
    const seen: RealtimeEvent[] = [];
    const off = t.deps.bus.subscribe((e) => seen.push(e));
    const sentinel = { type: "booking.created", bookingId: crypto.randomUUID(), service: "ride", userId: null, createdAt: new Date().toISOString() };
    await t.database.notify("meridian_events", "not json");
    await t.database.notify("meridian_events", JSON.stringify({ origin: "elsewhere", events: "nope" }));
    await t.database.notify("meridian_events", JSON.stringify({ origin: "elsewhere", events: [{ type: "booking.created" }] }));
    await t.database.notify("meridian_events", JSON.stringify({ origin: "elsewhere", events: [{ ...sentinel, bookingId: 42 }, sentinel] }));
    const deadline = Date.now() + 1000;
    while (!seen.some((e) => e.type === "booking.created" && e.bookingId === sentinel.bookingId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    off();
    expect(seen.filter((e) => e.type === "booking.created" && e.bookingId === sentinel.bookingId)).toEqual([sentinel]);
    expect(seen.every((e) => e.type === "booking.created" && typeof e.bookingId === "string" && typeof e.createdAt === "string")).toBe(true);
  });
});

describe("GET /api/realtime limits (issue 21)", () => {
  it("refuses a stream beyond the per-account and per-address limits with 429 and Retry-After, frees a slot when one ends, and health stays up", async () => {
    const { STREAMS_PER_ACCOUNT, STREAMS_PER_IP } = await import("./stream-limits");
    const one = await t.userWithSession();
    const open: NonNullable<Awaited<ReturnType<typeof stream>>["client"]>[] = [];
    for (let i = 0; i < STREAMS_PER_ACCOUNT; i++) {
      const s = await stream(one.cookie);
      expect(s.res.status).toBe(200);
      open.push(s.client!);
    }
    const refused = await stream(one.cookie);
    expect(refused.res.status).toBe(429);
    expect(refused.res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await refused.res.json()) as { error: { code: string } }).error.code).toBe("too_many_streams");
    expect((await t.call("GET", "/api/health")).status).toBe(200);

    await open.pop()!.close();
    await vi.waitFor(async () => {
      const again = await stream(one.cookie);
      expect(again.res.status).toBe(200);
      open.push(again.client!);
    });

    // Other accounts from the same address (app.request: 127.0.0.1) fill the address's share.
    while (open.length < STREAMS_PER_IP) {
      const other = await t.userWithSession();
      for (let i = 0; i < STREAMS_PER_ACCOUNT && open.length < STREAMS_PER_IP; i++) {
        const s = await stream(other.cookie);
        expect(s.res.status).toBe(200);
        open.push(s.client!);
      }
    }
    const fresh = await t.userWithSession();
    const byIp = await stream(fresh.cookie);
    expect(byIp.res.status).toBe(429);
    expect(byIp.res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await t.call("GET", "/api/health")).status).toBe(200);
  });
});
