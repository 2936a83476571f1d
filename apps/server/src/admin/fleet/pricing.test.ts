import { and, desc, eq } from "drizzle-orm";
import { priceRide } from "@meridian/shared/pricing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateCard, createTier, createVehicle, setPricingMethod } from "../../seed/factories";
import { auditLogs, pricingMethods, rideFixedTiers, rideRateCards } from "../../db/schema";
import { createRolesTestApp, type RolesTestApp, type TestApp } from "../../test/harness";

let t: TestApp, admin: RolesTestApp["admin"], expectAdminOnly: RolesTestApp["expectAdminOnly"];
beforeAll(async () => ({ t, admin, expectAdminOnly } = await createRolesTestApp({ staffRole: "chauffeur" })));
afterAll(() => t.close());

const someId = "0b7f6e1c-1d2e-4f3a-8b9c-0d1e2f3a4b5c";
const auditFor = (entityId: string) => t.db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId)).orderBy(desc(auditLogs.createdAt));
const tiersOf = (vehicleTypeId: string) =>
  t.db.select().from(rideFixedTiers).where(eq(rideFixedTiers.vehicleTypeId, vehicleTypeId)).orderBy(rideFixedTiers.milesMin);
const as = (cookie = admin.cookie) => ({
  get: (path: string) => t.call("GET", path, { cookie }),
  post: (path: string, json?: unknown) => t.call("POST", path, { cookie, json }),
  put: (path: string, json?: unknown) => t.call("PUT", path, { cookie, json }),
  patch: (path: string, json?: unknown) => t.call("PATCH", path, { cookie, json }),
  del: (path: string) => t.call("DELETE", path, { cookie }),
});

describe("who may use the pricing routes", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/admin/pricing"],
    ["PUT", `/api/admin/pricing/rate-cards/${someId}`, { perMileUsd: 1, perMinuteUsd: 1, active: true }],
    ["POST", "/api/admin/pricing/tiers", { vehicleTypeId: someId, milesMin: 0, milesMax: 5, priceUsd: 10, active: true }],
    ["PATCH", `/api/admin/pricing/tiers/${someId}`, { priceUsd: 5 }],
    ["DELETE", `/api/admin/pricing/tiers/${someId}`],
    ["POST", "/api/admin/pricing/publish", { method: "fixed_tiers" }],
    ["POST", "/api/admin/pricing/simulate", { vehicleTypeId: someId, miles: 12, minutes: 30 }],
  ];
  it.each(routes)("%s %s: 401 signed out, 403 for a user and for staff", async (method, path, json) => {
    await expectAdminOnly(method, path, json);
    expect(await t.db.select().from(pricingMethods)).toEqual([]);
  });
});

describe("GET /api/admin/pricing", () => {
  it("defaults the method to miles_minutes and lists every vehicle with its rate card (or null) and tiers by distance", async () => {
    const a = await createVehicle(t.db, { name: "AAA Overview Sedan", active: false });
    const b = await createVehicle(t.db, { name: "AAB Overview SUV" });
    await createRateCard(t.db, a.id, 3.25, 0.85);
    await createTier(t.db, a.id, 5, 10, 90);
    await createTier(t.db, a.id, 0, 5, 65, false);
    const res = await as().get("/api/admin/pricing");
    expect(res.status).toBe(200);
    expect(res.body.method).toBe("miles_minutes");
    const mine = res.body.vehicles.filter((v: any) => [a.id, b.id].includes(v.vehicle.id));
    expect(mine).toEqual([
      {
        vehicle: expect.objectContaining({ id: a.id, name: "AAA Overview Sedan", active: false }),
        rateCard: expect.objectContaining({ vehicleTypeId: a.id, perMileUsd: 3.25, perMinuteUsd: 0.85, active: true }),
        tiers: [
          expect.objectContaining({ milesMin: 0, milesMax: 5, priceUsd: 65, active: false }),
          expect.objectContaining({ milesMin: 5, milesMax: 10, priceUsd: 90, active: true }),
        ],
      },
      { vehicle: expect.objectContaining({ id: b.id }), rateCard: null, tiers: [] },
    ]);
  });
});

