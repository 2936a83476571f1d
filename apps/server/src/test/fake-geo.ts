// A test double of the external maps service: three fixed places and fixed routes between them, so the
// quote and booking suites do not depend on the gazetteer's content. Routes can be changed per test.
import { GeoError, type GeoService, type Place, type Route } from "../geo/geo.service";

const place = (placeId: string, name: string, lat: number, lng: number): Place => ({
  placeId,
  name,
  address: `${name}, Los Angeles, CA, USA`,
  lat,
  lng,
  precision: "venue",
  components: [{ types: ["locality"], longName: "Los Angeles", shortName: "Los Angeles" }],
});

export const FAKE_PLACES = {
  airport: place("test:airport", "Test Airport", 33.9416, -118.4085),
  hills: place("test:hills", "Test Hills Hotel", 34.0736, -118.4004),
  desert: place("test:desert", "Test Desert Resort", 33.8303, -116.5453),
  // No route to it (out at sea, away from the real car-free islands, which the quote refuses before routing).
  island: place("test:island", "Test Island", 32.9, -118.9),
} as const;

export type FakeGeo = GeoService & {
  /** Miles and minutes the provider answers for from -> to (either direction). */
  setRoute(from: Place, to: Place, route: Route): void;
  routeCalls: number;
  /** Simulates the provider being down: place lookups or route lookups fail with provider_error. */
  outage: null | "place" | "route";
  /** The departures route() was asked for, newest last. */
  departures: Date[];
};

export function createFakeGeo(): FakeGeo {
  const byId = new Map<string, Place>(Object.values(FAKE_PLACES).map((p) => [p.placeId, p]));
  const routes = new Map<string, Route>();
  const key = (a: Place, b: Place) => [a.placeId, b.placeId].sort().join("|");
  const fake: FakeGeo = {
    provider: "embedded",
    routeCalls: 0,
    outage: null,
    departures: [],
    setRoute(from, to, route) {
      routes.set(key(from, to), route);
    },
    async suggest(query) {
      const q = query.trim().toLowerCase();
      return [...byId.values()].filter((p) => q && p.name.toLowerCase().includes(q)).map((p) => ({ placeId: p.placeId, primary: p.name, secondary: p.address }));
    },
    async place(placeId) {
      if (fake.outage === "place") throw new GeoError("provider_error", "Place Details answered 503.");
      return byId.get(placeId) ?? null;
    },
    async reverse() {
      return null;
    },
    async route(from, to, departure) {
      fake.routeCalls++;
      fake.departures.push(departure);
      if (fake.outage === "route") throw new GeoError("provider_error", "The route matrix answered 503.");
      const found = routes.get(key(from, to));
      if (!found) throw new GeoError("no_route", "No driving route between these places.");
      return found;
    },
    async mapImage() {
      return null;
    },
  };
  fake.setRoute(FAKE_PLACES.airport, FAKE_PLACES.hills, { miles: 12.34, minutes: 29.6 });
  fake.setRoute(FAKE_PLACES.airport, FAKE_PLACES.desert, { miles: 131.96, minutes: 142.2 });
  fake.setRoute(FAKE_PLACES.hills, FAKE_PLACES.desert, { miles: 126.5, minutes: 138.4 });
  return fake;
}
