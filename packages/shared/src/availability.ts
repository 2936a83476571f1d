// The availability rule: can Meridian serve one more ride of a vehicle type at a time? Pure, from the day's
// chauffeur shifts, the fleet's cars and the rides already sold. For the quote and the booking (the server's
// rides/availability.service.ts; docs/decisions/020), the nearest-sellable-times alternatives, and the dispatch
// board's capacity and warnings.
//
// A ride occupies its window: pickup, the quoted minutes, then the dispatch buffer (rideWindow in rides.ts).
// It is sellable when, for that window:
// - no day it touches (in the service's time zone) is a blackout date, and its pickup is within the operating hours;
// - some chauffeur is on shift for the whole window (back-to-back shifts of one person join up) and is not on an
//   overlapping ride, with one such chauffeur left over after the overlapping rides that have no chauffeur yet
//   (booked but unassigned rides count against capacity: at the busiest moment of the window, each needs one);
// - likewise some car of the type is in service (not in maintenance, not retired) and on no overlapping ride, with
//   one left over after the overlapping rides of that type that have no car yet.
import { overlaps, rideWindow } from "./rides";
import type { UnitStatus } from "./fleet-units";
import { addDays, wallClock, zonedInstant } from "./zoned-time";

const MINUTE = 60_000;

export type AvailabilityShift = { chauffeurId: string; chauffeurName?: string; startsAt: Date; endsAt: Date };
export type AvailabilityUnit = { id: string; vehicleTypeId: string; status: UnitStatus };
/** A ride already sold (pending or under way): `vehicleTypeId` is the type it needs a car of (the assigned one, else the booked one). */
export type SoldRide = { id: string; pickupAt: Date; minutes: number; vehicleTypeId: string | null; chauffeurId: string | null; unitId: string | null };
export type AvailabilityWorld = { shifts: AvailabilityShift[]; units: AvailabilityUnit[]; rides: SoldRide[] };
export type AvailabilityRules = {
  timeZone: string;
  bufferMinutes: number;
  /** "YYYY-MM-DD" days with no service. */
  blackoutDates?: readonly string[];
  /** Pickups from `open` until before `close` ("HH:MM"; a close at or before the open runs past midnight). */
  operatingHours?: { open: string; close: string } | null;
};
export type RideRequest = { pickupAt: Date; minutes: number; vehicleTypeId: string };

/** `off_duty`: no chauffeur's shift covers the ride (with its buffer); `no_chauffeur`: those on duty are all taken. */
export type UnavailableReason = "blackout" | "closed" | "off_duty" | "no_chauffeur" | "no_unit";
export type Availability = {
  sellable: boolean;
  reason: UnavailableReason | null;
  /** Chauffeurs (cars of the type) that could still take it, after the unassigned rides' needs. */
  chauffeursLeft: number;
  unitsLeft: number;
};

export const UNAVAILABLE_MESSAGES: Record<UnavailableReason, string> = {
  blackout: "We are not taking rides on this day.",
  closed: "This pickup time is outside our operating hours.",
  off_duty: "No chauffeur is on duty at this time.",
  no_chauffeur: "Every chauffeur is booked at this time.",
  no_unit: "Every car of this type is booked at this time.",
};

type Span = { start: Date; end: Date };

/** Each chauffeur's shifts, with shifts that touch or overlap joined into one span. */
export function mergedShifts(shifts: AvailabilityShift[]): Map<string, Span[]> {
  const byChauffeur = new Map<string, Span[]>();
  const sorted = [...shifts].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (const s of sorted) {
    const spans = byChauffeur.get(s.chauffeurId) ?? [];
    const last = spans[spans.length - 1];
    if (last && s.startsAt.getTime() <= last.end.getTime()) {
      if (s.endsAt.getTime() > last.end.getTime()) last.end = s.endsAt;
    } else spans.push({ start: s.startsAt, end: s.endsAt });
    byChauffeur.set(s.chauffeurId, spans);
  }
  return byChauffeur;
}

/** The most of `spans` under way at one moment inside `within` (half-open; touching ends do not overlap). */
export function peakOverlap(spans: Span[], within: Span): number {
  const events: [number, number][] = [];
  for (const s of spans) {
    const start = Math.max(s.start.getTime(), within.start.getTime());
    const end = Math.min(s.end.getTime(), within.end.getTime());
    if (start < end) events.push([start, 1], [end, -1]);
  }
  // Ends before starts at the same instant: [9, 10) and [10, 11) never run together.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let peak = 0;
  for (const [, d] of events) peak = Math.max(peak, (now += d));
  return peak;
}

const windowOf = (r: { pickupAt: Date; minutes: number }, bufferMinutes: number) => rideWindow(r.pickupAt, r.minutes, bufferMinutes);

