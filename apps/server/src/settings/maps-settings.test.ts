// Settings → Maps: the provider in use and its live health (a lookup and a route, timed), the service area saved
// through the settings store (validated, audited), the quotes it refuses with a sentence, and the preview image.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { createTestFleet, giveCapacityForDays, laDate } from "../test/factories";

let t: TestApp;
let admin: Awaited<ReturnType<TestApp["userWithSession"]>>;
let customer: Awaited<ReturnType<TestApp["userWithSession"]>>;
let sedan: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithSession({ role: "admin", fullName: "Maps Admin" });
  customer = await t.userWithSession({ fullName: "Maps Customer" });
  sedan = (await createTestFleet(t.db)).sedan.id;
  await giveCapacityForDays(t);
});
afterAll(() => t.close());

const maps = (cookie = admin.cookie) => t.call("GET", "/api/admin/settings/maps", { cookie });
const save = (serviceArea: unknown) => t.call("PUT", "/api/admin/settings/maps", { cookie: admin.cookie, json: { serviceArea } });
const quote = (pickupPlaceId: string, dropoffPlaceId = "emb:venue:santa-monica-pier") =>
  t.call("POST", "/api/quotes", { cookie: customer.cookie, json: { pickupPlaceId, dropoffPlaceId, vehicleTypeId: sedan, passengers: 1, luggage: 0, date: laDate(3), time: "12:00" } });

describe("GET /api/admin/settings/maps", () => {
  it("names the provider in use and checks it live: a lookup and a route, each timed", async () => {
    const { status, body } = await maps();
    expect(status).toBe(200);
    expect(body.provider.name).toBe("embedded");
    expect(body.provider.label).toMatch(/^Embedded/);
    expect(body.health.lookup).toMatchObject({ ok: true, summary: expect.stringContaining("Los Angeles International Airport") });
    expect(body.health.route).toMatchObject({ ok: true, summary: expect.stringMatching(/^Los Angeles International Airport .*to Santa Monica Pier: \d+\.\d miles, \d+ minutes$/) });
    expect(body.health.lookup.ms).toBeGreaterThanOrEqual(0);
    expect(body.health.route.ms).toBeGreaterThanOrEqual(0);
    expect(body.knownCounties).toContain("Los Angeles");
    expect(body.maps.serviceArea.kind).toBe("counties");
  });

  it("is the admin's only", async () => {
    expect((await maps(customer.cookie)).status).toBe(403);
    expect((await t.call("GET", "/api/admin/settings/maps")).status).toBe(401);
    expect((await t.call("GET", "/api/admin/settings/maps/preview.svg", { cookie: customer.cookie })).status).toBe(403);
    expect((await t.call("PUT", "/api/admin/settings/maps", { cookie: customer.cookie, json: { serviceArea: { kind: "counties", counties: ["Orange"] } } })).status).toBe(403);
  });
});

describe("the service area quotes accept", () => {
  it("counties: a pickup in another county is refused with a sentence naming the area and the county", async () => {
    expect((await quote("emb:apt:SAN")).status).toBe(200); // San Diego is in the default area
    const saved = await save({ kind: "counties", counties: ["Los Angeles", "Orange"] });
    expect(saved.status).toBe(200);
    expect(saved.body.maps.serviceArea).toEqual({ kind: "counties", counties: ["Los Angeles", "Orange"] });
    expect((await quote("emb:apt:LAX")).status).toBe(200);
    expect((await quote("emb:apt:SNA")).status).toBe(200);
    const refused = await quote("emb:apt:SAN");
    expect(refused.status).toBe(422);
    const sentence = "We serve pickups in Los Angeles and Orange counties; San Diego International Airport (SAN) is in San Diego County. Please choose a place inside the area, or call us.";
    expect(refused.body.error).toEqual({ code: "outside_service_area", message: sentence, fields: { pickupPlaceId: sentence } });
    // The drop-off may be outside (a ride from Los Angeles to San Diego is a ride we serve).
    expect((await quote("emb:apt:LAX", "emb:apt:SAN")).status).toBe(200);
  });

  it("a radius from the base: inside it quotes, beyond it is refused with the distance", async () => {
    expect((await save({ kind: "radius", radiusMiles: 20, base: { label: "Downtown Los Angeles", lat: 34.0522, lng: -118.2437 } })).status).toBe(200);
    expect((await quote("emb:apt:LAX")).status).toBe(200); // about 11 miles
    const refused = await quote("emb:apt:ONT"); // about 35 miles
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(/^We serve pickups within 20 miles of Downtown Los Angeles; Ontario International Airport \(ONT\) is 3\d miles away\. Please choose a place nearer, or call us\.$/);
  });

  it("the preview image draws the saved area", async () => {
    const svg = await t.call("GET", "/api/admin/settings/maps/preview.svg", { cookie: admin.cookie });
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(String(svg.body)).toContain("<title>Service area: 20 miles around Downtown Los Angeles</title>");
    expect(String(svg.body)).toContain("stroke-dasharray"); // the radius's circle
    await save({ kind: "counties", counties: ["Ventura"] });
    const counties = String((await t.call("GET", "/api/admin/settings/maps/preview.svg", { cookie: admin.cookie })).body);
    expect(counties).toContain("<title>Service area: Ventura</title>");
  });

  it("refuses an empty or impossible area with field messages, and audits a change", async () => {
    const none = await save({ kind: "counties", counties: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.fields["serviceArea.counties"]).toBe("Choose at least one county.");
    const zero = await save({ kind: "radius", radiusMiles: 0, base: { label: "Base", lat: 34, lng: -118 } });
    expect(zero.status).toBe(400);
    expect(zero.body.error.fields["serviceArea.radiusMiles"]).toBe("The radius is a whole number of miles from 1 to 500.");
    const audit = await t.call("GET", "/api/admin/audit", { cookie: admin.cookie });
    expect(audit.body.entries.some((e: { entityId: string }) => e.entityId === "maps")).toBe(true);
  });
});
