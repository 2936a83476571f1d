// The flight providers: one contract (test/flight-provider-contract.ts) on the embedded simulation (on the database) and on
// AeroDataBox's replayed answers (a local server); what the AeroDataBox adapter sends and how it chooses among legs
// and fails; and the admin's "set delay" route (validated, audited, embedded only).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { FLIGHT_NUMBER_MESSAGE, canonicalFlightNumber } from "@meridian/shared/flights";
import { loadEnv } from "../env";
import { auditLogs } from "../db/schema";
import { startReplayServer, type ReplayServer, type Reply } from "../test/replay-server";
import { createAdminTestApp, createTestApp, openTestDatabase, type TestApp } from "../test/harness";
import type { Database } from "../db/client";
import { createAeroDataBoxProvider } from "./aerodatabox";
import { createEmbeddedFlightProvider, simulateFlight, type EmbeddedFlightProvider } from "./embedded";
import { createFlightProvider } from "./flights.service";
import { FlightError } from "../lib/flight-provider";
import { describeFlightContract } from "../test/flight-provider-contract";

const DATE = "2031-03-12";
const fixture = (name: string): Reply => ({ raw: fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures", name), "utf8") });
const HOUR = 3_600_000;

/** A flight number of the simulation that day, on time and flying (not cancelled, no simulated delay). */
function onTimeFlight(airline: string, from = 1): string {
  for (let n = from; n < 9000; n++) {
    const sim = simulateFlight(`${airline}${n}`, DATE);
    if (sim.exists && sim.delayMinutes === 0 && !sim.cancelled) return `${airline}${n}`;
  }
  throw new Error("no on-time flight");
}
const scheduledAt = (flightNumber: string) => {
  const sim = simulateFlight(flightNumber, DATE);
  if (!sim.exists) throw new Error("no such flight");
  return sim.scheduledArrival;
};

describe("embedded flight simulation", () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  let provider: EmbeddedFlightProvider;
  beforeAll(async () => {
    ({ database, cleanup } = await openTestDatabase());
    provider = createEmbeddedFlightProvider(database.db);
  });
  afterAll(() => cleanup());

  describeFlightContract("embedded", {
    provider: () => provider,
    async setUp(c) {
      const day = (flightNumber: string) => ({ flightNumber, date: DATE, arrivalAirport: "LAX" });
      switch (c) {
        case "scheduled": {
          const f = onTimeFlight("AA");
          return { query: day(f), now: new Date(scheduledAt(f).getTime() - 24 * HOUR) };
        }
        case "delayed": {
          const f = "DL401";
          await provider.setDelay(f, DATE, { delayMinutes: 45 });
          return { query: day(f), now: new Date(scheduledAt(f).getTime() - 24 * HOUR), delayMinutes: 45 };
        }
        case "early": {
          const f = "UA512";
          await provider.setDelay(f, DATE, { delayMinutes: -15 });
          return { query: day(f), now: new Date(scheduledAt(f).getTime() - 24 * HOUR), delayMinutes: -15 };
        }
        case "cancelled": {
          await provider.setDelay("WN1234", DATE, { delayMinutes: 0, cancelled: true });
          return { query: day("WN1234"), now: new Date(scheduledAt("WN1234").getTime() - 2 * HOUR) };
        }
        case "diverted": {
          const f = onTimeFlight("UA", 1900);
          await provider.setDelay(f, DATE, { delayMinutes: 20, diverted: true });
          return { query: day(f), now: new Date(scheduledAt(f).getTime() - 30 * 60_000) };
        }
        case "landed": {
          const f = onTimeFlight("BA");
          return { query: day(f), now: new Date(scheduledAt(f).getTime() + HOUR) };
        }
        case "unknown":
          return { query: day("AS9100"), now: new Date(`${DATE}T12:00:00Z`) };
      }
    },
  });

  it("is the same flight every time, and another flight on another day", async () => {
    const f = onTimeFlight("AA");
    const now = new Date(scheduledAt(f).getTime() - 24 * HOUR);
    const a = await provider.status({ flightNumber: f, date: DATE }, now);
    expect(await provider.status({ flightNumber: f, date: DATE }, now)).toEqual(a);
    const other = await provider.status({ flightNumber: f, date: "2031-03-13" }, now);
    expect(other?.scheduledArrival).not.toBe(a?.scheduledArrival);
    // Lands between 06:00 and 22:55 in Los Angeles.
    const hour = Number(new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", hour: "numeric", hourCycle: "h23" }).format(new Date(a!.scheduledArrival)));
    expect(hour).toBeGreaterThanOrEqual(6);
    expect(hour).toBeLessThanOrEqual(22);
  });

  it("simulates delays, early landings and cancellations at about the stated rates", () => {
    const counts = { onTime: 0, late: 0, early: 0, cancelled: 0 };
    for (let n = 1; n <= 2000; n++) {
      const sim = simulateFlight(`AA${n}`, DATE);
      if (!sim.exists) continue;
      if (sim.cancelled) counts.cancelled++;
      else if (sim.delayMinutes > 0) counts.late++;
      else if (sim.delayMinutes < 0) counts.early++;
      else counts.onTime++;
    }
    expect(counts.onTime).toBeGreaterThan(1200);
    expect(counts.late).toBeGreaterThan(200);
    expect(counts.early).toBeGreaterThan(150);
    expect(counts.cancelled).toBeGreaterThan(20);
  });

  it("an admin's delay replaces the simulated one, and in the air the flight is en route", async () => {
    const f = onTimeFlight("AA", 600);
    await provider.setDelay(f, DATE, { delayMinutes: 30 });
    await provider.setDelay(f, DATE, { delayMinutes: 60 });
    const landsAt = scheduledAt(f).getTime() + 60 * 60_000;
    const flying = await provider.status({ flightNumber: f, date: DATE }, new Date(landsAt - 10 * 60_000));
    expect(flying).toMatchObject({ phase: "en_route", delayMinutes: 60 });
    expect(Date.parse(flying!.estimatedArrival)).toBe(landsAt);
  });
});

describe("AeroDataBox adapter (replayed answers)", () => {
  let upstream: ReplayServer;
  const KEY = "rapidapi-test-key-0001";
  const provider = () => createAeroDataBoxProvider({ url: upstream.url, apiKey: KEY, timeoutMs: 5000, memoMs: 0 });
  const at = new Date(`2026-12-03T12:00:00Z`);
  beforeAll(async () => {
    upstream = await startReplayServer({
      "GET /flights/number/AA100/2026-12-03": fixture("adb-scheduled.json"),
      "GET /flights/number/DL401/2026-12-03": fixture("adb-delayed.json"),
      "GET /flights/number/UA512/2026-12-03": fixture("adb-early.json"),
      "GET /flights/number/WN1234/2026-12-03": fixture("adb-cancelled.json"),
      "GET /flights/number/BA283/2026-12-03": fixture("adb-landed.json"),
      "GET /flights/number/UA1990/2026-12-03": fixture("adb-diverted.json"),
      "GET /flights/number/AS9/2026-12-03": { status: 204, raw: "" },
      "GET /flights/number/AS7410/2026-12-03": fixture("adb-codeshare.json"),
      "GET /flights/number/AA1/2026-12-03": { status: 401, ...fixture("adb-error.json") },
      "GET /flights/number/AA2/2026-12-03": { status: 503, raw: JSON.stringify({ message: "Service unavailable" }) },
    });
  });
  afterAll(() => upstream.close());

  const day = (flightNumber: string) => ({ flightNumber, date: "2026-12-03", arrivalAirport: "LAX" });
  describeFlightContract("AeroDataBox", {
    provider,
    async setUp(c) {
      const query = day({ scheduled: "AA100", delayed: "DL401", early: "UA512", cancelled: "WN1234", diverted: "UA1990", landed: "BA283", unknown: "AS9" }[c]);
      return { query, now: at, delayMinutes: c === "delayed" ? 45 : c === "early" ? -15 : undefined };
    },
  });

  it("asks for the arrival day of the flight with the RapidAPI key and host, and reads the times, terminal and gate", async () => {
    upstream.reset();
    const f = await provider().status(day("DL401"), at);
    expect(upstream.requests).toHaveLength(1);
    const req = upstream.requests[0]!;
    expect(req.path).toBe("/flights/number/DL401/2026-12-03");
    expect(req.query.get("dateLocalRole")).toBe("Arrival");
    expect(req.headers["x-rapidapi-key"]).toBe(KEY);
    expect(req.headers["x-rapidapi-host"]).toBe(new URL(upstream.url).host);
    expect(f).toEqual({
      flightNumber: "DL401",
      airlineName: "Delta Air Lines",
      origin: "ATL",
      destination: "LAX",
      phase: "en_route",
      scheduledArrival: "2026-12-03T20:10:00.000Z",
      estimatedArrival: "2026-12-03T20:55:00.000Z",
      actualArrival: null,
      delayMinutes: 45,
      terminal: "3",
      gate: "31B",
      baggageBelt: null,
    });
  });

  it("touchdown is the actual arrival once landed", async () => {
    const f = await provider().status(day("BA283"), at);
    expect(f).toMatchObject({ actualArrival: "2026-12-03T19:58:00.000Z", delayMinutes: -2, terminal: "B", baggageBelt: "5" });
  });

  it("of several legs and codeshare rows, follows the operator's leg that lands at the pickup airport", async () => {
    const f = await provider().status(day("AS7410"), at);
    expect(f).toMatchObject({ origin: "SEA", destination: "LAX", phase: "en_route", gate: "64", delayMinutes: 20 });
  });

  it("a refused key is a provider error, an outage or no answer is 'unavailable' (the follow job retries)", async () => {
    const refused = await provider().status(day("AA1"), at).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FlightError);
    expect(refused).toMatchObject({ code: "provider_error", message: expect.stringContaining("You are not subscribed") });
    await expect(provider().status(day("AA2"), at)).rejects.toMatchObject({ code: "provider_unavailable" });
    const dead = createAeroDataBoxProvider({ url: "http://127.0.0.1:9", apiKey: KEY, timeoutMs: 2000 });
    await expect(dead.status(day("AA100"), at)).rejects.toMatchObject({ code: "provider_unavailable" });
  });

  it("remembers an answer for a minute: the booking dialog's repeated quotes cost one call", async () => {
    upstream.reset();
    const remembering = createAeroDataBoxProvider({ url: upstream.url, apiKey: KEY, timeoutMs: 5000 });
    await remembering.status(day("AA100"), at);
    await remembering.status(day("AA100"), at);
    expect(upstream.count("/flights/number/AA100/2026-12-03")).toBe(1);
  });

  it("is chosen by FLIGHT_PROVIDER, and needs its key", () => {
    expect(() => loadEnv({ FLIGHT_PROVIDER: "aerodatabox" })).toThrow(/AERODATABOX_API_KEY/);
    const env = loadEnv({ FLIGHT_PROVIDER: "aerodatabox", AERODATABOX_API_KEY: KEY, AERODATABOX_URL: upstream.url });
    expect(createFlightProvider(env, null as never).kind).toBe("aerodatabox");
    expect(createFlightProvider(loadEnv({}), null as never).kind).toBe("embedded");
  });
});

describe("flight numbers", () => {
  it.each([
    ["AA100", "AA100"],
    ["aa 0100", "AA100"],
    [" ba117 ", "BA117"],
    ["U21234", "U21234"],
    ["9W4567", "9W4567"],
    ["AAL100", "AAL100"],
    ["DL47A", "DL47A"],
    ["AA", null],
    ["AA12345", null],
    ["99123", null],
    ["AA0", null],
    ["A-100", null],
  ])("%s → %s", (typed, canonical) => {
    expect(canonicalFlightNumber(typed)).toBe(canonical);
  });
});

describe("PUT /api/admin/flights/:flightNumber/:date", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => ({ t, cookie: admin } = await createAdminTestApp()));
  afterAll(() => t.close());

  it("sets a flight's delay, answers the flight as it now stands, and writes the audit log", async () => {
    const f = onTimeFlight("AA", 300);
    const res = await t.call("PUT", `/api/admin/flights/${f.toLowerCase()}/${DATE}`, { cookie: admin, json: { delayMinutes: 45 } });
    expect(res.status).toBe(200);
    expect(res.body.flight).toMatchObject({ flightNumber: f, delayMinutes: 45 });
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, `${f}/${DATE}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "flight.delay_set", entity: "flight", after: { delayMinutes: 45, cancelled: false, diverted: false } });
  });

  it("diverts a flight (and puts it back): the answer says so", async () => {
    const f = onTimeFlight("AA", 320);
    const res = await t.call("PUT", `/api/admin/flights/${f}/${DATE}`, { cookie: admin, json: { delayMinutes: 0, diverted: true } });
    expect(res.status).toBe(200);
    expect(res.body.flight).toMatchObject({ flightNumber: f, phase: "diverted" });
    const back = await t.call("PUT", `/api/admin/flights/${f}/${DATE}`, { cookie: admin, json: { delayMinutes: 0 } });
    expect(back.body.flight.phase).not.toBe("diverted");
    const bad = await t.call("PUT", `/api/admin/flights/${f}/${DATE}`, { cookie: admin, json: { delayMinutes: 0, diverted: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.diverted).toBe("Diverted must be true or false.");
  });

  it("refuses a malformed flight number, date or delay with a field message", async () => {
    const bad = await t.call("PUT", `/api/admin/flights/A-100/${DATE}`, { cookie: admin, json: { delayMinutes: 45 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.flightNumber).toBe(FLIGHT_NUMBER_MESSAGE);
    const date = await t.call("PUT", `/api/admin/flights/AA100/2031-02-30`, { cookie: admin, json: { delayMinutes: 45 } });
    expect(date.status).toBe(400);
    expect(date.body.error.fields.date).toMatch(/calendar date/);
    const delay = await t.call("PUT", `/api/admin/flights/AA100/${DATE}`, { cookie: admin, json: { delayMinutes: 4.5 } });
    expect(delay.status).toBe(400);
    expect(delay.body.error.fields.delayMinutes).toMatch(/whole number of minutes/);
    const tooMuch = await t.call("PUT", `/api/admin/flights/AA100/${DATE}`, { cookie: admin, json: { delayMinutes: 100000 } });
    expect(tooMuch.status).toBe(400);
  });

  it("is for admins only", async () => {
    const customer = (await t.userWithSession()).cookie;
    expect((await t.call("PUT", `/api/admin/flights/AA100/${DATE}`, { cookie: customer, json: { delayMinutes: 45 } })).status).toBe(403);
    expect((await t.call("PUT", `/api/admin/flights/AA100/${DATE}`, { json: { delayMinutes: 45 } })).status).toBe(401);
  });

  it("answers 409 when the flights come from a real provider", async () => {
    const real = await createTestApp({ FLIGHT_PROVIDER: "aerodatabox", AERODATABOX_API_KEY: "rapidapi-test-key-0001", AERODATABOX_URL: "http://127.0.0.1:9" });
    try {
      const cookie = (await real.userWithSession({ role: "admin" })).cookie;
      const res = await real.call("PUT", `/api/admin/flights/AA100/${DATE}`, { cookie, json: { delayMinutes: 45 } });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("not_embedded");
    } finally {
      await real.close();
    }
  });
});
