// The place shapes of the /api/places contract (from @meridian/shared/places) and two client helpers.
import { mapSvgPath, type Place } from "@meridian/shared/places";

export type { Place, Suggestion } from "@meridian/shared/places";

/** A usable pick has an id and coordinates (the spec: a pick without geometry or place id is cleared). */
export const isUsablePlace = (p: Partial<Place> | null | undefined): p is Place =>
  Boolean(p && typeof p.placeId === "string" && p.placeId && Number.isFinite(p.lat) && Number.isFinite(p.lng));

/** The map chip's image: the place, or the route from `from` to it when given. */
export const mapSvgUrl = (placeId: string, from?: string) => (from ? mapSvgPath(from, placeId) : mapSvgPath(placeId));
