// busStream's two transports (decision 022): written straight to the Node response under @hono/node-server, and
// through Hono's streamSSE without one (app.request(), or a listener that hands Hono no Node response). Driven with
// the same events, they must send the same bytes and the same headers, end the same way, and keep the same count
// of open streams; the direct path closes a stream whose client does not read instead of buffering for it.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { streamSSE } from "hono/streaming";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { securityHeaderList } from "../lib/security-headers";
import type { RealtimeEvent } from "./bus";
import { HEARTBEAT_MS, MAX_UNSENT_BYTES, PREAMBLE, sseFrame } from "./bus-stream";

let t: TestApp;
const servers: http.Server[] = [];

async function listen(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The app as main.ts serves it: Hono handlers see the Node response (the direct path). */
let direct: string;
/** The same app on a socket, but Hono is not handed the Node response: streamSSE, written by the adapter. */
let viaHono: string;

beforeAll(async () => {
  t = await createTestApp();
  direct = await listen(getRequestListener(t.app.fetch));
  viaHono = await listen(getRequestListener((req, env) => t.app.fetch(req, { incoming: env.incoming })));
});
afterAll(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await t.close();
});
afterEach(() => void vi.useRealTimers());

type Opened = { headers: Record<string, string>; text: () => string; ended: Promise<void>; close: () => void };

/** A stream read over a real socket, as bytes (latin1 would hide nothing either: compared as UTF-8 text). */
function openOnSocket(base: string, path: string, headers: Record<string, string>): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent: false, headers: { accept: "text/event-stream", ...headers } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`${path} -> ${res.statusCode}`));
      const chunks: Buffer[] = [];
      const ended = new Promise<void>((done) => res.on("close", done));
      const opened: Opened = {
        headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
        text: () => Buffer.concat(chunks).toString("utf8"),
        ended,
        close: () => req.destroy(),
      };
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        if (opened.text().startsWith(PREAMBLE)) resolve(opened);
      });
      res.on("error", () => {});
    });
    req.on("error", reject);
  });
}

/** A stream read through app.request (no socket at all). */
async function openInProcess(path: string, headers: Record<string, string>): Promise<Opened> {
  const res = await t.app.request(path, { headers: { accept: "text/event-stream", ...headers } });
  if (res.status !== 200 || !res.body) throw new Error(`${path} -> ${res.status}`);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let sawPreamble!: () => void;
  const preamble = new Promise<void>((r) => (sawPreamble = r));
  const text = () => Buffer.concat(chunks).toString("utf8");
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      chunks.push(value);
      if (text().startsWith(PREAMBLE)) sawPreamble();
    }
  })();
  await preamble;
  return { headers: Object.fromEntries(res.headers), text, ended, close: () => void reader.cancel().catch(() => {}) };
}

/** Polls `done` on real timers (vi.waitFor would move the faked heartbeat clock) for up to 5 s. */
async function until(done: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const openStreams = async () => (await t.deps.metrics.sseClients.get()).values[0]?.value ?? 0;

/** Headers that differ per answer (or that only a socket has: node:http's Date). */
const comparable = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).filter(([k]) => k !== "date" && k !== "x-request-id").sort());

describe("the event stream's frames", () => {
  it("are the bytes Hono's writeSSE writes", async () => {
    const messages = [
      { event: "booking.created", data: JSON.stringify({ a: 1 }), id: "b-1" },
      { event: "claim.update", data: JSON.stringify({ note: "two\nlines, é, \u2028, ☃" }) },
      { event: "x", data: "raw\r\nlines\rand\nmore", id: "" },
      { event: "", data: '"no name"' },
    ];
    const app = new Hono().get("/", (c) =>
      streamSSE(c, async (stream) => {
        for (const m of messages) await stream.writeSSE(m);
      }),
    );
    const body = await (await app.request("/")).text();
    expect(messages.map((m) => sseFrame(m.event, m.data, m.id)).join("")).toBe(body);
    expect(() => sseFrame("a\nb", "{}")).toThrow();
    expect(() => sseFrame("a", "{}", "1\r")).toThrow();
  });
});