/** The local days a window touches (its last instant is end - 1 ms). */
function daysTouched(w: Span, timeZone: string): string[] {
  const first = wallClock(w.start, timeZone).date;
  // The last instant inside the half-open window: a minute before an end on the minute (a remembered wall clock, see
  // wallClock), else a millisecond before it.
  const end = w.end.getTime();
  const last = wallClock(new Date(Math.max(w.start.getTime(), end - (end % 60_000 === 0 ? 60_000 : 1))), timeZone).date;
  const days = [first];
  for (let d = first; d < last; ) days.push((d = addDays(d, 1)));
  return days;
}

function withinHours(pickupAt: Date, hours: { open: string; close: string }, timeZone: string): boolean {
  const t = wallClock(pickupAt, timeZone).time;
  return hours.open < hours.close ? hours.open <= t && t < hours.close : t >= hours.open || t < hours.close;
}

// mergedShifts of a world's shift list, made once per list: a quote checks its ride against the same cached picture
// of the day many times a second (and the nearest sellable times check up to 96 rides against it). The lists are
// never changed once made (a changed day is a new picture), and the merged spans are only read.
const mergedByList = new WeakMap<AvailabilityShift[], Map<string, Span[]>>();
function mergedOnce(shifts: AvailabilityShift[]): Map<string, Span[]> {
  let merged = mergedByList.get(shifts);
  if (!merged) mergedByList.set(shifts, (merged = mergedShifts(shifts)));
  return merged;
}

/** Whether one of a chauffeur's merged shift spans covers all of `w`. */
const covers = (spans: Span[], w: Span) => spans.some((s) => s.start.getTime() <= w.start.getTime() && w.end.getTime() <= s.end.getTime());

/** Chauffeurs on shift for all of `w`. */
function onDuty(w: Span, world: AvailabilityWorld): string[] {
  const ids: string[] = [];
  for (const [id, spans] of mergedOnce(world.shifts)) if (covers(spans, w)) ids.push(id);
  return ids;
}

/** Of those, the chauffeurs on no ride overlapping `w`. */
function freeChauffeurs(w: Span, onDutyIds: string[], world: AvailabilityWorld, bufferMinutes: number): string[] {
  const busy = new Set(world.rides.filter((r) => r.chauffeurId && overlaps(w, windowOf(r, bufferMinutes))).map((r) => r.chauffeurId!));
  return onDutyIds.filter((id) => !busy.has(id));
}

/** Whether one more ride can be sold, and why not. */
export function rideAvailability(ride: RideRequest, world: AvailabilityWorld, rules: AvailabilityRules): Availability {
  const w = windowOf(ride, rules.bufferMinutes);
  const overlapping = world.rides.filter((r) => overlaps(w, windowOf(r, rules.bufferMinutes)));
  const waitingForChauffeur = overlapping.filter((r) => !r.chauffeurId).map((r) => windowOf(r, rules.bufferMinutes));
  const onDutyIds = onDuty(w, world);
  const chauffeursLeft = freeChauffeurs(w, onDutyIds, world, rules.bufferMinutes).length - peakOverlap(waitingForChauffeur, w);
  const busyUnits = new Set(overlapping.filter((r) => r.unitId).map((r) => r.unitId!));
  const freeUnits = world.units.filter((u) => u.vehicleTypeId === ride.vehicleTypeId && u.status === "in_service" && !busyUnits.has(u.id)).length;
  const waitingForCar = overlapping.filter((r) => !r.unitId && r.vehicleTypeId === ride.vehicleTypeId).map((r) => windowOf(r, rules.bufferMinutes));
  const unitsLeft = freeUnits - peakOverlap(waitingForCar, w);
  const result = (reason: UnavailableReason | null): Availability => ({ sellable: reason === null, reason, chauffeursLeft, unitsLeft });
  const blackout = new Set(rules.blackoutDates ?? []);
  if (daysTouched(w, rules.timeZone).some((d) => blackout.has(d))) return result("blackout");
  if (rules.operatingHours && !withinHours(ride.pickupAt, rules.operatingHours, rules.timeZone)) return result("closed");
  if (!onDutyIds.length) return result("off_duty");
  if (chauffeursLeft < 1) return result("no_chauffeur");
  if (unitsLeft < 1) return result("no_unit");
  return result(null);
}

/**
 * Up to `count` sellable pickup times the same day (service time zone), the nearest to the one asked for first
 * chosen, then given in clock order; every `stepMinutes` from midnight, none before `notBefore`.
 */
