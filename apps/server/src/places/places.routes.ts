// Address search for the booking form: suggestions, place details, reverse lookup ('Use my current
// location') and the map chip. Public: no sign-in needed. Provider answers come from deps.geo.
import { mapQuerySchema, NO_ADDRESS_FOR_LOCATION, placeIdSchema, reverseQuerySchema, suggestQuerySchema } from "@meridian/shared/places";
import { Hono } from "hono";
import { GeoError } from "../geo/geo.service";
import type { AppEnv } from "../lib/context";
import { HttpError, notFound } from "../lib/errors";
import { parseQuery, parseWith } from "../lib/validate";

export const placesRoutes = new Hono<AppEnv>();

/** Provider failures are a 502 the client can show ('Geocoder failed'); never an unhandled 500. */
async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof GeoError && err.code === "provider_error") {
      throw new HttpError(502, "provider_error", "The maps service is not answering. Please try again.");
    }
    throw err;
  }
}

placesRoutes.get("/suggest", async (c) => {
  const { q, session } = parseQuery(c, suggestQuerySchema);
  if (!q) return c.json({ suggestions: [] });
  const suggestions = await viaProvider(() => c.get("deps").geo.suggest(q, { sessionToken: session }));
  return c.json({ suggestions });
});

placesRoutes.get("/reverse", async (c) => {
  const { lat, lng } = parseQuery(c, reverseQuerySchema);
  const place = await viaProvider(() => c.get("deps").geo.reverse(lat, lng));
  if (!place) throw notFound(NO_ADDRESS_FOR_LOCATION);
  return c.json(place);
});

placesRoutes.get("/:id/map.svg", async (c) => {
  const id = parseWith(placeIdSchema, c.req.param("id"));
  const { to } = parseQuery(c, mapQuerySchema);
  const svg = await viaProvider(() => c.get("deps").geo.mapSvg(id, to));
  if (!svg) throw notFound(to ? "One of these places is unknown." : "This place is unknown.");
  return c.body(svg, 200, {
    "content-type": "image/svg+xml; charset=utf-8",
    "cache-control": "public, max-age=86400",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  });
});

placesRoutes.get("/:id", async (c) => {
  const id = parseWith(placeIdSchema, c.req.param("id"));
  const place = await viaProvider(() => c.get("deps").geo.place(id));
  if (!place) throw notFound("This place is unknown.");
  return c.json(place);
});
