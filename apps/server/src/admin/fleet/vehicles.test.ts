import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateCard, createTier, createVehicle } from "../../seed/factories";
import { auditLogs, bookings, rideFixedTiers, rideRateCards, vehicleTypes } from "../../db/schema";
import { rideDetails } from "../../test/factories";
import { createRolesTestApp, type RolesTestApp, type TestApp } from "../../test/harness";

let t: TestApp, admin: RolesTestApp["admin"], expectAdminOnly: RolesTestApp["expectAdminOnly"];
beforeAll(async () => ({ t, admin, expectAdminOnly } = await createRolesTestApp({ adminName: "Fleet Admin", staffRole: "chauffeur" })));
afterAll(() => t.close());

const auditFor = (entityId: string) => t.db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId)).orderBy(desc(auditLogs.createdAt));
const someId = "0b7f6e1c-1d2e-4f3a-8b9c-0d1e2f3a4b5c";

describe("who may use the vehicle routes", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/admin/vehicles"],
    ["POST", "/api/admin/vehicles", { name: "Van", baseFeeUsd: 1, passengerCapacity: 2, luggageCapacity: 1 }],
    ["PATCH", `/api/admin/vehicles/${someId}`, { active: false }],
    ["DELETE", `/api/admin/vehicles/${someId}`],
  ];
  it.each(routes)("%s %s: 401 signed out, 403 for a user and for staff", async (method, path, json) => {
    const before = await t.db.select().from(vehicleTypes);
    await expectAdminOnly(method, path, json);
    expect(await t.db.select().from(vehicleTypes)).toEqual(before);
  });
});

describe("GET /api/admin/vehicles", () => {
  it("lists every vehicle, inactive ones too, ordered by name", async () => {
    await createVehicle(t.db, { name: "Zeta Coach", active: false });
    await createVehicle(t.db, { name: "Alpha Sedan" });
    const res = await t.call("GET", "/api/admin/vehicles", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const names = res.body.vehicles.map((v: { name: string }) => v.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(res.body.vehicles).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "Zeta Coach", active: false, baseFeeUsd: 50, passengerCapacity: 3, luggageCapacity: 3 })]),
    );
  });
});