describe("PUT /api/admin/pricing/rate-cards/:vehicleId", () => {
  it("creates then updates the one rate card of a vehicle, auditing both", async () => {
    const v = await createVehicle(t.db);
    const first = await as().put(`/api/admin/pricing/rate-cards/${v.id}`, { perMileUsd: 3.5, perMinuteUsd: 0.9, active: false });
    expect(first.status).toBe(200);
    expect(first.body.rateCard).toMatchObject({ vehicleTypeId: v.id, perMileUsd: 3.5, perMinuteUsd: 0.9, active: false });
    const second = await as().put(`/api/admin/pricing/rate-cards/${v.id}`, { perMileUsd: 4, perMinuteUsd: 1.1, active: true });
    expect(second.status).toBe(200);
    expect(second.body.rateCard.id).toBe(first.body.rateCard.id);
    const rows = await t.db.select().from(rideRateCards).where(eq(rideRateCards.vehicleTypeId, v.id));
    expect(rows).toEqual([expect.objectContaining({ perMileUsd: 4, perMinuteUsd: 1.1, active: true })]);
    const audit = await auditFor(v.id);
    expect(audit.map((a) => a.action).sort()).toEqual(["rate_card.create", "rate_card.update"]);
    const update = audit.find((a) => a.action === "rate_card.update")!;
    expect(update.before).toMatchObject({ perMileUsd: 3.5, active: false });
    expect(update.after).toMatchObject({ perMileUsd: 4, active: true });
  });

  it("refuses negative or sub-cent rates (400) and unknown vehicles (404), changing nothing", async () => {
    const v = await createVehicle(t.db);
    await createRateCard(t.db, v.id, 2, 1);
    for (const json of [
      { perMileUsd: -1, perMinuteUsd: 1, active: true },
      { perMileUsd: 1.005, perMinuteUsd: 1, active: true },
      { perMileUsd: 1, perMinuteUsd: 1 },
    ]) {
      expect((await as().put(`/api/admin/pricing/rate-cards/${v.id}`, json)).status).toBe(400);
    }
    expect((await as().put(`/api/admin/pricing/rate-cards/${someId}`, { perMileUsd: 1, perMinuteUsd: 1, active: true })).status).toBe(404);
    expect((await as().put("/api/admin/pricing/rate-cards/nope", { perMileUsd: 1, perMinuteUsd: 1, active: true })).status).toBe(400);
    const [row] = await t.db.select().from(rideRateCards).where(eq(rideRateCards.vehicleTypeId, v.id));
    expect(row).toMatchObject({ perMileUsd: 2, perMinuteUsd: 1 });
    expect(await auditFor(v.id)).toHaveLength(0);
  });
});

