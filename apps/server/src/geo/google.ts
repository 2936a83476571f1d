// Google Maps Platform over fetch (the key stays on the server): Places Autocomplete (New), Place Details
// (New), Routes computeRouteMatrix, the Geocoding API for reverse lookups and the Maps Static API for the map
// chip. Place ids are "g:<googleId>".
import { BIAS_BOX } from "./gazetteer";
import { arr, fetchImage, fetchJson, isObj, malformed, num, str, type FetchFn } from "./http";
import { GeoError, type AddressComponent, type GeoProvider, type Place, type Route, type Suggestion } from "./types";

export type GoogleConfig = { apiKey: string; placesUrl: string; routesUrl: string; mapsUrl: string; timeoutMs: number; fetch: FetchFn };

const PROVIDER = "Google Maps";
export const DETAILS_FIELD_MASK = "id,formattedAddress,location,addressComponents,displayName,types";
export const MATRIX_FIELD_MASK = "originIndex,destinationIndex,status,condition,distanceMeters,duration";
const trim = (u: string) => u.replace(/\/+$/, "");

export function googleProvider(cfg: GoogleConfig): GeoProvider {
  const places = trim(cfg.placesUrl);
  const routes = trim(cfg.routesUrl);
  const maps = trim(cfg.mapsUrl);
  const common = { timeoutMs: cfg.timeoutMs, provider: PROVIDER };

  return {
    name: "google",

    async suggest(query, sessionToken) {
      const body = {
        input: query,
        ...(sessionToken ? { sessionToken } : {}),
        includedRegionCodes: ["us"],
        locationBias: {
          rectangle: {
            low: { latitude: BIAS_BOX.south, longitude: BIAS_BOX.west },
            high: { latitude: BIAS_BOX.north, longitude: BIAS_BOX.east },
          },
        },
      };
      const res = await fetchJson(cfg.fetch, `${places}/v1/places:autocomplete`, {
        ...common,
        method: "POST",
        headers: { "content-type": "application/json", "x-goog-api-key": cfg.apiKey },
        body: JSON.stringify(body),
      });
      // No match is an empty object (proto3 omits empty lists).
      if (!isObj(res.body) || (res.body.suggestions !== undefined && !Array.isArray(res.body.suggestions))) {
        throw malformed(PROVIDER, "autocomplete answer");
      }
      const suggestions: Suggestion[] = [];
      for (const s of arr(res.body.suggestions)) {
        const p = isObj(s) && isObj(s.placePrediction) ? s.placePrediction : undefined;
        const id = p && str(p.placeId);
        if (!p || !id) continue; // query predictions carry no place
        const fmt = isObj(p.structuredFormat) ? p.structuredFormat : {};
        const main = isObj(fmt.mainText) ? str(fmt.mainText.text) : undefined;
        const secondary = isObj(fmt.secondaryText) ? str(fmt.secondaryText.text) : undefined;
        const text = isObj(p.text) ? str(p.text.text) : undefined;
        suggestions.push({ placeId: `g:${id}`, primary: main ?? text ?? id, secondary: secondary ?? "" });
      }
      return { suggestions: suggestions.slice(0, 6) };
    },

    async place(placeId) {
      const id = googleId(placeId);
      if (!id) return null;
      const res = await fetchJson(cfg.fetch, `${places}/v1/places/${encodeURIComponent(id)}`, {
        ...common,
        method: "GET",
        headers: { "x-goog-api-key": cfg.apiKey, "x-goog-fieldmask": DETAILS_FIELD_MASK },
        okStatuses: [404, 400],
      });
      if (res.status === 404 || res.status === 400) return null; // unknown or malformed id
      const b = res.body;
      if (!isObj(b) || !isObj(b.location)) throw malformed(PROVIDER, "place answer");
      const lat = num(b.location.latitude);
      const lng = num(b.location.longitude);
      if (lat === undefined || lng === undefined) throw malformed(PROVIDER, "place location");
      const components = arr(b.addressComponents).flatMap((c): AddressComponent[] =>
        isObj(c) ? [{ types: arr(c.types).filter((t): t is string => typeof t === "string"), longName: str(c.longText) ?? "", shortName: str(c.shortText) ?? "" }] : [],
      );
      const types = arr(b.types).filter((t): t is string => typeof t === "string");
      const address = str(b.formattedAddress) ?? "";
      const name = isObj(b.displayName) ? (str(b.displayName.text) ?? address) : address;
      return { placeId: `g:${str(b.id) ?? id}`, name, address, lat, lng, precision: precisionOf(types), components };
    },

    async reverse(lat, lng) {
      const url = `${maps}/maps/api/geocode/json?latlng=${lat},${lng}&key=${encodeURIComponent(cfg.apiKey)}`;
      const res = await fetchJson(cfg.fetch, url, { ...common, method: "GET" });
      const b = res.body;
      if (!isObj(b)) throw malformed(PROVIDER, "geocoding answer");
      if (b.status === "ZERO_RESULTS") return null;
      if (b.status !== "OK") throw new GeoError("provider_error", `${PROVIDER} geocoding answered ${str(b.status) ?? "an error"}`);
      const first = arr(b.results).find(isObj);
      if (!first) return null;
      const loc = isObj(first.geometry) && isObj(first.geometry.location) ? first.geometry.location : {};
      const pLat = num(loc.lat);
      const pLng = num(loc.lng);
      const id = str(first.place_id);
      if (pLat === undefined || pLng === undefined || !id) throw malformed(PROVIDER, "geocoding result");
      const components = arr(first.address_components).flatMap((c): AddressComponent[] =>
        isObj(c) ? [{ types: arr(c.types).filter((t): t is string => typeof t === "string"), longName: str(c.long_name) ?? "", shortName: str(c.short_name) ?? "" }] : [],
      );
      const address = str(first.formatted_address) ?? "";
      const types = arr(first.types).filter((t): t is string => typeof t === "string");
      return { placeId: `g:${id}`, name: address.split(",")[0] ?? address, address, lat: pLat, lng: pLng, precision: precisionOf(types), components };
    },

    async staticMap(from, to) {
      const q = new URLSearchParams({ size: "208x104", scale: "2", maptype: "roadmap", key: cfg.apiKey });
      for (const style of STATIC_MAP_STYLE) q.append("style", style);
      const at = (p: Place) => `${p.lat},${p.lng}`;
      q.append("markers", `color:${GOLD}|${at(from)}`);
      if (to) {
        q.append("markers", `color:${GOLD}|${at(to)}`);
        q.append("path", `color:${GOLD}cc|weight:3|${at(to)}|${at(from)}`);
      } else {
        q.set("zoom", "13");
      }
      return fetchImage(cfg.fetch, `${maps}/maps/api/staticmap?${q.toString()}`, { ...common, method: "GET" });
    },

    async route(from, to, departure) {
      const body = {
        origins: [{ waypoint: waypoint(from) }],
        destinations: [{ waypoint: waypoint(to) }],
        travelMode: "DRIVE",
        routingPreference: "TRAFFIC_AWARE",
        units: "IMPERIAL",
        // Google refuses departure times in the past; "now" is then the best estimate.
        ...(departure.getTime() > Date.now() + 60_000 ? { departureTime: departure.toISOString() } : {}),
      };
      const res = await fetchJson(cfg.fetch, `${routes}/distanceMatrix/v2:computeRouteMatrix`, {
        ...common,
        method: "POST",
        headers: { "content-type": "application/json", "x-goog-api-key": cfg.apiKey, "x-goog-fieldmask": MATRIX_FIELD_MASK },
        body: JSON.stringify(body),
      });
      const el = arr(res.body).find((e) => isObj(e) && (num(e.originIndex) ?? 0) === 0 && (num(e.destinationIndex) ?? 0) === 0);
      if (!isObj(el)) throw malformed(PROVIDER, "route matrix");
      const status = isObj(el.status) ? el.status : {};
      if (el.condition === "ROUTE_NOT_FOUND") throw new GeoError("no_route", "Could not calculate route");
      if (num(status.code)) throw new GeoError("provider_error", `${PROVIDER} route failed: ${str(status.message) ?? `code ${String(status.code)}`}`);
      const metres = num(el.distanceMeters) ?? (el.condition === "ROUTE_EXISTS" ? 0 : undefined);
      const seconds = parseDuration(el.duration);
      if (metres === undefined || seconds === undefined) throw malformed(PROVIDER, "route element");
      const route: Route = { miles: metres / 1609.344, minutes: seconds / 60 };
      return route;
    },
  };
}