describe("busStream on the Node response and through streamSSE", () => {
  it("stops and unsubscribes when the client goes away (the direct path)", async () => {
    const admin = await t.userWithSession({ role: "admin" });
    const before = await openStreams();
    const s = await openOnSocket(direct, "/api/realtime", { cookie: admin.cookie });
    expect(await openStreams()).toBe(before + 1);
    s.close();
    await vi.waitFor(async () => expect(await openStreams()).toBe(before), { timeout: 2000, interval: 10 });
  });

  it("closes a stream whose client reads nothing once MAX_UNSENT_BYTES wait for it, rather than buffering on", async () => {
    const admin = await t.userWithSession({ role: "admin" });
    const before = await openStreams();
    const socket = net.connect(Number(new URL(direct).port), "127.0.0.1");
    let closed = false;
    socket.on("close", () => (closed = true));
    socket.on("error", () => {});
    socket.write(`GET /api/realtime HTTP/1.1\r\nhost: localhost\r\naccept: text/event-stream\r\ncookie: ${admin.cookie}\r\n\r\n`);
    socket.pause(); // reads nothing: the kernel's buffers fill, then the server's
    await vi.waitFor(async () => expect(await openStreams()).toBe(before + 1), { timeout: 2000, interval: 10 });
    // Big events, kept off the database's NOTIFY (its payload limit) by a stand-in for this test.
    const notify = t.database.notify;
    t.database.notify = async () => {};
    const filler = "x".repeat(64 * 1024);
    let sent = 0;
    try {
      while ((await openStreams()) > before && sent < 256 * MAX_UNSENT_BYTES) {
        for (let i = 0; i < 16; i++) {
          await t.deps.bus.publish({ type: "booking.updated", bookingId: crypto.randomUUID(), service: "ride", userId: null, chauffeurIds: [], status: "confirmed", chauffeurFirstName: filler, vehicleName: null });
          sent += filler.length;
        }
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      t.database.notify = notify;
    }
    expect(await openStreams()).toBe(before);
    expect(sent).toBeLessThan(256 * MAX_UNSENT_BYTES);
    socket.resume(); // what was in the kernel's buffers, then the end
    await vi.waitFor(() => expect(closed).toBe(true), { timeout: 5000, interval: 20 });
  });

  it("sends the same bytes and headers on both paths, heartbeats, ordering, a stop and the server's stop included", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const admin = await t.userWithSession({ role: "admin" });
    const valet = await t.userWithSession({ role: "valet" });
    const alice = await t.userWithSession();
    const before = await openStreams();
    const routes = [
      { path: "/api/realtime", cookie: admin.cookie },
      { path: "/api/valet/queue", cookie: valet.cookie },
      { path: "/api/realtime", cookie: alice.cookie },
    ];
    const paths = {
      direct: (p: string, h: Record<string, string>) => openOnSocket(direct, p, h),
      honoOnSocket: (p: string, h: Record<string, string>) => openOnSocket(viaHono, p, h),
      inProcess: openInProcess,
    };
    const streams: Record<keyof typeof paths, Opened[]> = { direct: [], honoOnSocket: [], inProcess: [] };
    for (const [name, open] of Object.entries(paths) as [keyof typeof paths, (typeof paths)[keyof typeof paths]][]) {
      for (const r of routes) streams[name].push(await open(r.path, { cookie: r.cookie }));
    }
    expect(await openStreams()).toBe(before + 9);

    const ticketId = crypto.randomUUID();
    const events: RealtimeEvent[] = [
      { type: "booking.created", bookingId: "b-1", service: "ride", userId: alice.user.id, createdAt: "2026-11-27T12:00:00.000Z" },
      {
        type: "booking.updated",
        bookingId: "b-1",
        service: "ride",
        userId: alice.user.id,
        chauffeurIds: [],
        status: "confirmed",
        chauffeurFirstName: "Zoë \u2028 ☃",
        vehicleName: "Line\nbreak",
        notice: { kind: "flight_delay" } as never,
      },
      { type: "valet.ticket", ticketId, ticket: { id: ticketId, updatedAt: "2026-11-27T12:00:01.000Z", note: "é" } as never, claim: { status: "parked" } as never },
      // A session check the events after it wait for (the admin's and the valet's: still allowed).
      { type: "session.changed", userId: admin.user.id },
      { type: "session.changed", userId: valet.user.id },
      { type: "booking.created", bookingId: "b-2", service: "valet", userId: null, createdAt: "2026-11-27T12:00:02.000Z" },
      { type: "valet.ticket", ticketId, ticket: { id: ticketId, updatedAt: "2026-11-27T12:00:03.000Z" } as never, claim: { status: "requested" } as never },
    ];
    for (const e of events) await t.deps.bus.publish(e);
    // Every event is out (b-2 waited for the admin's session check) before the heartbeat, which waits for nothing.
    await until(() => Object.values(streams).every((list) => list[0]!.text().includes('"bookingId":"b-2"') && list[1]!.text().includes("12:00:03")));
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS); // one heartbeat each (the session backstop is 20 beats away)
    await until(() => Object.values(streams).every((list) => list.every((s) => s.text().endsWith(": heartbeat\n\n"))));
    // Alice signs out: her streams end (the database announces it; each stream checks her session and stops).
    expect((await t.call("POST", "/api/auth/sign-out", { cookie: alice.cookie, json: {} })).status).toBe(200);
    await Promise.all([streams.direct[2]!.ended, streams.honoOnSocket[2]!.ended, streams.inProcess[2]!.ended]);
    // The server stops: each stream ends with the retry hint.
    t.deps.lifecycle.stop();
    await Promise.all(Object.values(streams).flatMap((list) => list.map((s) => s.ended)));
    expect(await openStreams()).toBe(before);

    const [desk, queue, customer] = streams.direct.map((s) => s.text());
    expect(desk).toBe(
      PREAMBLE +
        `event: booking.created\ndata: {"bookingId":"b-1","service":"ride","createdAt":"2026-11-27T12:00:00.000Z"}\nid: b-1\n\n` +
        `event: booking.updated\ndata: {"bookingId":"b-1","status":"confirmed","chauffeurFirstName":"Zoë \u2028 ☃","vehicleName":"Line\\nbreak","notice":{"kind":"flight_delay"}}\n\n` +
        `event: booking.created\ndata: {"bookingId":"b-2","service":"valet","createdAt":"2026-11-27T12:00:02.000Z"}\nid: b-2\n\n` +
        ": heartbeat\n\nretry: 1000\n\n",
    );
    expect(queue).toBe(
      PREAMBLE +
        `event: valet.ticket\ndata: {"id":"${ticketId}","updatedAt":"2026-11-27T12:00:01.000Z","note":"é"}\nid: ${ticketId}:2026-11-27T12:00:01.000Z\n\n` +
        `event: valet.ticket\ndata: {"id":"${ticketId}","updatedAt":"2026-11-27T12:00:03.000Z"}\nid: ${ticketId}:2026-11-27T12:00:03.000Z\n\n` +
        ": heartbeat\n\nretry: 1000\n\n",
    );
    expect(customer).toBe(
      PREAMBLE +
        `event: booking.created\ndata: {"bookingId":"b-1","service":"ride","createdAt":"2026-11-27T12:00:00.000Z"}\nid: b-1\n\n` +
        `event: booking.updated\ndata: {"bookingId":"b-1","status":"confirmed","chauffeurFirstName":"Zoë \u2028 ☃","vehicleName":"Line\\nbreak"}\n\n` +
        ": heartbeat\n\n",
    );
    for (const other of [streams.honoOnSocket, streams.inProcess]) expect(other.map((s) => s.text())).toEqual([desk, queue, customer]);

    // The same headers: the stream's own, the app's security headers and a request id, on every path.
    const security = await securityHeaderList(t.deps.config);
    for (const s of streams.direct) {
      expect(s.headers).toMatchObject({ ...security, "content-type": "text/event-stream", "cache-control": "no-store", "x-accel-buffering": "no" });
      expect(s.headers["x-request-id"]).toMatch(/\S/);
      expect(comparable(s.headers)).toEqual(comparable(streams.honoOnSocket[0]!.headers));
    }
    for (const s of [...streams.honoOnSocket, ...streams.inProcess]) {
      expect(s.headers["x-request-id"]).toMatch(/\S/);
      expect(comparable(s.headers)).toEqual(comparable(streams.direct[0]!.headers));
    }
  });
});