describe("fixed tiers", () => {
  it("creates, edits and deletes a tier, one audit row each with before and after", async () => {
    const v = await createVehicle(t.db);
    const created = await as().post("/api/admin/pricing/tiers", { vehicleTypeId: v.id, milesMin: 5, milesMax: 10, priceUsd: 90, active: true });
    expect(created.status).toBe(201);
    const id = created.body.tier.id;
    expect(created.body.tier).toEqual({ id, vehicleTypeId: v.id, milesMin: 5, milesMax: 10, priceUsd: 90, active: true });

    const edited = await as().patch(`/api/admin/pricing/tiers/${id}`, { milesMax: 12.5, priceUsd: 95, active: false });
    expect(edited.status).toBe(200);
    expect(edited.body.tier).toMatchObject({ milesMin: 5, milesMax: 12.5, priceUsd: 95, active: false });

    expect((await as().del(`/api/admin/pricing/tiers/${id}`)).status).toBe(200);
    expect(await tiersOf(v.id)).toEqual([]);
    expect((await as().del(`/api/admin/pricing/tiers/${id}`)).status).toBe(404);
    for (const bad of ["not-a-uuid", "1", "%00"]) expect((await as().del(`/api/admin/pricing/tiers/${bad}`)).status, bad).toBe(400);

    const audit = await auditFor(id);
    expect(audit.map((a) => a.action).sort()).toEqual(["tier.create", "tier.delete", "tier.update"]);
    expect(audit.find((a) => a.action === "tier.update")).toMatchObject({
      entity: "ride_fixed_tier",
      before: expect.objectContaining({ milesMax: 10, priceUsd: 90 }),
      after: expect.objectContaining({ milesMax: 12.5, priceUsd: 95 }),
    });
    expect(audit.find((a) => a.action === "tier.delete")).toMatchObject({ before: expect.objectContaining({ milesMax: 12.5 }), after: null });
  });

  it("refuses an overlap with 409 tier_overlap naming the other tier, inactive tiers included; touching is fine", async () => {
    const v = await createVehicle(t.db);
    await createTier(t.db, v.id, 5, 10, 90, false);
    const res = await as().post("/api/admin/pricing/tiers", { vehicleTypeId: v.id, milesMin: 8, milesMax: 12, priceUsd: 100, active: true });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: "tier_overlap", message: "This tier overlaps with an existing tier (5 - 10 miles)." });
    const ok = await as().post("/api/admin/pricing/tiers", { vehicleTypeId: v.id, milesMin: 10, milesMax: 20, priceUsd: 135, active: true });
    expect(ok.status).toBe(201);
    const other = await createVehicle(t.db);
    expect((await as().post("/api/admin/pricing/tiers", { vehicleTypeId: other.id, milesMin: 8, milesMax: 12, priceUsd: 1, active: true })).status).toBe(201);
    expect((await tiersOf(v.id)).map((x) => [x.milesMin, x.milesMax])).toEqual([
      [5, 10],
      [10, 20],
    ]);
  });

  it("checks an edit against the vehicle's other tiers but not against itself", async () => {
    const v = await createVehicle(t.db);
    const a = await createTier(t.db, v.id, 0, 5, 65);
    const b = await createTier(t.db, v.id, 5, 10, 90);
    const clash = await as().patch(`/api/admin/pricing/tiers/${b.id}`, { milesMin: 4 });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe("This tier overlaps with an existing tier (0 - 5 miles).");
    expect((await as().patch(`/api/admin/pricing/tiers/${b.id}`, { milesMin: 6, milesMax: 9 })).status).toBe(200);
    const inverted = await as().patch(`/api/admin/pricing/tiers/${a.id}`, { milesMin: 7 }); // merged: 7 -> 5
    expect(inverted.status).toBe(400);
    expect(inverted.body.error.message).toBe("Miles From must be less than Miles To.");
    expect((await tiersOf(v.id)).map((x) => [x.milesMin, x.milesMax])).toEqual([
      [0, 5],
      [6, 9],
    ]);
    expect(await auditFor(a.id)).toHaveLength(0);
  });

  it("validates every field: all required, Miles From below Miles To, numbers, known vehicle", async () => {
    const v = await createVehicle(t.db);
    const base = { vehicleTypeId: v.id, milesMin: 0, milesMax: 5, priceUsd: 65, active: true };
    const same = await as().post("/api/admin/pricing/tiers", { ...base, milesMin: 5 });
    expect(same.status).toBe(400);
    expect(same.body.error).toMatchObject({ code: "validation_error", message: "Miles From must be less than Miles To." });
    for (const key of ["milesMin", "milesMax", "priceUsd", "active"] as const) {
      const json: Record<string, unknown> = { ...base };
      delete json[key];
      const res = await as().post("/api/admin/pricing/tiers", json);
      expect(res.status, key).toBe(400);
      expect(Object.keys(res.body.error.fields)).toContain(key);
    }
    expect((await as().post("/api/admin/pricing/tiers", { ...base, priceUsd: -1 })).status).toBe(400);
    expect((await as().post("/api/admin/pricing/tiers", { ...base, milesMax: "5" })).status).toBe(400);
    expect((await as().post("/api/admin/pricing/tiers", { ...base, vehicleTypeId: someId })).status).toBe(404);
    expect((await as().patch(`/api/admin/pricing/tiers/${someId}`, { priceUsd: 1 })).status).toBe(404);
    expect((await as().patch(`/api/admin/pricing/tiers/${someId}`, {})).status).toBe(400);
    expect(await tiersOf(v.id)).toEqual([]);
  });

  it("lets at most one of several concurrent overlapping saves through", async () => {
    const v = await createVehicle(t.db);
    // Every pair of these ranges overlaps (all contain mile 5.5), so exactly one may be saved.
    const ranges = [
      [0, 10],
      [5, 15],
      [2, 8],
      [4, 12],
      [0, 20],
    ];
    const results = await Promise.all(
      ranges.map(([milesMin, milesMax]) => as().post("/api/admin/pricing/tiers", { vehicleTypeId: v.id, milesMin, milesMax, priceUsd: 50, active: true })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(ranges.length - 1);
    expect(await tiersOf(v.id)).toHaveLength(1);
  });

  it("serialises concurrent edits of two tiers that would each overlap the other's new range", async () => {
    const v = await createVehicle(t.db);
    const a = await createTier(t.db, v.id, 0, 5, 65);
    const b = await createTier(t.db, v.id, 10, 15, 90);
    const results = await Promise.all([
      as().patch(`/api/admin/pricing/tiers/${a.id}`, { milesMax: 8 }), // 0-8
      as().patch(`/api/admin/pricing/tiers/${b.id}`, { milesMin: 6 }), // 6-15
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [x, y] = await tiersOf(v.id);
    expect(x!.milesMax <= y!.milesMin).toBe(true);
  });
});

describe("POST /api/admin/pricing/publish", () => {
  it("sets the live method, says so in the spec's words, and audits what changed", async () => {
    const res = await as().post("/api/admin/pricing/publish", { method: "fixed_tiers" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ method: "fixed_tiers", message: "Booking now uses the active method: Fixed Tiers.", valetPublished: false });
    expect((await as().get("/api/admin/pricing")).body.method).toBe("fixed_tiers");
    const back = await as().post("/api/admin/pricing/publish", { method: "miles_minutes" });
    expect(back.body.message).toBe("Booking now uses the active method: Miles & Minutes.");
    const audit = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "pricing.publish"))).orderBy(desc(auditLogs.createdAt));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit.map((a) => [a.before, a.after])).toContainEqual([{ method: "fixed_tiers" }, { method: "miles_minutes" }]);
    expect(audit.map((a) => [a.before, a.after])).toContainEqual([null, { service: "ride", method: "fixed_tiers" }]);
  });

  it("refuses an unknown method", async () => {
    const res = await as().post("/api/admin/pricing/publish", { method: "surge" });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.method).toBeTruthy();
  });
});

