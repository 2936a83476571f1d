// The fleet's cars through the API, on PGlite and PostgreSQL: add, list, change (validated, audited, admins only);
// dispatch sends a car with the chauffeur (of the ride's type, in service, never on two overlapping rides, even when
// two desks race for it); the chauffeur's screen and the customer's bookings show the car.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteInput } from "@meridian/shared/booking";
import { auditLogs, bookings } from "../../db/schema";
import { createUnit } from "../../seed/factories";
import type { TestApp } from "../../test/harness";
import { createFleetTestApp, createTestFleet, laDate, rideInput } from "../../test/factories";
import { expectFieldErrors } from "../../test/helpers";

let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;
type Who = { cookie: string; user: { id: string } };
let admin: Who, dispatcher: Who, marcus: Who, elena: Who, customer: Who;

const DAY = laDate(5);

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  admin = await t.userWithSession({ role: "admin", fullName: "Ada Admin" });
  dispatcher = await t.userWithSession({ role: "dispatcher", fullName: "Dana Desk" });
  marcus = await t.userWithSession({ role: "chauffeur", fullName: "Marcus Bell" });
  elena = await t.userWithSession({ role: "chauffeur", fullName: "Elena Ruiz" });
  customer = await t.userWithSession({ fullName: "Grace Hopper" });
  for (const who of [marcus, elena]) {
    const res = await t.call("POST", "/api/admin/shifts", { cookie: admin.cookie, json: { staffId: who.user.id, date: DAY, start: "06:00", end: "20:00", role: "chauffeur", location: "LAX" } });
    expect(res.status).toBe(201);
  }
});
afterAll(() => t.close());

const addUnit = (json: unknown, cookie = admin.cookie) => t.call("POST", "/api/admin/fleet/units", { cookie, json });
const patchUnit = (id: string, json: unknown, cookie = admin.cookie) => t.call("PATCH", `/api/admin/fleet/units/${id}`, { cookie, json });
const assign = (id: string, json: unknown) => t.call("PUT", `/api/admin/bookings/${id}/assignment`, { cookie: dispatcher.cookie, json });

async function book(overrides: Partial<QuoteInput> = {}, vehicleId = fleet.sedan.id): Promise<string> {
  const q = await t.call("POST", "/api/quotes", { json: rideInput(vehicleId, { date: DAY, ...overrides }) });
  expect(q.status).toBe(200);
  const res = await t.call("POST", "/api/bookings", { cookie: customer.cookie, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId: q.body.quoteId }, headers: { "Idempotency-Key": crypto.randomUUID() } });
  expect(res.status).toBe(201);
  return res.body.booking.id;
}
const cancel = (id: string) => t.call("POST", `/api/admin/bookings/${id}/cancel`, { cookie: admin.cookie, json: { reason: "Test cleanup" } });