export function nearestSellableTimes(
  ride: RideRequest,
  world: AvailabilityWorld,
  rules: AvailabilityRules,
  opts: { count?: number; stepMinutes?: number; notBefore?: Date } = {},
): { date: string; time: string }[] {
  const { count = 3, stepMinutes = 15, notBefore } = opts;
  const { date, time: asked } = wallClock(ride.pickupAt, rules.timeZone);
  const dayStart = zonedInstant(date, "00:00", rules.timeZone).getTime();
  const dayEnd = zonedInstant(addDays(date, 1), "00:00", rules.timeZone).getTime();
  const candidates: { at: Date; time: string; distance: number }[] = [];
  for (let t = dayStart; t < dayEnd; t += stepMinutes * MINUTE) {
    const at = new Date(t);
    const time = wallClock(at, rules.timeZone).time;
    if (time === asked || (notBefore && t < notBefore.getTime())) continue;
    candidates.push({ at, time, distance: Math.abs(t - ride.pickupAt.getTime()) });
  }
  candidates.sort((a, b) => a.distance - b.distance || a.at.getTime() - b.at.getTime());
  const found: typeof candidates = [];
  for (const c of candidates) {
    if (found.length >= count) break;
    if (rideAvailability({ ...ride, pickupAt: c.at }, world, rules).sellable) found.push(c);
  }
  return found.sort((a, b) => a.at.getTime() - b.at.getTime()).map((c) => ({ date, time: c.time }));
}

// ---- The desk: capacity per hour and shift changes that strand a sold ride

export type HourCapacity = {
  /** 0-23, the hour of the service's clock. */
  hour: number;
  startsAt: string;
  /** Rides under way at the busiest moment of the hour. */
  sold: number;
  /** Of the rides under way in the hour, those with no chauffeur yet. */
  unassigned: number;
  /** Chauffeurs on shift through the hour's thinnest quarter. */
  chauffeurs: number;
  /** Cars in service. */
  units: number;
  /** More rides than chauffeurs or cars. */
  short: boolean;
};

const SLOT = 15 * MINUTE;

function onShiftAt(merged: Map<string, Span[]>, slot: Span): number {
  let n = 0;
  for (const spans of merged.values()) if (covers(spans, slot)) n++;
  return n;
}

/** The day's 24 hours: rides sold against chauffeurs on shift and cars in service. */
export function hourlyCapacity(date: string, world: AvailabilityWorld, rules: Pick<AvailabilityRules, "timeZone" | "bufferMinutes">): HourCapacity[] {
  const merged = mergedShifts(world.shifts);
  const windows = world.rides.map((r) => ({ ride: r, w: windowOf(r, rules.bufferMinutes) }));
  const units = world.units.filter((u) => u.status === "in_service").length;
  const rows: HourCapacity[] = [];
  for (let hour = 0; hour < 24; hour++) {
    const start = zonedInstant(date, `${String(hour).padStart(2, "0")}:00`, rules.timeZone);
    const end = hour === 23 ? zonedInstant(addDays(date, 1), "00:00", rules.timeZone) : zonedInstant(date, `${String(hour + 1).padStart(2, "0")}:00`, rules.timeZone);
    const span = { start, end };
    const inHour = windows.filter(({ w }) => overlaps(span, w));
    let chauffeurs = Number.POSITIVE_INFINITY;
    for (let t = start.getTime(); t < end.getTime(); t += SLOT) {
      chauffeurs = Math.min(chauffeurs, onShiftAt(merged, { start: new Date(t), end: new Date(Math.min(t + SLOT, end.getTime())) }));
    }
    const sold = peakOverlap(inHour.map(({ w }) => w), span);
    rows.push({
      hour,
      startsAt: start.toISOString(),
      sold,
      unassigned: inHour.filter(({ ride }) => !ride.chauffeurId).length,
      chauffeurs: Number.isFinite(chauffeurs) ? chauffeurs : 0,
      units,
      short: sold > 0 && (sold > chauffeurs || sold > units),
    });
  }
  return rows;
}

export type ShiftWarning = {
  kind: "ride_outlasts_shift" | "short_after_shift_change";
  /** The shift change (a shift's end). */
  at: string;
  chauffeurId: string | null;
  rideIds: string[];
  message: string;
};

const clock = (at: Date, timeZone: string) => new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(at);
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/**
 * Coming shift ends (after `now`) that would strand a sold ride: a chauffeur whose shift ends during a ride assigned
 * to them, or an end after which fewer chauffeurs are on shift than rides under way.
 */
