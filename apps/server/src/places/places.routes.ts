// Address search for the booking form: suggestions, place details, reverse lookup ('Use my current
// location') and the map chip. Public: no sign-in needed. Provider answers come from deps.geo; a provider
// outage is a 502 (lib/error-reply.ts), never an unhandled 500.
import {
  mapQuerySchema,
  NO_ADDRESS_FOR_LOCATION,
  placeIdSchema,
  placeSchema,
  reverseQuerySchema,
  suggestQuerySchema,
  suggestResponseSchema,
} from "@meridian/shared/places";
import { Hono } from "hono";
import { SVG_TYPE } from "../geo/geo.service";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { route } from "../lib/openapi";
import { parseWith } from "../lib/validate";

const tags = ["Places"];
const providerDown = { description: "The maps service is not answering" };

export const placesRoutes = new Hono<AppEnv>();

placesRoutes.get(
  "/suggest",
  route({ summary: "Address suggestions", tags, access: "public", query: suggestQuerySchema, responses: { 200: suggestResponseSchema, 502: providerDown } }),
  async (c) => {
    const { q, session } = c.req.valid("query");
    if (!q) return c.json({ suggestions: [] });
    const suggestions = await c.get("deps").geo.suggest(q, { sessionToken: session });
    return c.json({ suggestions });
  },
);

placesRoutes.get(
  "/reverse",
  route({
    summary: "The address at a position",
    description: "For 'Use my current location'.",
    tags,
    access: "public",
    query: reverseQuerySchema,
    responses: { 200: placeSchema, 404: { description: NO_ADDRESS_FOR_LOCATION }, 502: providerDown },
  }),
  async (c) => {
    const { lat, lng } = c.req.valid("query");
    const place = await c.get("deps").geo.reverse(lat, lng);
    if (!place) throw notFound(NO_ADDRESS_FOR_LOCATION);
    return c.json(place);
  },
);

placesRoutes.get(
  "/:id/map.svg",
  route({
    summary: "A map image of a place, or of a trip with ?to=",
    tags,
    access: "public",
    query: mapQuerySchema,
    responses: { 200: { description: "An SVG map (a PNG from Google Maps)", contentType: "image/svg+xml" }, 404: { description: "The place is unknown" } },
  }),
  async (c) => {
    const id = parseWith(placeIdSchema, c.req.param("id"));
    const { to } = c.req.valid("query");
    const map = await c.get("deps").geo.mapImage(id, to);
    if (!map) throw notFound(to ? "One of these places is unknown." : "This place is unknown.");
    return c.body(map.body, 200, {
      "content-type": map.contentType,
      // Our SVG may be kept a day; a provider's image an hour, in the browser only.
      "cache-control": map.contentType === SVG_TYPE ? "public, max-age=86400" : "private, max-age=3600",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    });
  },
);

placesRoutes.get(
  "/:id",
  route({ summary: "A place's details", tags, access: "public", responses: { 200: placeSchema, 404: { description: "The place is unknown" }, 502: providerDown } }),
  async (c) => {
      const id = parseWith(placeIdSchema, c.req.param("id"));
      const place = await c.get("deps").geo.place(id);
      if (!place) throw notFound("This place is unknown.");
      return c.json(place);
  },
);