describe("POST /api/admin/vehicles", () => {
  it("creates a vehicle, inactive until priced, and audits it", async () => {
    const res = await t.call("POST", "/api/admin/vehicles", {
      cookie: admin.cookie,
      json: { name: "  Maybach S 680 ", baseFeeUsd: 95.5, passengerCapacity: 3, luggageCapacity: 2 },
    });
    expect(res.status).toBe(201);
    expect(res.body.vehicle).toMatchObject({ name: "Maybach S 680", baseFeeUsd: 95.5, passengerCapacity: 3, luggageCapacity: 2, active: false });
    const [row] = await t.db.select().from(vehicleTypes).where(eq(vehicleTypes.id, res.body.vehicle.id));
    expect(row).toMatchObject({ name: "Maybach S 680", baseFeeUsd: 95.5, active: false });
    const audit = await auditFor(res.body.vehicle.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "vehicle.create", entity: "vehicle_type", actorId: admin.user.id, actorEmail: admin.user.email, before: null });
    expect(audit[0]!.after).toMatchObject({ name: "Maybach S 680", baseFeeUsd: 95.5 });
  });

  it.each([
    [{ name: "", baseFeeUsd: 0, passengerCapacity: 1, luggageCapacity: 1 }, "name"],
    [{ name: "Van", baseFeeUsd: 0, passengerCapacity: 0, luggageCapacity: 1 }, "passengerCapacity"],
  ])("refuses %o with the spec's message and saves nothing", async (json, field) => {
    const count = (await t.db.select().from(vehicleTypes)).length;
    const res = await t.call("POST", "/api/admin/vehicles", { cookie: admin.cookie, json });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.message).toBe("Vehicle name is required and passenger capacity must be at least 1.");
    expect(res.body.error.fields[field]).toBe("Vehicle name is required and passenger capacity must be at least 1.");
    expect(await t.db.select().from(vehicleTypes)).toHaveLength(count);
  });

  it("refuses negative luggage, sub-cent fees, strings for numbers and bad JSON with 400", async () => {
    for (const json of [
      { name: "Van", baseFeeUsd: 0, passengerCapacity: 1, luggageCapacity: -1 },
      { name: "Van", baseFeeUsd: 1.234, passengerCapacity: 1, luggageCapacity: 1 },
      { name: "Van", baseFeeUsd: "10", passengerCapacity: 1, luggageCapacity: 1 },
    ]) {
      const res = await t.call("POST", "/api/admin/vehicles", { cookie: admin.cookie, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const bad = await t.call("POST", "/api/admin/vehicles", { cookie: admin.cookie, body: "{nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
  });
});

describe("PATCH /api/admin/vehicles/:id", () => {
  it("edits fields and records before and after", async () => {
    const v = await createVehicle(t.db, { name: "Old Name", baseFeeUsd: 40 });
    const res = await t.call("PATCH", `/api/admin/vehicles/${v.id}`, {
      cookie: admin.cookie,
      json: { name: "New Name", baseFeeUsd: 42.25, passengerCapacity: 4, luggageCapacity: 0 },
    });
    expect(res.status).toBe(200);
    expect(res.body.vehicle).toMatchObject({ id: v.id, name: "New Name", baseFeeUsd: 42.25, passengerCapacity: 4, luggageCapacity: 0, active: true });
    const audit = await auditFor(v.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "vehicle.update", before: expect.objectContaining({ name: "Old Name", baseFeeUsd: 40 }), after: expect.objectContaining({ name: "New Name", baseFeeUsd: 42.25 }) });
  });

  it("toggles the status alone", async () => {
    const v = await createVehicle(t.db);
    const res = await t.call("PATCH", `/api/admin/vehicles/${v.id}`, { cookie: admin.cookie, json: { active: false } });
    expect(res.status).toBe(200);
    expect(res.body.vehicle.active).toBe(false);
    const [row] = await t.db.select().from(vehicleTypes).where(eq(vehicleTypes.id, v.id));
    expect(row!.active).toBe(false);
    const [audit] = await auditFor(v.id);
    expect(audit).toMatchObject({ action: "vehicle.status", before: expect.objectContaining({ active: true }), after: expect.objectContaining({ active: false }) });
  });

  it("answers 404 for an unknown vehicle, 400 for a bad id, an empty body or a blank name", async () => {
    const v = await createVehicle(t.db, { name: "Keep Me" });
    expect((await t.call("PATCH", `/api/admin/vehicles/${someId}`, { cookie: admin.cookie, json: { active: false } })).status).toBe(404);
    expect((await t.call("PATCH", "/api/admin/vehicles/not-a-uuid", { cookie: admin.cookie, json: { active: false } })).status).toBe(400);
    expect((await t.call("PATCH", `/api/admin/vehicles/${v.id}`, { cookie: admin.cookie, json: {} })).status).toBe(400);
    const blank = await t.call("PATCH", `/api/admin/vehicles/${v.id}`, { cookie: admin.cookie, json: { name: " " } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe("Vehicle name is required and passenger capacity must be at least 1.");
    const [row] = await t.db.select().from(vehicleTypes).where(eq(vehicleTypes.id, v.id));
    expect(row!.name).toBe("Keep Me");
    expect(await auditFor(v.id)).toHaveLength(0);
  });
});

describe("DELETE /api/admin/vehicles/:id", () => {
  it("deletes a vehicle with its rate card and tiers, and audits what was removed", async () => {
    const v = await createVehicle(t.db, { name: "Retired Coupe" });
    await createRateCard(t.db, v.id, 3, 1);
    await createTier(t.db, v.id, 0, 5, 60);
    const res = await t.call("DELETE", `/api/admin/vehicles/${v.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(vehicleTypes).where(eq(vehicleTypes.id, v.id))).toHaveLength(0);
    expect(await t.db.select().from(rideRateCards).where(eq(rideRateCards.vehicleTypeId, v.id))).toHaveLength(0);
    expect(await t.db.select().from(rideFixedTiers).where(eq(rideFixedTiers.vehicleTypeId, v.id))).toHaveLength(0);
    const audit = await auditFor(v.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "vehicle.delete", after: null });
    expect(audit[0]!.before).toMatchObject({ name: "Retired Coupe", rateCard: expect.objectContaining({ perMileUsd: 3 }), tiers: [expect.objectContaining({ milesMax: 5 })] });
    expect((await t.call("DELETE", `/api/admin/vehicles/${v.id}`, { cookie: admin.cookie })).status).toBe(404);
    for (const bad of ["not-a-uuid", "1", "%00", "x".repeat(300)]) {
      const res = await t.call("DELETE", `/api/admin/vehicles/${bad}`, { cookie: admin.cookie });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code, bad).toBe("validation_error");
    }
  });

  it("refuses with 409 vehicle_in_use while a booking references it, offering deactivation, and deletes nothing", async () => {
    const v = await createVehicle(t.db, { name: "Busy Sedan" });
    await createRateCard(t.db, v.id, 3, 1);
    await t.db.insert(bookings).values({ service: "ride", bookingDate: "2026-12-01", vehicleTypeId: v.id, price: 100, details: rideDetails({ date: "2026-12-01" }) });
    const res = await t.call("DELETE", `/api/admin/vehicles/${v.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("vehicle_in_use");
    expect(res.body.error.message).toMatch(/Busy Sedan can't be deleted because 1 booking uses it\. Deactivate it instead/);
    expect(await t.db.select().from(vehicleTypes).where(eq(vehicleTypes.id, v.id))).toHaveLength(1);
    expect(await t.db.select().from(rideRateCards).where(eq(rideRateCards.vehicleTypeId, v.id))).toHaveLength(1);
    expect(await auditFor(v.id)).toHaveLength(0);
  });
});
