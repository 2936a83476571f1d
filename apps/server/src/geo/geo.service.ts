// The server-side maps provider (GEO_PROVIDER = embedded | google | osm). Quotes are computed from
// place ids resolved here, so a client can never forge miles.
//
// - embedded (default): the bundled gazetteer (gazetteer.ts) and the circuity/speed route model
//   (route-model.ts); no key, no network, answers in microseconds, so nothing is cached.
// - google / osm: typed fetch adapters (google.ts, osm.ts) behind a two-level cache (cache.ts: memory LRU +
//   geo_cache table): a repeated suggestion, place, reverse lookup or route (same places, same time band)
//   costs no upstream call, also after a restart.
// Embedded ids ("emb:...") resolve in every mode. The map chip is an SVG drawn on the server (map-svg.ts),
// or in Google mode Google's static map fetched by the server: no key ever reaches the browser.
import type { Db } from "../db/client";
import type { Env } from "../env";
import type { Logger } from "../lib/logger";
import { GeoCache, Lru } from "./cache";
import { gazetteer } from "./gazetteer";
import { googleProvider } from "./google";
import type { FetchFn } from "./http";
import { renderMapSvg } from "./map-svg";
import { osmProvider } from "./osm";
import { estimateRoute, timeBand } from "./route-model";
import type { GeoCheck, GeoHealth, GeoProvider, GeoService, MapImage, Place, Route, Suggestion } from "./types";

export const SVG_TYPE = "image/svg+xml; charset=utf-8";

export { GeoError } from "./types";
export type { AddressComponent, GeoHealth, GeoService, MapImage, Place, Route, Suggestion } from "./types";

/** The health check's lookup and route: a well-known airport, and from it to a well-known venue. */
export const HEALTH_LOOKUP = "Los Angeles International Airport";
export const HEALTH_ROUTE = { from: "emb:apt:LAX", to: "emb:venue:santa-monica-pier" } as const;

async function timed(what: () => Promise<string>): Promise<GeoCheck> {
  const t0 = performance.now();
  try {
    const summary = await what();
    return { ok: true, ms: Math.round(performance.now() - t0), summary };
  } catch (err) {
    return { ok: false, ms: Math.round(performance.now() - t0), summary: err instanceof Error ? err.message : String(err) };
  }
}

/** Query text as a cache key: trimmed, lower case, single spaces. */
const queryKey = (q: string) => q.trim().toLowerCase().replace(/\s+/g, " ");

function upstream(env: Env, fetchFn: FetchFn): GeoProvider | null {
  if (env.GEO_PROVIDER === "google") {
    if (!env.GOOGLE_MAPS_API_KEY) throw new Error("GEO_PROVIDER=google needs GOOGLE_MAPS_API_KEY (kept on the server).");
    return googleProvider({
      apiKey: env.GOOGLE_MAPS_API_KEY,
      placesUrl: env.GOOGLE_PLACES_URL,
      routesUrl: env.GOOGLE_ROUTES_URL,
      mapsUrl: env.GOOGLE_MAPS_URL,
      timeoutMs: env.GEO_TIMEOUT_MS,
      fetch: fetchFn,
    });
  }
  if (env.GEO_PROVIDER === "osm") {
    if (!env.OSM_PHOTON_URL || !env.OSM_OSRM_URL) throw new Error("GEO_PROVIDER=osm needs OSM_PHOTON_URL and OSM_OSRM_URL.");
    return osmProvider({ photonUrl: env.OSM_PHOTON_URL, osrmUrl: env.OSM_OSRM_URL, timeoutMs: env.GEO_TIMEOUT_MS, fetch: fetchFn });
  }
  return null;
}

export function createGeoService(opts: { env: Env; db: Db; logger: Logger; fetch?: typeof fetch }): GeoService {
  const gaz = gazetteer();
  const remote = upstream(opts.env, opts.fetch ?? globalThis.fetch);
  const cache = remote ? new GeoCache(opts.db, remote.name, opts.logger) : null;
  const svgs = new Lru<string>(500);

  async function place(placeId: string): Promise<Place | null> {
    if (placeId.startsWith("emb:")) return gaz.get(placeId);
    if (!remote || !cache) return null;
    return cache.memo("place", placeId, () => remote.place(placeId));
  }

  async function suggest(query: string, o?: { sessionToken?: string }): Promise<Suggestion[]> {
    if (!query.trim()) return [];
    if (!remote || !cache) return gaz.suggest(query);
    return cache.memo(
      "suggest",
      queryKey(query),
      async () => {
        const res = await remote.suggest(query.trim(), o?.sessionToken);
        await Promise.all((res.places ?? []).map((p) => cache.put("place", p.placeId, p)));
        return res.suggestions;
      },
      () => true,
    );
  }

  async function reverse(lat: number, lng: number): Promise<Place | null> {
    if (!remote || !cache) return gaz.reverse(lat, lng);
    // ~10 m grid: the same spot asks once.
    return cache.memo("reverse", `${lat.toFixed(4)},${lng.toFixed(4)}`, async () => {
      const found = await remote.reverse(lat, lng);
      if (found) await cache.put("place", found.placeId, found); // details by id need no second call
      return found;
    });
  }

  async function route(from: Place, to: Place, departure: Date): Promise<Route> {
    if (!remote || !cache) return estimateRoute(from, to, departure);
    const key = `${from.placeId}|${to.placeId}|${timeBand(departure)}`;
    return cache.memo("route", key, () => remote.route(from, to, departure));
  }

  /**
   * The chip: in Google mode Google's own static map (its terms allow its places only on its maps; the image is
   * not stored here, the browser may keep it an hour), otherwise an SVG drawn from the bundled outlines, kept.
   */
  async function mapImage(placeId: string, toPlaceId?: string): Promise<MapImage | null> {
    const from = await place(placeId);
    const to = toPlaceId ? await place(toPlaceId) : null;
    if (!from || (toPlaceId && !to)) return null;
    if (remote?.staticMap) return remote.staticMap(from, to);
    const key = `${from.placeId}|${to?.placeId ?? ""}`;
    let svg = svgs.get(key);
    if (!svg) svgs.set(key, (svg = renderMapSvg(gaz, from, to)));
    return { body: svg, contentType: SVG_TYPE };
  }

  /** Asks the provider itself (no cache): the lookup of HEALTH_LOOKUP, then the route HEALTH_ROUTE in an hour. */
  async function health(): Promise<GeoHealth> {
    const lookup = await timed(async () => {
      const found = remote ? (await remote.suggest(HEALTH_LOOKUP)).suggestions : gaz.suggest(HEALTH_LOOKUP);
      const first = found[0];
      if (!first) throw new Error(`No place found for "${HEALTH_LOOKUP}".`);
      return `"${HEALTH_LOOKUP}" found ${first.primary}${first.secondary ? `, ${first.secondary}` : ""}`;
    });
    const route = await timed(async () => {
      const from = gaz.get(HEALTH_ROUTE.from);
      const to = gaz.get(HEALTH_ROUTE.to);
      if (!from || !to) throw new Error("The test places are missing from the gazetteer.");
      const r = remote ? await remote.route(from, to, new Date(Date.now() + 3_600_000)) : estimateRoute(from, to, new Date(Date.now() + 3_600_000));
      return `${from.name} to ${to.name}: ${r.miles.toFixed(1)} miles, ${Math.round(r.minutes)} minutes`;
    });
    return { provider: remote?.name ?? "embedded", lookup, route };
  }

  return { provider: remote?.name ?? "embedded", suggest, place, reverse, route, mapImage, health };
}
