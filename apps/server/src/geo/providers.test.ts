// Google and OSM adapters against a local replay server: what they send (method, path, key, field mask,
// body), what they make of the answers, how failures surface, and that the cache (memory + geo_cache
// table) saves upstream calls, also for a fresh service over the same database.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../env";
import { createLogger } from "../lib/logger";
import { createTestApp, openTestDatabase, type TestApp, withTestApp } from "../test/harness";
import type { Database } from "../db/client";
import { createGeoService, GeoError, type GeoService, type Place } from "./geo.service";
import { startReplayServer, type ReplayServer, type Reply } from "../test/replay-server";

const KEY = "test-key-never-in-the-browser";
const HOTEL_ID = "ChIJ-wGb2xe8woARAJOgGQ9lJ8E";
const LAX_ID = "ChIJtU-yE9KwwoAR8a2LaVd7qHc";
// Tuesday 24 Nov 2026: 12:00 and 17:00 in Los Angeles (PST = UTC-8).
const TUESDAY_NOON = new Date("2036-11-25T20:00:00Z");
const TUESDAY_5PM = new Date("2036-11-26T01:00:00Z");

const logger = createLogger("silent");
let database: Database;
let cleanup: () => Promise<void>;
let upstream: ReplayServer;

beforeAll(async () => {
  ({ database, cleanup } = await openTestDatabase());
  upstream = await startReplayServer();
});
afterAll(async () => {
  await upstream.close();
  await cleanup();
});

function googleEnv(extra: Record<string, string> = {}) {
  return {
    GEO_PROVIDER: "google",
    GOOGLE_MAPS_API_KEY: KEY,
    GOOGLE_PLACES_URL: upstream.url,
    GOOGLE_ROUTES_URL: upstream.url,
    GOOGLE_MAPS_URL: upstream.url,
    GEO_TIMEOUT_MS: "15000",
    ...extra,
  };
}
const osmEnv = () => ({ GEO_PROVIDER: "osm", OSM_PHOTON_URL: `${upstream.url}/photon/`, OSM_OSRM_URL: `${upstream.url}/osrm`, GEO_TIMEOUT_MS: "15000" });
const service = (vars: Record<string, string>) => createGeoService({ env: loadEnv({ LOG_LEVEL: "silent", ...vars }), db: database.db, logger });

async function geoError(p: Promise<unknown>): Promise<GeoError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GeoError);
  return err as GeoError;
}