describe("POST /api/admin/pricing/simulate", () => {
  it("returns the itemised quote of the shared priceRide under the live method, or the method asked for", async () => {
    await setPricingMethod(t.db, "miles_minutes");
    const v = await createVehicle(t.db, { name: "Sim Sedan", baseFeeUsd: 45 });
    const card = await createRateCard(t.db, v.id, 3.25, 0.85);
    const tier = await createTier(t.db, v.id, 10, 20, 135);
    const res = await as().post("/api/admin/pricing/simulate", { vehicleTypeId: v.id, miles: 12, minutes: 30 });
    expect(res.status).toBe(200);
    const expected = priceRide({ method: "miles_minutes", vehicle: v, rateCard: card, tiers: [tier], miles: 12, minutes: 30 });
    expect(expected.ok && res.body.quote).toEqual(expected.ok && expected.quote);
    expect(res.body.quote.totalUsd).toBe(45 + 39 + 25.5);
    expect(res.body.quote.lines.map((l: any) => l.kind)).toEqual(["base", "distance", "time"]);

    const tiered = await as().post("/api/admin/pricing/simulate", { vehicleTypeId: v.id, miles: 12, minutes: 30, method: "fixed_tiers" });
    expect(tiered.status).toBe(200);
    expect(tiered.body.quote).toMatchObject({ method: "fixed_tiers", totalUsd: 135, lines: [expect.objectContaining({ kind: "tier", amountUsd: 135 })] });
  });

  it("answers 422 with the pricing code when the vehicle cannot be priced, 404 and 400 for bad input", async () => {
    const v = await createVehicle(t.db, { name: "Unpriced Van" });
    const noCard = await as().post("/api/admin/pricing/simulate", { vehicleTypeId: v.id, miles: 12, minutes: 30, method: "miles_minutes" });
    expect(noCard.status).toBe(422);
    expect(noCard.body.error).toEqual({ code: "no_rate_card", message: "Unpriced Van has no active rate card yet. Please choose another vehicle." });
    const noTier = await as().post("/api/admin/pricing/simulate", { vehicleTypeId: v.id, miles: 12, minutes: 30, method: "fixed_tiers" });
    expect(noTier.status).toBe(422);
    expect(noTier.body.error.code).toBe("no_tier");
    expect((await as().post("/api/admin/pricing/simulate", { vehicleTypeId: someId, miles: 1, minutes: 1 })).status).toBe(404);
    expect((await as().post("/api/admin/pricing/simulate", { vehicleTypeId: v.id, miles: -1, minutes: 1 })).status).toBe(400);
  });
});