export function shiftWarnings(world: AvailabilityWorld, rules: Pick<AvailabilityRules, "timeZone" | "bufferMinutes">, now: Date, within?: Span): ShiftWarning[] {
  const merged = mergedShifts(world.shifts);
  const names = new Map(world.shifts.map((s) => [s.chauffeurId, s.chauffeurName ?? "A chauffeur"]));
  const windows = world.rides.map((r) => ({ ride: r, w: windowOf(r, rules.bufferMinutes) }));
  const warnings: ShiftWarning[] = [];
  const ends = new Set<number>();
  for (const [chauffeurId, spans] of merged) {
    for (const s of spans) {
      const end = s.end.getTime();
      if (end <= now.getTime() || (within && (end <= within.start.getTime() || end > within.end.getTime()))) continue;
      ends.add(end);
      const stranded = windows.filter(({ ride, w }) => ride.chauffeurId === chauffeurId && w.start.getTime() < end && end < w.end.getTime());
      for (const { ride, w } of stranded) {
        warnings.push({
          kind: "ride_outlasts_shift",
          at: s.end.toISOString(),
          chauffeurId,
          rideIds: [ride.id],
          message: `${names.get(chauffeurId)}'s shift ends at ${clock(s.end, rules.timeZone)}, during their ${clock(w.start, rules.timeZone)} ride (until ${clock(w.end, rules.timeZone)} with the buffer). Extend the shift or reassign the ride.`,
        });
      }
    }
  }
  for (const end of [...ends].sort((a, b) => a - b)) {
    const after = { start: new Date(end), end: new Date(end + SLOT) };
    const under = windows.filter(({ w }) => overlaps(after, w));
    const sold = peakOverlap(under.map(({ w }) => w), after);
    const onShift = onShiftAt(merged, after);
    if (sold > onShift) {
      warnings.push({
        kind: "short_after_shift_change",
        at: after.start.toISOString(),
        chauffeurId: null,
        rideIds: under.map(({ ride }) => ride.id),
        message: `After the shift change at ${clock(after.start, rules.timeZone)}: ${plural(sold, "ride")} under way, ${plural(onShift, "chauffeur")} on shift. Add a shift before then.`,
      });
    }
  }
  return warnings.sort((a, b) => a.at.localeCompare(b.at) || a.kind.localeCompare(b.kind));
}

/**
 * What removing one shift would strand, said before it is removed: the chauffeur's assigned rides it alone covers,
 * and the first moment it leaves more rides under way than chauffeurs on shift (when that was not already so).
 */
export function shiftRemovalImpact(world: AvailabilityWorld, removed: AvailabilityShift, rules: Pick<AvailabilityRules, "timeZone" | "bufferMinutes">): ShiftWarning[] {
  const same = (s: AvailabilityShift) => s.chauffeurId === removed.chauffeurId && s.startsAt.getTime() === removed.startsAt.getTime() && s.endsAt.getTime() === removed.endsAt.getTime();
  const index = world.shifts.findIndex(same);
  const remaining = world.shifts.filter((_, i) => i !== index);
  const before = mergedShifts(world.shifts);
  const after = mergedShifts(remaining);
  const name = removed.chauffeurName ?? "A chauffeur";
  const windows = world.rides.map((r) => ({ ride: r, w: windowOf(r, rules.bufferMinutes) }));
  const covers = (spans: Span[] | undefined, w: Span) => (spans ?? []).some((s) => s.start.getTime() <= w.start.getTime() && w.end.getTime() <= s.end.getTime());
  const warnings: ShiftWarning[] = [];
  for (const { ride, w } of windows) {
    if (ride.chauffeurId !== removed.chauffeurId || !covers(before.get(ride.chauffeurId), w) || covers(after.get(ride.chauffeurId), w)) continue;
    warnings.push({
      kind: "ride_outlasts_shift",
      at: w.start.toISOString(),
      chauffeurId: ride.chauffeurId,
      rideIds: [ride.id],
      message: `${name}'s ${clock(w.start, rules.timeZone)} ride (until ${clock(w.end, rules.timeZone)} with the buffer) would have no shift. Reassign it first.`,
    });
  }
  for (let t = removed.startsAt.getTime(); t < removed.endsAt.getTime(); t += SLOT) {
    const slot = { start: new Date(t), end: new Date(Math.min(t + SLOT, removed.endsAt.getTime())) };
    const under = windows.filter(({ w }) => overlaps(slot, w));
    const sold = peakOverlap(under.map(({ w }) => w), slot);
    const onShift = onShiftAt(after, slot);
    if (sold > onShift && sold <= onShiftAt(before, slot)) {
      warnings.push({
        kind: "short_after_shift_change",
        at: slot.start.toISOString(),
        chauffeurId: null,
        rideIds: under.map(({ ride }) => ride.id),
        message: `From ${clock(slot.start, rules.timeZone)}: ${plural(sold, "ride")} under way, ${plural(onShift, "chauffeur")} on shift.`,
      });
      break;
    }
  }
  return warnings;
}