describe("the fleet's cars", () => {
  it("adds a car (plate upper-cased), lists it under its type, changes its status, each change audited", async () => {
    const added = await addUnit({ vehicleTypeId: fleet.sedan.id, plate: " 7abc 123 ", colour: "Black", year: 2024 });
    expect(added.status).toBe(201);
    expect(added.body.unit).toMatchObject({ vehicleTypeId: fleet.sedan.id, vehicleTypeName: "Test Sedan", plate: "7ABC 123", colour: "Black", year: 2024, status: "in_service" });
    const id = added.body.unit.id;

    const list = await t.call("GET", `/api/admin/fleet/units?vehicleTypeId=${fleet.sedan.id}`, { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.body.units.map((u: { plate: string }) => u.plate)).toContain("7ABC 123");
    const suvs = await t.call("GET", `/api/admin/fleet/units?vehicleTypeId=${fleet.suv.id}`, { cookie: admin.cookie });
    expect(suvs.body.units.map((u: { plate: string }) => u.plate)).not.toContain("7ABC 123");

    const service = await patchUnit(id, { status: "maintenance" });
    expect(service.status).toBe(200);
    expect(service.body.unit.status).toBe("maintenance");
    const moved = await patchUnit(id, { colour: "Midnight Blue", vehicleTypeId: fleet.suv.id, status: "in_service" });
    expect(moved.body.unit).toMatchObject({ colour: "Midnight Blue", vehicleTypeName: "Test SUV", status: "in_service" });

    const audit = await t.db.select().from(auditLogs).where(and(eq(auditLogs.entity, "vehicle_unit"), eq(auditLogs.entityId, id))).orderBy(auditLogs.createdAt);
    expect(audit.map((a) => a.action)).toEqual(["unit.create", "unit.status", "unit.update"]);
    expect(audit[1]).toMatchObject({ actorId: admin.user.id, before: { status: "in_service" }, after: { status: "maintenance" } });
    // A change to nothing writes nothing.
    await patchUnit(id, { colour: "Midnight Blue" });
    expect((await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, id))).length).toBe(3);
  });

  it("validates every field with the shared schema, refuses a plate taken, an unknown type and a bad id", async () => {
    const bad = await addUnit({ vehicleTypeId: "nope", plate: "!", colour: "", year: 1900, status: "sold", extra: true });
    expectFieldErrors(bad, {
      vehicleTypeId: "Choose a vehicle type.",
      plate: "Plate: 2 to 10 letters, digits, spaces or dashes.",
      colour: "Colour is required (at most 40 characters).",
      year: `Year must be a whole number from 1950 to ${new Date().getUTCFullYear() + 1}.`,
      status: "Status must be in_service, maintenance or retired.",
      extra: "Unknown field.",
    });
    await addUnit({ vehicleTypeId: fleet.sedan.id, plate: "DUP 1", colour: "Grey", year: 2022 });
    const dup = await addUnit({ vehicleTypeId: fleet.suv.id, plate: "dup 1", colour: "Grey", year: 2022 });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: "plate_taken", message: "Another car already has the plate DUP 1. Check the plate." });
    const other = await addUnit({ vehicleTypeId: fleet.sedan.id, plate: "DUP 2", colour: "Grey", year: 2022 });
    expect((await patchUnit(other.body.unit.id, { plate: "Dup  1" })).body.error.code).toBe("plate_taken");
    expect((await addUnit({ vehicleTypeId: crypto.randomUUID(), plate: "NEW 1", colour: "Grey", year: 2022 })).status).toBe(404);
    expect((await patchUnit("not-a-uuid", { colour: "Red" })).status).toBe(404);
    expect((await patchUnit(crypto.randomUUID(), { colour: "Red" })).status).toBe(404);
    expect((await patchUnit(other.body.unit.id, {})).status).toBe(400);
  });

  it("is for admins only: dispatchers, chauffeurs and customers get 403, strangers 401", async () => {
    const [unit] = (await t.call("GET", "/api/admin/fleet/units", { cookie: admin.cookie })).body.units;
    const calls = [
      ["GET", "/api/admin/fleet/units", undefined],
      ["POST", "/api/admin/fleet/units", { vehicleTypeId: fleet.sedan.id, plate: "SNEAKY", colour: "Red", year: 2020 }],
      ["PATCH", `/api/admin/fleet/units/${unit.id}`, { status: "retired" }],
    ] as const;
    for (const who of [dispatcher, marcus, customer]) {
      for (const [method, path, json] of calls) expect((await t.call(method, path, { cookie: who.cookie, json })).status, `${method} ${path}`).toBe(403);
    }
    for (const [method, path, json] of calls) expect((await t.call(method, path, { json })).status).toBe(401);
  });

  it("keeps a vehicle type with cars from being deleted", async () => {
    const type = await t.call("POST", "/api/admin/vehicles", { cookie: admin.cookie, json: { name: "Test Coupe", baseFeeUsd: 10, passengerCapacity: 2, luggageCapacity: 1 } });
    await addUnit({ vehicleTypeId: type.body.vehicle.id, plate: "COUPE 1", colour: "Red", year: 2021 });
    const del = await t.call("DELETE", `/api/admin/vehicles/${type.body.vehicle.id}`, { cookie: admin.cookie });
    expect(del.status).toBe(409);
    expect(del.body.error).toMatchObject({ code: "vehicle_has_cars", message: expect.stringContaining("1 car of the fleet is this type") });
  });
});

