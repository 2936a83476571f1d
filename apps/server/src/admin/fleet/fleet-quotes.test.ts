// Admin changes reach customers at once: the public vehicle list and POST /api/quotes read a cached
// snapshot, which every fleet and pricing mutation drops.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeGeo } from "../../test/fake-geo";
import { giveCapacityForDays, rideInput } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({}, { geo: createFakeGeo() });
  cookie = (await t.userWithSession({ role: "admin" })).cookie;
});
afterAll(() => t.close());

const adminCall = (method: string, path: string, json?: unknown) => t.call(method, path, { cookie, json });

describe("admin fleet changes and customer quotes", () => {
  it("a new vehicle, its rate card, its tiers, the published method and deactivation all show in the next quote", async () => {
    // Warm the cache first, so a missing invalidation would show as stale data.
    expect((await t.call("GET", "/api/vehicles")).status).toBe(200);

    const created = await adminCall("POST", "/api/admin/vehicles", { name: "Quote Test Sprinter", baseFeeUsd: 100, passengerCapacity: 10, luggageCapacity: 10 });
    expect(created.status).toBe(201);
    const id = created.body.vehicle.id;
    await giveCapacityForDays(t, { vehicleTypeIds: [id] }); // chauffeurs on shift and its cars: only the price is in question
    const offered = async () => (await t.call("GET", "/api/vehicles")).body.vehicles.map((v: { id: string }) => v.id);
    // A new vehicle starts inactive; active but not priced it is still not offered.
    expect(created.body.vehicle.active).toBe(false);
    expect(await offered()).not.toContain(id);
    expect((await adminCall("PATCH", `/api/admin/vehicles/${id}`, { active: true })).status).toBe(200);
    expect(await offered()).not.toContain(id);
    expect((await t.call("POST", "/api/quotes", { json: rideInput(id) })).body.error.code).toBe("no_rate_card");

    expect((await adminCall("PUT", `/api/admin/pricing/rate-cards/${id}`, { perMileUsd: 5, perMinuteUsd: 2, active: true })).status).toBe(200);
    expect(await offered()).toContain(id);
    const priced = await t.call("POST", "/api/quotes", { json: rideInput(id) });
    expect(priced.status).toBe(200);
    const { miles, minutes, totalUsd } = priced.body.quote;
    expect(totalUsd).toBeCloseTo(100 + miles * 5 + minutes * 2, 2);

    expect((await adminCall("PUT", `/api/admin/pricing/rate-cards/${id}`, { perMileUsd: 6, perMinuteUsd: 2, active: true })).status).toBe(200);
    expect((await t.call("POST", "/api/quotes", { json: rideInput(id) })).body.quote.totalUsd).toBeCloseTo(100 + miles * 6 + minutes * 2, 2);

    expect((await adminCall("POST", "/api/admin/pricing/tiers", { vehicleTypeId: id, milesMin: 0, milesMax: 50, priceUsd: 222, active: true })).status).toBe(201);
    expect((await adminCall("POST", "/api/admin/pricing/publish", { method: "fixed_tiers" })).status).toBe(200);
    expect((await t.call("POST", "/api/quotes", { json: rideInput(id) })).body.quote).toMatchObject({ method: "fixed_tiers", totalUsd: 222 });
    expect((await adminCall("POST", "/api/admin/pricing/publish", { method: "miles_minutes" })).status).toBe(200);

    expect((await adminCall("PATCH", `/api/admin/vehicles/${id}`, { active: false })).status).toBe(200);
    expect((await t.call("GET", "/api/vehicles")).body.vehicles.map((v: { id: string }) => v.id)).not.toContain(id);
    expect((await t.call("POST", "/api/quotes", { json: rideInput(id) })).status).toBeGreaterThanOrEqual(400);
  });
});