/** The chip's look: dark land, muted labels, the brand's gold for pins and route. */
const GOLD = "0xc9a35c";
const STATIC_MAP_STYLE = [
  "element:geometry|color:0x16171b",
  "element:labels.text.fill|color:0x8a8577",
  "element:labels.text.stroke|color:0x0b0b0d",
  "element:labels.icon|visibility:off",
  "feature:road|element:geometry|color:0x2a2a30",
  "feature:water|element:geometry|color:0x0b0c10",
  "feature:poi|visibility:off",
];

const googleId = (placeId: string) => (placeId.startsWith("g:") && placeId.length > 2 ? placeId.slice(2) : null);

function waypoint(p: Place) {
  const id = googleId(p.placeId);
  return id ? { placeId: id } : { location: { latLng: { latitude: p.lat, longitude: p.lng } } };
}

/** Google durations are strings like "1234s" (or "1234.5s"). */
export function parseDuration(v: unknown): number | undefined {
  if (v === undefined) return 0; // proto3 omits zero values
  const m = typeof v === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(v) : null;
  return m ? Number(m[1]) : undefined;
}

function precisionOf(types: string[]): Place["precision"] {
  const has = (...t: string[]) => t.some((x) => types.includes(x));
  if (has("airport")) return "airport";
  if (has("street_address", "premise", "subpremise", "route", "intersection")) return "address";
  if (has("postal_code")) return "zip";
  if (has("locality", "sublocality", "neighborhood", "administrative_area_level_3", "postal_town")) return "city";
  if (has("establishment", "point_of_interest")) return "venue";
  return "address";
}

