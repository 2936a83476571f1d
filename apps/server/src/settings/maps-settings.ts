// Settings → Maps beyond the stored service area: the provider in use (the server's GEO_PROVIDER), its health (a
// live lookup and a live route, past every cache, timed) and the counties the bundled outlines know; and the
// preview image of the saved area (GET /api/admin/settings/maps/preview.svg).
import { Hono, type Context } from "hono";
import outlines from "../geo/data/counties.json";
import { renderServiceAreaSvg } from "../geo/service-area-svg";
import { SVG_TYPE, type GeoHealth } from "../geo/geo.service";
import type { AppEnv } from "../lib/context";
import { caller, routesFor } from "../lib/openapi";
import { getSettings } from "./store";

const PROVIDER_LABELS: Record<GeoHealth["provider"], string> = {
  embedded: "Embedded: the bundled Southern California gazetteer and route model (no key, no network)",
  osm: "OpenStreetMap: Photon for places, OSRM for routes",
  google: "Google Maps Platform: Places and Routes (the key stays on the server)",
};

/** Counties the bundled outlines cover, for the county picker (a provider may name others). */
export const KNOWN_COUNTIES = [...outlines.counties].sort();

/** What GET and PUT /api/admin/settings/maps answer beside { maps }. */
export async function mapsExtra(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const geo = c.get("deps").geo;
  const health: GeoHealth = geo.health
    ? await geo.health()
    : { provider: geo.provider, lookup: { ok: false, ms: 0, summary: "This maps service has no health check." }, route: { ok: false, ms: 0, summary: "This maps service has no health check." } };
  return { provider: { name: geo.provider, label: PROVIDER_LABELS[geo.provider] }, health, knownCounties: KNOWN_COUNTIES };
}

const admin$ = routesFor("admin", ["Admin: settings"]);

export const mapsPreviewRoutes = new Hono<AppEnv>().get(
  "/settings/maps/preview.svg",
  admin$("A map of the saved service area (SVG)", { 200: { description: "SVG", contentType: "image/svg+xml" } }),
  async (c) => {
    const { db } = caller(c);
    const { serviceArea } = await getSettings(db, "maps");
    return c.body(renderServiceAreaSvg(serviceArea), 200, { "content-type": SVG_TYPE, "cache-control": "no-store" });
  },
);
