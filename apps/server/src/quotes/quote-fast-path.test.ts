// The node:http fast path for POST /api/quotes must answer exactly as the Hono route does, for good and bad
// input alike, from memory and after a lookup, and hand every other request to Hono.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeGeo, FAKE_PLACES, type FakeGeo } from "../test/fake-geo";
import type { TestApp } from "../test/harness";
import { listenWithQuoteFastPath } from "../test/fast-path-server";
import { createFleetTestApp, laDate, rideInput, type TestFleet } from "../test/factories";
import { securityHeaderList } from "../lib/security-headers";
import { QUOTE_MIDDLEWARE } from "./quote-fast-path";
import { verifyQuoteToken } from "./quote-token";

let t: TestApp;
let geo: FakeGeo;
let fleet: TestFleet;
let stopServer: () => Promise<void>;
let base: string;

beforeAll(async () => {
  geo = createFakeGeo();
  ({ t, fleet } = await createFleetTestApp({}, { geo, capacity: {} }));
  ({ base, close: stopServer } = await listenWithQuoteFastPath(t));
});
afterAll(async () => {
  await stopServer();
  await t.close();
});

type Answer = { status: number; body: any; requestId: string | null; headers: Headers };
/** contentType null: no Content-Type header at all (the body goes as bytes, which fetch does not label). */
type Req = { body?: string; contentType?: string | null; path?: string };

async function read(res: Response): Promise<Answer> {
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, requestId: res.headers.get("x-request-id"), headers: res.headers };
}
const headersOf = (r: Req): Record<string, string> => (r.contentType === null ? {} : { "content-type": r.contentType ?? "application/json" });
const bodyOf = (r: Req) => (r.contentType === null && r.body !== undefined ? new TextEncoder().encode(r.body) : r.body);
const viaFastPath = async (r: Req) => read(await fetch(base + (r.path ?? "/api/quotes"), { method: "POST", headers: headersOf(r), body: bodyOf(r) }));
const viaHono = async (r: Req) => read(await t.app.request(r.path ?? "/api/quotes", { method: "POST", headers: headersOf(r), body: bodyOf(r) }));

/** A quote answer without the parts that depend on the second it was made (the expiry inside the signed id). */
function comparable(a: Answer) {
  if (a.status !== 200) return { status: a.status, body: a.body };
  const verified = verifyQuoteToken(t.deps.config.authSecret, a.body.quoteId);
  expect(verified.ok).toBe(true);
  const { exp: _exp, ...claims } = (verified as { claims: Record<string, unknown> }).claims;
  const { quoteId: _id, expiresAt: _at, ...rest } = a.body;
  return { status: a.status, body: rest, claims };
}

/** An answer's headers without those that differ per answer or per transport. */
const PER_ANSWER = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding", "x-request-id"]);
const sameHeaders = (h: Headers) => Object.fromEntries([...h].filter(([name]) => !PER_ANSWER.has(name)).sort());

