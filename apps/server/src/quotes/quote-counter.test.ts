// Answered quotes are counted per day and service (and with a coupon that applied), in memory, and written
// every few seconds and on shutdown as increments: nothing is written per quote, no count is lost, and
// several processes add up in the same rows.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_TIME_ZONE, todayInServiceArea } from "@meridian/shared/booking";
import { addDays, zonedInstant } from "@meridian/shared/zoned-time";
import { setValetRates } from "../seed/factories";
import { quoteCounts } from "../db/schema";
import { FAKE_PLACES } from "../test/fake-geo";
import { createLifecycle } from "../lib/lifecycle";
import type { TestApp } from "../test/harness";
import { listenWithQuoteFastPath } from "../test/fast-path-server";
import { createFleetTestApp, laDate, rideInput, type TestFleet } from "../test/factories";
import { invalidatePricingCache } from "./pricing-data";
import { createQuoteCounter } from "./quote-counter";

let t: TestApp;
let fleet: TestFleet;
let stopServer: () => Promise<void>;
let base: string;

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp({}, { capacity: {} }));
  await setValetRates(t.db);
  invalidatePricingCache();
  ({ base, close: stopServer } = await listenWithQuoteFastPath(t));
});
afterAll(async () => {
  await stopServer();
  await t.close();
});

const rowsOf = (day: string) => t.db.select().from(quoteCounts).where(eq(quoteCounts.day, day)).orderBy(quoteCounts.service);
const fastQuote = (json: unknown) => fetch(`${base}/api/quotes`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(json) });

/**
 * The first test's quotes are counted under the day of their minute: started in the last 20 s of a Los Angeles day,
 * they would straddle midnight. Wait for the next day then.
 */
async function awayFromMidnight() {
  const midnight = zonedInstant(addDays(todayInServiceArea(), 1), "00:00", SERVICE_TIME_ZONE).getTime();
  const left = midnight - Date.now();
  if (left < 20_000) await new Promise((r) => setTimeout(r, left + 1000));
}

describe("quote counts", () => {
  it("counts answered ride quotes (Hono and the fast path) and valet quotes per day, those with a coupon apart, written on flush", { timeout: 60_000 }, async () => {
    await awayFromMidnight();
    const admin = await t.userWithSession({ role: "admin" });
    await t.call("POST", "/api/admin/coupons", { cookie: admin.cookie, json: { code: "COUNTME", kind: "fixed", value: 5 } });
    const today = todayInServiceArea();
    const ride = rideInput(fleet.sedan.id);
    expect((await t.call("POST", "/api/quotes", { json: ride })).status).toBe(200);
    expect((await t.call("POST", "/api/quotes", { json: { ...ride, couponCode: "COUNTME" } })).status).toBe(200);
    expect((await t.call("POST", "/api/quotes", { json: { ...ride, couponCode: "NOTACODE" } })).status).toBe(200); // refused: no coupon
    expect((await t.call("POST", "/api/quotes", { json: { ...ride, passengers: 0 } })).status).toBe(400); // not answered: not counted
    expect((await fastQuote(ride)).status).toBe(200);
    expect((await fastQuote({ ...ride, couponCode: "countme" })).status).toBe(200);
    expect((await fastQuote({ ...ride, vehicleTypeId: fleet.bare.id })).status).toBe(422);
    const valet = { customerName: "Counted Planner", eventType: "Corporate", date: laDate(3), startTime: "18:00", endTime: "22:00", eventPlaceId: FAKE_PLACES.hills.placeId };
    expect((await t.call("POST", "/api/valet/quotes", { json: valet })).status).toBe(200);
    expect((await t.call("POST", "/api/valet/quotes", { json: { ...valet, couponCode: "COUNTME" } })).status).toBe(200);

    expect(await rowsOf(today)).toEqual([]); // nothing written per quote
    await t.deps.quoteCounts.flush();
    expect(await rowsOf(today)).toEqual([
      { day: today, service: "ride", quotes: 5, withCoupon: 2 },
      { day: today, service: "valet", quotes: 2, withCoupon: 1 },
    ]);
    // The next counts are added to the stored ones.
    expect((await fastQuote(ride)).status).toBe(200);
    await t.deps.quoteCounts.flush();
    expect((await rowsOf(today))[0]).toMatchObject({ quotes: 6, withCoupon: 2 });
  });

  it("writes on its own every few seconds (here 50 ms), and two processes' counters add up in one row", async () => {
    const day = "2026-01-02";
    const a = createQuoteCounter(t.db, t.deps.logger, { flushMs: 50, today: () => day });
    const b = createQuoteCounter(t.db, t.deps.logger, { flushMs: 50, today: () => day });
    for (let i = 0; i < 30; i++) a.count("ride", i % 3 === 0);
    for (let i = 0; i < 20; i++) b.count("ride", false);
    b.count("valet", true);
    const end = Date.now() + 5000;
    while (Date.now() < end && (await rowsOf(day)).reduce((n, r) => n + r.quotes, 0) < 51) await new Promise((r) => setTimeout(r, 25));
    expect(await rowsOf(day)).toEqual([
      { day, service: "ride", quotes: 50, withCoupon: 10 },
      { day, service: "valet", quotes: 1, withCoupon: 1 },
    ]);
    await Promise.all([a.close(), b.close()]);
  });

  it("writes what is still in memory on shutdown (lifecycle.close), and counts nothing after", async () => {
    const day = "2026-01-03";
    const counter = createQuoteCounter(t.db, t.deps.logger, { flushMs: 60_000, today: () => day });
    const lifecycle = createLifecycle();
    lifecycle.beforeClose(() => counter.close());
    for (let i = 0; i < 7; i++) counter.count("valet", false);
    expect(await rowsOf(day)).toEqual([]);
    await lifecycle.close();
    expect(await rowsOf(day)).toEqual([{ day, service: "valet", quotes: 7, withCoupon: 0 }]);
    counter.count("valet", false);
    await counter.flush();
    expect((await rowsOf(day))[0]!.quotes).toBe(7);
  });
});
