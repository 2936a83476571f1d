// Address search: the query parameters of /api/places/* and the shapes the client receives.
import { z } from "zod";

/** Place ids: "emb:<kind>:<key>" (embedded gazetteer), "g:<googleId>", "osm:<N|W|R><id>". */
export const placeIdSchema = z
  .string()
  .trim()
  .min(1, "Place id is required.")
  .max(300, "Place id is too long.")
  .regex(/^[A-Za-z0-9:_.-]+$/, "Place id is not valid.");

export const suggestQuerySchema = z.strictObject({
  /** Empty (after trimming) answers no suggestions. */
  q: z.string().trim().max(100, "Search text must be at most 100 characters.").default(""),
  /** Autocomplete session token (billing sessions at Google); any opaque string. */
  session: z.string().trim().max(128, "Session token is too long.").optional(),
});
export type SuggestQuery = z.input<typeof suggestQuerySchema>;

const coordinate = (label: string, limit: number) =>
  z
    .string(`${label} is required.`)
    .trim()
    .min(1, `${label} is required.`)
    .max(32, `${label} must be a number.`)
    .transform(Number)
    .pipe(
      z
        .number(`${label} must be a number.`)
        .min(-limit, `${label} must be between -${limit} and ${limit}.`)
        .max(limit, `${label} must be between -${limit} and ${limit}.`),
    );

export const reverseQuerySchema = z.strictObject({
  lat: coordinate("Latitude", 90),
  lng: coordinate("Longitude", 180),
});
export type ReverseQuery = z.input<typeof reverseQuerySchema>;

export const mapQuerySchema = z.strictObject({ to: placeIdSchema.optional() });

export type AddressComponent = { types: string[]; longName: string; shortName: string };
export type PlacePrecision = "address" | "venue" | "airport" | "city" | "zip";
/** GET /api/places/:id and /api/places/reverse. */
export type Place = {
  placeId: string;
  name: string;
  address: string;
  lat: number;
  lng: number;
  precision: PlacePrecision;
  components: AddressComponent[];
};
export type Suggestion = { placeId: string; primary: string; secondary: string };
/** GET /api/places/suggest. */
export type SuggestResponse = { suggestions: Suggestion[] };

/** The spec's message when no place is known near the browser's position. */
export const NO_ADDRESS_FOR_LOCATION = "Could not find address for your location.";

/** URL of the server-drawn map chip for a place (with a route line to `toPlaceId`). */
export const mapSvgPath = (placeId: string, toPlaceId?: string) =>
  `/api/places/${encodeURIComponent(placeId)}/map.svg${toPlaceId ? `?to=${encodeURIComponent(toPlaceId)}` : ""}`;