describe("google provider", () => {
  let geo: GeoService;
  beforeAll(() => {
    upstream.setRoutes({
      "POST /v1/places:autocomplete": { fixture: "google-autocomplete.json" },
      [`GET /v1/places/${HOTEL_ID}`]: { fixture: "google-place.json" },
      [`GET /v1/places/${LAX_ID}`]: { fixture: "google-place-lax.json" },
      "POST /distanceMatrix/v2:computeRouteMatrix": { fixture: "google-matrix.json" },
      "GET /maps/api/geocode/json": { fixture: "google-geocode.json" },
    });
    geo = service(googleEnv());
  });

  it("refuses to start without a key", () => {
    expect(() => service({ GEO_PROVIDER: "google" })).toThrow(/GOOGLE_MAPS_API_KEY/);
  });

  it("asks Places Autocomplete (New) with the key, session and the Southern California bias, and caches the answer", async () => {
    upstream.reset();
    const suggestions = await geo.suggest("beverly", { sessionToken: "session-1" });
    expect(suggestions).toEqual([
      { placeId: `g:${HOTEL_ID}`, primary: "The Beverly Hills Hotel", secondary: "Sunset Boulevard, Beverly Hills, CA, USA" },
      { placeId: "g:ChIJq6qq6jK8woARAA0_S1ETAAQ", primary: "Beverly Hills", secondary: "CA, USA" },
    ]);
    expect(upstream.requests).toHaveLength(1);
    const req = upstream.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/places:autocomplete");
    expect(req.headers["x-goog-api-key"]).toBe(KEY);
    expect(req.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(req.body)).toEqual({
      input: "beverly",
      sessionToken: "session-1",
      includedRegionCodes: ["us"],
      locationBias: { rectangle: { low: { latitude: 32.5, longitude: -118.5 }, high: { latitude: 34.5, longitude: -116.5 } } },
    });

    // The same text again (other case and spacing): no upstream call.
    expect(await geo.suggest("  Beverly ")).toEqual(suggestions);
    expect(upstream.count()).toBe(1);
  });

  it("resolves a place with Place Details (New) and a field mask; repeated and restarted lookups cost no call", async () => {
    upstream.reset();
    const place = await geo.place(`g:${HOTEL_ID}`);
    expect(place).toMatchObject({
      placeId: `g:${HOTEL_ID}`,
      name: "The Beverly Hills Hotel",
      address: "9641 Sunset Blvd, Beverly Hills, CA 90210, USA",
      lat: 34.0816167,
      lng: -118.4137334,
      precision: "venue",
    });
    expect(place!.components).toContainEqual({ types: ["postal_code"], longName: "90210", shortName: "90210" });
    const req = upstream.requests[0]!;
    expect(req.method).toBe("GET");
    expect(req.path).toBe(`/v1/places/${HOTEL_ID}`);
    expect(req.headers["x-goog-api-key"]).toBe(KEY);
    expect(String(req.headers["x-goog-fieldmask"]).split(",")).toEqual(
      expect.arrayContaining(["id", "formattedAddress", "location", "addressComponents", "displayName"]),
    );

    expect(await geo.place(`g:${HOTEL_ID}`)).toEqual(place);
    expect(upstream.count()).toBe(1);

    const restarted = service(googleEnv());
    expect(await restarted.place(`g:${HOTEL_ID}`)).toEqual(place);
    expect(upstream.count()).toBe(1); // served from the geo_cache table
  });

  it("an unknown Google id is null, and embedded ids still resolve without a call", async () => {
    upstream.reset();
    expect(await geo.place("g:ChIJunknown")).toBeNull();
    expect(upstream.count()).toBe(1);
    const lax = await geo.place("emb:apt:LAX");
    expect(lax?.name).toBe("Los Angeles International Airport (LAX)");
    expect(upstream.count()).toBe(1);
  });

  it("routes with computeRouteMatrix (status and condition in the field mask), cached per time band", async () => {
    const hotel = (await geo.place(`g:${HOTEL_ID}`))!;
    const lax = (await geo.place(`g:${LAX_ID}`))!;
    upstream.reset();
    const route = await geo.route(lax, hotel, TUESDAY_NOON);
    expect(route.miles).toBeCloseTo(20117 / 1609.344, 6);
    expect(route.minutes).toBeCloseTo(28, 6);
    const req = upstream.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/distanceMatrix/v2:computeRouteMatrix");
    expect(req.headers["x-goog-api-key"]).toBe(KEY);
    expect(String(req.headers["x-goog-fieldmask"]).split(",")).toEqual(
      expect.arrayContaining(["originIndex", "destinationIndex", "status", "condition", "distanceMeters", "duration"]),
    );
    const body = JSON.parse(req.body);
    expect(body.origins).toEqual([{ waypoint: { placeId: LAX_ID } }]);
    expect(body.destinations).toEqual([{ waypoint: { placeId: HOTEL_ID } }]);
    expect(body.travelMode).toBe("DRIVE");
    expect(body.departureTime).toBe(TUESDAY_NOON.toISOString());

    // Same places, same band (another off-peak hour): no call. Peak hour: one more call.
    expect(await geo.route(lax, hotel, new Date("2036-11-25T22:30:00Z"))).toEqual(route);
    expect(upstream.count()).toBe(1);
    await geo.route(lax, hotel, TUESDAY_5PM);
    expect(upstream.count()).toBe(2);

    // A new process over the same database: both bands come from geo_cache.
    const restarted = service(googleEnv());
    expect(await restarted.route(lax, hotel, TUESDAY_NOON)).toEqual(route);
    await restarted.route(lax, hotel, TUESDAY_5PM);
    expect(upstream.count()).toBe(2);
  });

  it("sends coordinates for places that are not Google's", async () => {
    const pier = (await geo.place("emb:venue:santa-monica-pier"))!;
    const hotel = (await geo.place(`g:${HOTEL_ID}`))!;
    upstream.reset();
    await geo.route(pier, hotel, TUESDAY_NOON);
    const body = JSON.parse(upstream.requests[0]!.body);
    expect(body.origins).toEqual([{ waypoint: { location: { latLng: { latitude: pier.lat, longitude: pier.lng } } } }]);
  });

  it("ROUTE_NOT_FOUND is a no_route error", async () => {
    upstream.setRoutes({ "POST /distanceMatrix/v2:computeRouteMatrix": { fixture: "google-matrix-no-route.json" } });
    const geo2 = service(googleEnv());
    const a: Place = { ...(await geo2.place("emb:apt:AVX"))! };
    const b: Place = { ...(await geo2.place("emb:apt:LAX"))! };
    const err = await geoError(geo2.route(a, b, TUESDAY_NOON));
    expect(err.code).toBe("no_route");
  });

  it("reverse geocodes with the key on the server and remembers the place for details", async () => {
    upstream.setRoutes({ "GET /maps/api/geocode/json": { fixture: "google-geocode.json" } });
    upstream.reset();
    const place = await geo.reverse(34.0092, -118.4976);
    expect(place).toMatchObject({
      placeId: "g:ChIJ8wSiVj6lwoARO0uTzwlLXIo",
      address: "200 Santa Monica Pier, Santa Monica, CA 90401, USA",
      lat: 34.0092419,
      precision: "address",
    });
    const req = upstream.requests[0]!;
    expect(req.path).toBe("/maps/api/geocode/json");
    expect(req.query.get("latlng")).toBe("34.0092,-118.4976");
    expect(req.query.get("key")).toBe(KEY);
    expect(await geo.place(place!.placeId)).toEqual(place);
    expect(upstream.count()).toBe(1);
  });

  it("turns HTTP 500, timeouts and malformed JSON into provider_error, and caches none of them", async () => {
    const geo2 = service(googleEnv());
    const cases: [Reply, RegExp][] = [
      [{ status: 500, raw: JSON.stringify({ error: { code: 500, message: "Internal error" } }) }, /answered HTTP 500/],
      [{ raw: "{ not json" }, /malformed JSON/],
      [{ raw: JSON.stringify({ suggestions: "nope" }) }, /unexpected autocomplete answer/],
    ];
    for (const [i, [reply, message]] of cases.entries()) {
      upstream.setRoutes({ "POST /v1/places:autocomplete": reply });
      const err = await geoError(geo2.suggest(`failing ${i}`));
      expect(err.code).toBe("provider_error");
      expect(err.message).toMatch(message);
    }
    // A slow upstream is cut off by AbortSignal.timeout.
    upstream.setRoutes({ "POST /v1/places:autocomplete": { fixture: "google-autocomplete.json", delayMs: 2500 } });
    const impatient = service(googleEnv({ GEO_TIMEOUT_MS: "200" }));
    const started = Date.now();
    const slow = await geoError(impatient.suggest("failing slowly"));
    expect(slow.code).toBe("provider_error");
    expect(slow.message).toMatch(/did not answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(2000);

    upstream.setRoutes({ "POST /v1/places:autocomplete": { fixture: "google-autocomplete.json" } });
    expect(await geo2.suggest("failing 0")).toHaveLength(2);

    // Nothing listening at all.
    const gone = await startReplayServer();
    await gone.close();
    const unreachable = service(googleEnv({ GOOGLE_PLACES_URL: gone.url }));
    const err = await geoError(unreachable.suggest("anyone there"));
    expect(err.code).toBe("provider_error");
    expect(err.message).toMatch(/could not be reached/);
  });

  it("concurrent identical lookups share one upstream call", async () => {
    const id = "ChIJconcurrentLookup0001"; // never asked before in this file
    upstream.setRoutes({ [`GET /v1/places/${id}`]: { fixture: "google-place-lax.json", delayMs: 50 } });
    upstream.reset();
    const fresh = service(googleEnv());
    const many = await Promise.all(Array.from({ length: 20 }, () => fresh.place(`g:${id}`)));
    expect(many.every((p) => p?.name === "Los Angeles International Airport")).toBe(true);
    expect(upstream.count()).toBe(1);
  });
});

describe("osm provider (Photon + OSRM)", () => {
  let geo: GeoService;
  beforeAll(() => {
    upstream.setRoutes({
      "GET /photon/api": { fixture: "photon-search.json" },
      "GET /photon/reverse": { fixture: "photon-reverse.json" },
      "GET /osrm/route/v1/driving/-118.4137,34.0816;-118.4979,34.0088": { fixture: "osrm-route.json" },
      "GET /osrm/route/v1/driving/-118.4979,34.0088;-118.4137,34.0816": { status: 400, fixture: "osrm-no-route.json" },
    });
    geo = service(osmEnv());
  });

  it("searches Photon biased to Southern California and serves details of what it found from the cache", async () => {
    upstream.reset();
    const suggestions = await geo.suggest("beverly hills hotel");
    expect(suggestions[0]).toEqual({
      placeId: "osm:W24255683",
      primary: "The Beverly Hills Hotel",
      secondary: "9641 Sunset Boulevard, Beverly Hills, CA 90210, USA",
    });
    expect(suggestions[1]).toMatchObject({ placeId: "osm:R112057", primary: "Beverly Hills" });
    const req = upstream.requests[0]!;
    expect(req.method).toBe("GET");
    expect(req.path).toBe("/photon/api");
    expect(req.query.get("q")).toBe("beverly hills hotel");
    expect(Number(req.query.get("lat"))).toBeCloseTo(33.5);
    expect(Number(req.query.get("lon"))).toBeCloseTo(-117.5);
    expect(req.query.get("bbox")).toBe("-119.5,32.5,-114.5,35");

    const hotel = await geo.place("osm:W24255683");
    expect(hotel).toMatchObject({
      name: "The Beverly Hills Hotel",
      address: "The Beverly Hills Hotel, 9641 Sunset Boulevard, Beverly Hills, CA 90210",
      lat: 34.0816,
      lng: -118.4137,
      precision: "venue",
    });
    expect((await geo.place("osm:R112057"))?.precision).toBe("city");
    expect(upstream.count()).toBe(1);
    // After a restart the place is still known (geo_cache table).
    expect(await service(osmEnv()).place("osm:W24255683")).toEqual(hotel);
    expect(upstream.count()).toBe(1);
    expect(await geo.place("osm:N1")).toBeNull();
  });

  it("reverse geocodes with Photon", async () => {
    upstream.reset();
    const pier = await geo.reverse(34.0088, -118.4979);
    expect(pier).toMatchObject({ placeId: "osm:N4311786121", name: "Santa Monica Pier", precision: "venue" });
    expect(upstream.requests[0]!.path).toBe("/photon/reverse");
    expect(upstream.requests[0]!.query.get("lat")).toBe("34.0088");
    expect(upstream.requests[0]!.query.get("lon")).toBe("-118.4979");
  });

  it("routes with OSRM (metres, seconds), adds the peak factor OSRM lacks, and caches per band", async () => {
    const hotel = (await geo.place("osm:W24255683"))!;
    const pier = (await geo.place("osm:N4311786121"))!;
    upstream.reset();
    const noon = await geo.route(hotel, pier, TUESDAY_NOON);
    expect(noon.miles).toBeCloseTo(21890.4 / 1609.344, 6);
    expect(noon.minutes).toBeCloseTo(1410.2 / 60, 6);
    const peak = await geo.route(hotel, pier, TUESDAY_5PM);
    expect(peak.minutes).toBeCloseTo((1410.2 / 60) * 1.5, 6);
    expect(upstream.count()).toBe(2);
    await geo.route(hotel, pier, TUESDAY_NOON);
    expect(upstream.count()).toBe(2);

    const err = await geoError(geo.route(pier, hotel, TUESDAY_NOON));
    expect(err.code).toBe("no_route");
  });

  it("a Photon outage is a provider_error", async () => {
    upstream.setRoutes({ "GET /photon/api": { status: 503, raw: "Service Unavailable", contentType: "text/plain" } });
    expect((await geoError(geo.suggest("anything at all"))).code).toBe("provider_error");
    upstream.setRoutes({ "GET /photon/api": { raw: '{"type":"FeatureCollection"' } });
    expect((await geoError(geo.suggest("anything else"))).code).toBe("provider_error");
  });
});

describe("the map chip in google mode", () => {
  let t: TestApp;
  withTestApp((app) => (t = app), () => createTestApp(googleEnv()));
  const png = fs.readFileSync(path.join(import.meta.dirname, "fixtures", "google-staticmap.png"));

  it("is Google's static map, fetched by the server with the key, pins (and the route) in gold; the key never reaches the browser", async () => {
    upstream.setRoutes({
      [`GET /v1/places/${HOTEL_ID}`]: { fixture: "google-place.json" },
      [`GET /v1/places/${LAX_ID}`]: { fixture: "google-place-lax.json" },
      "GET /maps/api/staticmap": { fixture: "google-staticmap.png", contentType: "image/png" },
    });
    upstream.reset();
    const one = await t.app.request(`/api/places/g:${HOTEL_ID}/map.svg`);
    expect(one.status).toBe(200);
    expect(one.headers.get("content-type")).toBe("image/png");
    expect(one.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(Buffer.from(await one.arrayBuffer()).equals(png)).toBe(true);
    const single = upstream.requests.find((r) => r.path === "/maps/api/staticmap")!;
    expect(single.query.get("key")).toBe(KEY);
    expect(single.query.getAll("markers")).toEqual(["color:0xc9a35c|34.0816167,-118.4137334"]);
    expect(single.query.get("zoom")).toBe("13");
    expect(single.query.get("path")).toBeNull();

    upstream.reset();
    const route = await t.app.request(`/api/places/g:${HOTEL_ID}/map.svg?to=g:${LAX_ID}`);
    expect(route.status).toBe(200);
    const sent = upstream.requests.find((r) => r.path === "/maps/api/staticmap")!;
    expect(sent.query.getAll("markers")).toHaveLength(2);
    expect(sent.query.get("path")).toMatch(/^color:0xc9a35ccc\|weight:3\|[-\d.]+,[-\d.]+\|34\.0816167,-118\.4137334$/);
    expect(sent.query.get("zoom")).toBeNull();
  });

  it("an unknown place is a 404, and a static map outage or a non-image answer a 502", async () => {
    upstream.setRoutes({
      [`GET /v1/places/${HOTEL_ID}`]: { fixture: "google-place.json" },
      "GET /maps/api/staticmap": { status: 403, raw: "The Google Maps Platform server rejected your request.", contentType: "text/plain" },
    });
    const down = await t.call("GET", `/api/places/g:${HOTEL_ID}/map.svg`);
    expect(down.status).toBe(502);
    expect(down.body.error.code).toBe("provider_error");
    expect(JSON.stringify(down.body)).not.toContain(KEY);
    upstream.setRoutes({
      [`GET /v1/places/${HOTEL_ID}`]: { fixture: "google-place.json" },
      "GET /maps/api/staticmap": { raw: "<html>not an image</html>", contentType: "text/html" },
    });
    expect((await t.call("GET", `/api/places/g:${HOTEL_ID}/map.svg`)).status).toBe(502);
    expect((await t.call("GET", "/api/places/g:ChIJunknownunknown/map.svg")).status).toBe(404);
  });
});

describe("places API in google mode", () => {
  let t: TestApp;
  withTestApp((app) => (t = app), () => createTestApp(googleEnv()));

  it("answers through the adapter, never shows the key, and maps an outage to 502", async () => {
    upstream.setRoutes({
      "POST /v1/places:autocomplete": { fixture: "google-autocomplete.json" },
      [`GET /v1/places/${HOTEL_ID}`]: { fixture: "google-place.json" },
    });
    const res = await t.call("GET", "/api/places/suggest?q=beverly&session=abc");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.suggestions[0].placeId).toBe(`g:${HOTEL_ID}`);
    for (const r of [res]) expect(JSON.stringify(r.body)).not.toContain(KEY);

    upstream.setRoutes({ "POST /v1/places:autocomplete": { status: 500, raw: "{}" } });
    const down = await t.call("GET", "/api/places/suggest?q=something+new");
    expect(down.status).toBe(502);
    expect(down.body.error).toEqual({ code: "provider_error", message: "The maps service is not answering. Please try again." });
  });
});
