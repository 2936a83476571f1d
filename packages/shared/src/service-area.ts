// The service area quotes accept (Settings → Maps): a list of counties, or a radius in miles from the base. A
// ride's pickup and a valet event's venue must be inside it; the refusal is one sentence naming the area and
// where the place is. A place whose county the maps provider does not give is accepted in county mode (it cannot
// be told apart); the radius needs only coordinates.
import type { MapsSettings } from "./settings";

type AreaPlace = { name: string; lat: number; lng: number; components?: { types: string[]; longName: string }[] };
export type ServiceArea = MapsSettings["serviceArea"];

/** "Los Angeles" for "Los Angeles County" (the gazetteer's, Google's and Photon's spelling alike). */
export const countyName = (county: string) => county.trim().replace(/\s+county$/i, "");

/** The place's county (without "County"), when the provider gave one. */
export function countyOf(place: AreaPlace): string | null {
  const c = place.components?.find((x) => x.types.includes("administrative_area_level_2"));
  return c ? countyName(c.longName) : null;
}

const EARTH_MILES = 3958.8;
const rad = (d: number) => (d * Math.PI) / 180;
/** Great-circle miles between two points. */
export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "Los Angeles, Orange and Ventura counties" / "Los Angeles County". */
export function countiesLabel(counties: readonly string[]): string {
  const names = counties.map(countyName);
  if (names.length === 1) return `${names[0]} County`;
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)} counties`;
}

/** The area in words: "pickups in Los Angeles and Orange counties" / "pickups within 40 miles of Beverly Hills". */
export function serviceAreaLabel(area: ServiceArea, what = "pickups"): string {
  return area.kind === "radius" ? `${what} within ${area.radiusMiles} miles of ${area.base.label}` : `${what} in ${countiesLabel(area.counties)}`;
}

/**
 * Why a place is outside the area (one sentence to show the customer), or null when it is inside.
 * `what`: "pickups" for a ride, "events" for valet.
 */
export function outsideServiceArea(place: AreaPlace, area: ServiceArea, what = "pickups"): string | null {
  if (area.kind === "radius") {
    const miles = milesBetween(area.base, place);
    if (miles <= area.radiusMiles) return null;
    return `We serve ${serviceAreaLabel(area, what)}; ${place.name} is ${Math.round(miles)} miles away. Please choose a place nearer, or call us.`;
  }
  const county = countyOf(place);
  if (county === null) return null;
  const served = new Set(area.counties.map((c) => countyName(c).toLowerCase()));
  if (served.has(county.toLowerCase())) return null;
  return `We serve ${serviceAreaLabel(area, what)}; ${place.name} is in ${county} County. Please choose a place inside the area, or call us.`;
}
