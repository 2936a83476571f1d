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

/** A coordinate as query text: a decimal from -limit to limit (90: latitude, 180: longitude). */
const COORDINATE_PATTERN = {
  90: "^-?(?:[0-8]?[0-9](?:\\.[0-9]{1,7})?|90)$",
  180: "^-?(?:(?:1[0-7][0-9]|[0-9]?[0-9])(?:\\.[0-9]{1,7})?|180)$",
};
const coordinate = (label: string, limit: 90 | 180) =>
  z
    .string(`${label} is required.`)
    .trim()
    .min(1, `${label} is required.`)
    .max(32, `${label} must be a number.`)
    .meta({ pattern: COORDINATE_PATTERN[limit] })
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

export const addressComponentSchema = z.object({ types: z.array(z.string()), longName: z.string(), shortName: z.string() });
export type AddressComponent = z.infer<typeof addressComponentSchema>;
export const placePrecisionSchema = z.enum(["address", "venue", "airport", "city", "zip"]);
export type PlacePrecision = z.infer<typeof placePrecisionSchema>;
/** GET /api/places/:id and /api/places/reverse. */
export const placeSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  precision: placePrecisionSchema,
  components: z.array(addressComponentSchema),
  /** A typed street address placed at the nearest point the embedded data knows (a venue, its ZIP or its city). */
  approximate: z.boolean().optional(),
});
export type Place = z.infer<typeof placeSchema>;
export const suggestionSchema = z.object({ placeId: z.string(), primary: z.string(), secondary: z.string(), approximate: z.boolean().optional() });
export type Suggestion = z.infer<typeof suggestionSchema>;
/** GET /api/places/suggest. */
export const suggestResponseSchema = z.object({ suggestions: z.array(suggestionSchema) });
export type SuggestResponse = z.infer<typeof suggestResponseSchema>;

/** The spec's message when no place is known near the browser's position. */
export const NO_ADDRESS_FOR_LOCATION = "Could not find address for your location.";

/** URL of the server-drawn map chip for a place (with a route line to `toPlaceId`). */
export const mapSvgPath = (placeId: string, toPlaceId?: string) =>
  `/api/places/${encodeURIComponent(placeId)}/map.svg${toPlaceId ? `?to=${encodeURIComponent(toPlaceId)}` : ""}`;

/** The badge next to a typed street address that the embedded maps place approximately. */
export const APPROXIMATE_LABEL = "Approximate location";

/**
 * Islands off Southern California that no car can reach from the mainland (boxes around each island; none
 * touches the coast). Balboa, Coronado, Terminal and Naples islands have bridges and are not listed.
 */
export const CAR_FREE_ISLANDS = [
  { name: "Santa Catalina Island", south: 33.28, north: 33.49, west: -118.62, east: -118.28 },
  { name: "San Clemente Island", south: 32.78, north: 33.05, west: -118.62, east: -118.33 },
  { name: "Santa Barbara Island", south: 33.46, north: 33.49, west: -119.06, east: -119.02 },
  { name: "San Nicolas Island", south: 33.2, north: 33.3, west: -119.6, east: -119.4 },
  { name: "Anacapa Island", south: 33.99, north: 34.03, west: -119.46, east: -119.34 },
  { name: "Santa Cruz Island", south: 33.94, north: 34.08, west: -119.93, east: -119.51 },
  { name: "Santa Rosa Island", south: 33.86, north: 34.03, west: -120.26, east: -119.96 },
  { name: "San Miguel Island", south: 34.01, north: 34.08, west: -120.46, east: -120.3 },
] as const;

/** The car-free island a point lies on, if any. */
export function carFreeIslandAt(lat: number, lng: number): string | null {
  for (const i of CAR_FREE_ISLANDS) if (lat >= i.south && lat <= i.north && lng >= i.west && lng <= i.east) return i.name;
  return null;
}

/** Why a place on an island cannot be a pickup, dropoff or event address. */
export const unreachableByCarMessage = (island: string) =>
  `${island} cannot be reached by car: there is no road from the mainland. Choose a mainland address, such as the ferry terminal in Long Beach or San Pedro.`;