describe("sending a car with the chauffeur", () => {
  it("assigns a car of the ride's type in service; the board, the chauffeur and the customer see it; overlap refused", async () => {
    const car = await createUnit(t.db, { vehicleTypeId: fleet.sedan.id, plate: "8MER 777", colour: "Black" });
    const suvCar = await createUnit(t.db, { vehicleTypeId: fleet.suv.id, plate: "8MER 778" });
    const resting = await createUnit(t.db, { vehicleTypeId: fleet.sedan.id, plate: "8MER 779", status: "maintenance" });

    const first = await book({ time: "09:30" }); // 09:30 + 30 min + 30 min buffer = 10:30
    const wrongType = await assign(first, { chauffeurId: marcus.user.id, unitId: suvCar.id });
    expect(wrongType.status).toBe(409);
    expect(wrongType.body.error).toMatchObject({ code: "unit_wrong_type", message: "8MER 778 is not a Test Sedan. Choose a car of the ride's vehicle type." });
    const inShop = await assign(first, { chauffeurId: marcus.user.id, unitId: resting.id });
    expect(inShop.body.error).toMatchObject({ code: "unit_not_in_service", message: "8MER 779 is in maintenance. Choose a car in service." });
    expect((await t.db.select().from(bookings).where(eq(bookings.id, first)))[0]).toMatchObject({ status: "pending", unitId: null, chauffeurId: null });

    const ok = await assign(first, { chauffeurId: marcus.user.id, unitId: car.id });
    expect(ok.status).toBe(200);
    const board = await t.call("GET", `/api/admin/dispatch?date=${DAY}`, { cookie: dispatcher.cookie });
    expect(board.body.rides.find((r: { id: string }) => r.id === first).assignment).toMatchObject({ unitId: car.id, car: { colour: "Black", model: "Test Sedan", plate: "8MER 777" } });
    expect(board.body.units.map((u: { plate: string }) => u.plate)).toEqual(expect.arrayContaining(["8MER 777", "8MER 778"]));
    expect(board.body.units.map((u: { plate: string }) => u.plate)).not.toContain("8MER 779");
    const mine = await t.call("GET", "/api/staff/rides", { cookie: marcus.cookie });
    expect(mine.body.rides.find((r: { id: string }) => r.id === first).car).toEqual({ colour: "Black", model: "Test Sedan", plate: "8MER 777" });
    const theirs = await t.call("GET", "/api/me/bookings", { cookie: customer.cookie });
    expect(theirs.body.bookings.find((b: { id: string }) => b.id === first)).toMatchObject({ chauffeurFirstName: "Marcus", car: { colour: "Black", model: "Test Sedan", plate: "8MER 777" } });
    const detail = await t.call("GET", `/api/admin/bookings/${first}`, { cookie: admin.cookie });
    expect(detail.body.booking.assignment).toMatchObject({ chauffeurName: "Marcus Bell", vehicleName: "Test Sedan", car: { colour: "Black", model: "Test Sedan", plate: "8MER 777" } });

    // Another chauffeur, the same car, an overlapping time: refused; a ride that only touches it: allowed.
    const overlapping = await book({ time: "10:15" });
    const busy = await assign(overlapping, { chauffeurId: elena.user.id, unitId: car.id });
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatchObject({
      code: "unit_busy",
      message: "8MER 777 is already on a ride from 9:30 AM to 10:30 AM (with the 30-minute buffer) that overlaps this one (10:15 AM – 11:15 AM). Choose another car.",
    });
    const touching = await book({ time: "10:30" });
    expect((await assign(touching, { chauffeurId: elena.user.id, unitId: car.id })).status).toBe(200);

    // The car cannot leave service while coming rides count on it; reassigning the chauffeur keeps the car.
    const shop = await patchUnit(car.id, { status: "maintenance" });
    expect(shop.status).toBe(409);
    expect(shop.body.error).toMatchObject({ code: "unit_in_use", message: "8MER 777 is assigned to 2 coming rides. Give those rides another car on the Dispatch Board first." });
    const re = await assign(first, { chauffeurId: elena.user.id }); // 09:30-10:30 only touches Elena's 10:30 ride
    expect(re.status).toBe(200);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, first)))[0]).toMatchObject({ chauffeurId: elena.user.id, unitId: car.id });
    const timeline = (await t.call("GET", `/api/admin/bookings/${first}`, { cookie: admin.cookie })).body.booking.timeline;
    expect(timeline.map((e: { note: string }) => e.note)).toContain("Reassigned to Elena Ruiz in a Test Sedan (8MER 777)");
    for (const id of [first, overlapping, touching]) await cancel(id);
  });

  it("lets one of two desks racing to send one car on overlapping rides win; the other gets a 409", async () => {
    const car = await createUnit(t.db, { vehicleTypeId: fleet.sedan.id, plate: "RACE 1" });
    const a = await book({ time: "13:00" });
    const b = await book({ time: "13:30" });
    const results = await Promise.all([assign(a, { chauffeurId: marcus.user.id, unitId: car.id }), assign(b, { chauffeurId: elena.user.id, unitId: car.id })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe("unit_busy");
    const rows = await t.db.select().from(bookings).where(eq(bookings.unitId, car.id));
    expect(rows).toHaveLength(1);
    for (const id of [a, b]) await cancel(id);
  });

  it("unassigning a ride frees its car", async () => {
    const car = await createUnit(t.db, { vehicleTypeId: fleet.sedan.id, plate: "FREE 1" });
    const id = await book({ time: "16:00" });
    await assign(id, { chauffeurId: marcus.user.id, unitId: car.id });
    const un = await t.call("DELETE", `/api/admin/bookings/${id}/assignment`, { cookie: dispatcher.cookie });
    expect(un.status).toBe(200);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.unitId).toBeNull();
    expect((await patchUnit(car.id, { status: "retired" })).status).toBe(200);
    await cancel(id);
  });
});
