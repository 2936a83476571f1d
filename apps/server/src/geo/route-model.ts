// Distance and time without a road network (embedded provider), from published circuity and LA speed
// figures (see ../shared/research/geo.md). Expected error: distance +-20%, time +-30-40%.
import type { Route } from "./types";

const EARTH_RADIUS_MILES = 3958.7613;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle (haversine) distance in statute miles. */
export function greatCircleMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Departure time band in Los Angeles local time; peak factors apply on weekdays only. */
export type TimeBand = "offpeak" | "am_peak" | "pm_peak" | "weekend";
const BAND_FACTOR: Record<TimeBand, number> = { offpeak: 1, weekend: 1, am_peak: 1.3, pm_peak: 1.5 };

const laClock = new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", weekday: "short", hour: "numeric", hourCycle: "h23" });

export function timeBand(departure: Date): TimeBand {
  let weekday = "";
  let hour = 0;
  for (const part of laClock.formatToParts(departure)) {
    if (part.type === "weekday") weekday = part.value;
    else if (part.type === "hour") hour = Number(part.value);
  }
  if (weekday === "Sat" || weekday === "Sun") return "weekend";
  if (hour >= 6 && hour < 10) return "am_peak";
  if (hour >= 15 && hour < 19) return "pm_peak";
  return "offpeak";
}

export const bandFactor = (band: TimeBand) => BAND_FACTOR[band];

/**
 * miles   = max(0.5, g * (1.20 + 0.30 * e^(-g/2)))         (short trips are more circuitous)
 * minutes = 2 + 60 * miles / (60 - 44 * e^(-miles/15))      (16 mph in town rising to 60 mph on long runs)
 * x1.3 weekdays 06-10, x1.5 weekdays 15-19, Los Angeles time. Identical places give the 0.5 mile minimum:
 * refusing pickup == dropoff is the quote layer's call.
 */
export function estimateRoute(from: { lat: number; lng: number }, to: { lat: number; lng: number }, departure: Date): Route {
  const g = greatCircleMiles(from, to);
  const miles = Math.max(0.5, g * (1.2 + 0.3 * Math.exp(-g / 2)));
  const freeFlow = 2 + (60 * miles) / (60 - 44 * Math.exp(-miles / 15));
  const minutes = freeFlow * bandFactor(timeBand(departure));
  return { miles: Math.round(miles * 100) / 100, minutes: Math.round(minutes * 10) / 10 };
}
