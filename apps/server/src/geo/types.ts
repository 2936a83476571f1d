// Geo types shared by the service, its providers and the routes (re-exported by geo.service.ts).
import type { Place as ClientPlace, Suggestion as ClientSuggestion } from "@meridian/shared/places";

export type AddressComponent = { types: string[]; longName: string; shortName: string };
export type Place = {
  placeId: string;
  name: string;
  address: string;
  lat: number;
  lng: number;
  /** How exact the place is: the embedded gazetteer knows ZIPs, cities, airports and venues, not streets. */
  precision: "address" | "venue" | "airport" | "city" | "zip";
  components: AddressComponent[];
  /** A typed street address placed at the nearest point the embedded data knows (a venue, its ZIP or its city). */
  approximate?: boolean;
};
export type Suggestion = { placeId: string; primary: string; secondary: string; approximate?: boolean };
export type Route = { miles: number; minutes: number };
/** The map chip: an SVG drawn here, or a provider's own static map image. */
export type MapImage = { body: string | Uint8Array<ArrayBuffer>; contentType: string };

export class GeoError extends Error {
  constructor(
    readonly code: "no_route" | "not_found" | "provider_error",
    message: string,
  ) {
    super(message);
  }
}

/** One timed check of the provider (Settings → Maps): a live lookup, or a route, as the provider answers it now. */
export type GeoCheck = { ok: boolean; ms: number; summary: string };
export type GeoHealth = { provider: GeoService["provider"]; lookup: GeoCheck; route: GeoCheck };

export interface GeoService {
  readonly provider: "embedded" | "google" | "osm";
  suggest(query: string, opts?: { sessionToken?: string }): Promise<Suggestion[]>;
  place(placeId: string): Promise<Place | null>;
  reverse(lat: number, lng: number): Promise<Place | null>;
  /** Driving distance and time; throws GeoError("no_route") when there is none. */
  route(from: Place, to: Place, departure: Date): Promise<Route>;
  /** The map chip for a place (with a route line to `to` when given); null when unknown. */
  mapImage(placeId: string, toPlaceId?: string): Promise<MapImage | null>;
  /** A live lookup and a live route, past every cache, each timed (a stand-in service may leave it out). */
  health?(): Promise<GeoHealth>;
}

/** What one upstream (embedded gazetteer, Google, OSM) answers; the service adds caching and the map chip. */
export interface GeoProvider {
  readonly name: GeoService["provider"];
  /** Suggestions, plus any places fully resolved on the way (OSM answers with geometry: cache them). */
  suggest(query: string, sessionToken?: string): Promise<{ suggestions: Suggestion[]; places?: Place[] }>;
  /** null when the id is not one of this provider's (or no longer exists). */
  place(placeId: string): Promise<Place | null>;
  reverse(lat: number, lng: number): Promise<Place | null>;
  /** The provider's own map image of a place, or of a route between two (Google's terms: its places on its map). */
  staticMap?(from: Place, to: Place | null): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }>;
  route(from: Place, to: Place, departure: Date): Promise<Route>;
}

// The client's copies of these shapes (packages/shared/src/places.ts) must stay identical.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const _sameShapes: [Same<Place, ClientPlace>, Same<Suggestion, ClientSuggestion>] = [true, true];