async function expectSameAnswer(r: Req) {
  const fast = await viaFastPath(r);
  const hono = await viaHono(r);
  expect(fast.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
  expect(comparable(fast)).toEqual(comparable(hono));
  // Both paths answer with the same headers (the security headers included), apart from those node:http adds
  // itself on a real socket and the per-answer ones.
  const security = Object.keys(await securityHeaderList(t.deps.config));
  expect(security).toEqual(expect.arrayContaining(["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy", "permissions-policy"]));
  expect(sameHeaders(fast.headers)).toEqual(sameHeaders(hono.headers));
  expect(sameHeaders(fast.headers)).toMatchObject(Object.fromEntries(security.map((name) => [name, expect.any(String)])));
  return fast;
}

const json = (v: unknown) => JSON.stringify(v);

describe("POST /api/quotes on the node:http fast path", () => {
  it("quotes exactly as the Hono route, the first time (lookups) and the second (all in memory)", async () => {
    const input = rideInput(fleet.sedan.id, { date: laDate(3), time: "07:45" });
    const callsBefore = geo.routeCalls;
    const first = await expectSameAnswer({ body: json(input) });
    expect(first.status).toBe(200);
    expect(first.body.quote).toMatchObject({ miles: 12.3, minutes: 30, totalUsd: 45 + 36.9 + 30 });
    const second = await viaFastPath({ body: json(input) });
    expect(comparable(second)).toEqual(comparable(first));
    expect(geo.routeCalls).toBe(callsBefore + 1); // the route was looked up once
    expect(first.requestId).not.toBe(second.requestId);
  });

  it("gives the same 4xx answers for every kind of bad input", async () => {
    const good = rideInput(fleet.sedan.id);
    const cases: Req[] = [
      { body: "{not json" },
      { body: "" },
      { body: "[]" },
      { body: "null" },
      { body: json(good), contentType: "text/plain" },
      { body: json(good), contentType: null },
      { body: json({ ...good, passengers: 0 }) },
      { body: json({ ...good, date: laDate(-1) }) },
      { body: json({ ...good, miles: 1, totalUsd: 1 }) },
      { body: json({ ...good, vehicleTypeId: "sedan" }) },
      { body: json({ ...good, pickupPlaceId: "test:nowhere" }) },
      { body: json({ ...good, dropoffPlaceId: good.pickupPlaceId }) },
      { body: json({ ...good, passengers: 5 }) },
      { body: json({ ...good, vehicleTypeId: fleet.bare.id }) },
      { body: json({ ...good, vehicleTypeId: fleet.retired.id }) },
      { body: json({ ...good, dropoffPlaceId: FAKE_PLACES.island.placeId }) },
      { body: json({ ...good, pickupPlaceId: "test:air\u0000port" }) },
      { body: `{"passengers":${"[".repeat(20_000)}${"]".repeat(20_000)}}` },
    ];
    for (const r of cases) {
      const fast = await expectSameAnswer(r);
      expect(fast.status, r.body).toBeGreaterThanOrEqual(400);
      expect(fast.status, r.body).toBeLessThan(500);
      expect(typeof fast.body.error.message).toBe("string");
    }
  });

  it("reads a body that starts with a byte-order mark, as the Hono route does", async () => {
    const fast = await expectSameAnswer({ body: `\uFEFF${json(rideInput(fleet.sedan.id))}` });
    expect(fast.status).toBe(200);
  });

  it("refuses a body over 64 KB with 413, declared or streamed, and keeps serving", async () => {
    const big = json({ ...rideInput(fleet.sedan.id), padding: "x".repeat(70 * 1024) });
    const declared = await viaFastPath({ body: big });
    expect(declared).toMatchObject({ status: 413, body: { error: { code: "payload_too_large" } } });

    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${base}/api/quotes`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", reject);
      // Chunked (no Content-Length), and the client never finishes: the 413 must come as soon as 64 KB is passed.
      for (let i = 0; i < 7; i++) req.write("x".repeat(10 * 1024));
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).error.code).toBe("payload_too_large");
    expect((await viaFastPath({ body: json(rideInput(fleet.sedan.id)) })).status).toBe(200);
  });

  it("answers 502 provider_error, as the Hono route does, while the maps service is down", async () => {
    for (const outage of ["place", "route"] as const) {
      geo.outage = outage;
      try {
        const fast = await expectSameAnswer({ body: json(rideInput(fleet.suv.id, { date: laDate(4), time: outage === "place" ? "05:15" : "05:30" })) });
        expect(fast).toMatchObject({ status: 502, body: { error: { code: "provider_error" } } });
      } finally {
        geo.outage = null;
      }
    }
  });

  it("applies and refuses coupon codes as the Hono route does, from memory too, each code with its own answer", async () => {
    const admin = await t.userWithSession({ role: "admin" });
    for (const json of [
      { code: "FAST10", kind: "percent", value: 10 },
      { code: "FAST5", kind: "fixed", value: 5 },
      { code: "FASTVALET", kind: "fixed", value: 5, service: "valet" },
    ]) {
      expect((await t.call("POST", "/api/admin/coupons", { cookie: admin.cookie, json })).status).toBe(201);
    }
    const trip = rideInput(fleet.sedan.id, { date: laDate(5), time: "08:15" });
    const plain = await expectSameAnswer({ body: json(trip) });
    const answers = new Map<string, Answer>();
    for (const code of ["FAST10", "fast5", "FASTVALET", "NOSUCHCODE", "FAST10"]) {
      const first = await expectSameAnswer({ body: json({ ...trip, couponCode: code }) });
      expect(first.status).toBe(200);
      // The second time everything is in memory (the coupon too): still the same answer.
      expect(comparable(await viaFastPath({ body: json({ ...trip, couponCode: code }) }))).toEqual(comparable(first));
      answers.set(code.toUpperCase(), first);
    }
    const fare = plain.body.quote.totalUsd as number;
    expect(answers.get("FAST10")!.body.quote.totalUsd).toBe(Math.round(fare * 90) / 100);
    expect(answers.get("FAST5")!.body.quote.totalUsd).toBe(Math.round(fare * 100 - 500) / 100);
    expect(answers.get("FAST5")!.body.quote.lines.at(-1)).toEqual({ kind: "coupon", label: "Coupon FAST5", amountUsd: -5 });
    expect(answers.get("FASTVALET")!.body).toMatchObject({ quote: { totalUsd: fare }, coupon: { code: "FASTVALET", message: "This code applies to valet only." } });
    expect(answers.get("NOSUCHCODE")!.body).toMatchObject({ quote: { totalUsd: fare }, coupon: { code: "NOSUCHCODE", message: "This code is not valid." } });
    expect(comparable(answers.get("FAST10")!).claims).toMatchObject({ couponCode: "FAST10" });
    // And the plain quote of the same trip is still the plain one (the code is part of the memo's key).
    expect(comparable(await viaFastPath({ body: json(trip) }))).toEqual(comparable(plain));
  });

  it("mirrors the middleware the Hono app runs ahead of the quote route, one for one", () => {
    const routes = t.app.routes;
    const quoteRoute = routes.findIndex((r) => r.method === "POST" && r.path === "/api/quotes");
    expect(quoteRoute).toBeGreaterThan(0);
    const ahead = routes.slice(0, quoteRoute).filter((r) => r.method === "ALL" && ["/*", "/api/*", "/api/quotes", "/api/quotes/*"].includes(r.path));
    // A middleware added to the app for this route must be added to the pre-dispatch (and to QUOTE_MIDDLEWARE) too.
    expect(ahead.map((r) => r.path)).toEqual(["/*", "/*", "/*", "/*", "/api/*"]);
    expect(ahead).toHaveLength(QUOTE_MIDDLEWARE.length);
  });

  it("hands every other request to Hono: other paths, other methods, a query string", async () => {
    const vehicles = await fetch(`${base}/api/vehicles`);
    expect(vehicles.status).toBe(200);
    expect(((await vehicles.json()) as { vehicles: unknown[] }).vehicles.length).toBeGreaterThan(0);
    const get = await fetch(`${base}/api/quotes`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const withQuery = await viaFastPath({ path: "/api/quotes?source=widget", body: json(rideInput(fleet.sedan.id)) });
    // Hono answers it as every route answers a query parameter the document does not describe.
    expect(withQuery.status).toBe(400);
    expect(withQuery.body.error).toMatchObject({ code: "validation_error", fields: { source: expect.any(String) } });
    // Each path numbers its requests with its own random prefix: this one came from Hono.
    const direct = await viaFastPath({ body: json(rideInput(fleet.sedan.id)) });
    const prefix = (a: Answer) => a.requestId!.split("-")[0];
    expect(prefix(withQuery)).not.toBe(prefix(direct));
  });
});
