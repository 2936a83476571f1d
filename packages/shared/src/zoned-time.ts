// Wall-clock dates and times in a named time zone (the service's, set in admin Settings), as instants and back.
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const knownZones = new Map<string, boolean>();

/**
 * Whether `name` is a time zone this runtime knows (e.g. "America/Los_Angeles"). Remembered per name: building
 * an Intl.DateTimeFormat costs ~50 µs, and the operations settings are validated (with this) on every read.
 */
export function isTimeZone(name: string): boolean {
  let known = knownZones.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: name });
      known = name.includes("/") || name === "UTC";
    } catch {
      known = false;
    }
    if (knownZones.size < 1000) knownZones.set(name, known);
  }
  return known;
}

/**
 * Recent answers of wallClock for instants on a whole minute (pickups, ride windows, the quarter hours of a day):
 * the availability rule asks for the same few many times a second, and each formatToParts costs ~5-10 µs.
 * Other instants (the current time) are computed every time.
 */
const clocks = new Map<string, { date: string; time: string }>();

/** The wall clock of `timeZone` at `at`: date "YYYY-MM-DD", time "HH:MM". */
export function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  const ms = at.getTime();
  if (ms % 60_000 !== 0) return computeWallClock(at, timeZone);
  const key = `${ms} ${timeZone}`;
  let clock = clocks.get(key);
  if (clock === undefined) {
    clock = computeWallClock(at, timeZone);
    if (clocks.size >= 5000) clocks.delete(clocks.keys().next().value!);
    clocks.set(key, clock);
  }
  return { date: clock.date, time: clock.time };
}

function computeWallClock(at: Date, timeZone: string): { date: string; time: string } {
  const p: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(at)) if (part.type !== "literal") p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

function offsetMs(utcMs: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(utcMs))) if (part.type !== "literal") p[part.type] = Number(part.value);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/**
 * Recent answers of zonedInstant: each needs two formatToParts (~10-20 µs each), and a booking asks for the same
 * few (its pickup in the e-mail's calendar entry, the start of its day) several times.
 */
const instants = new Map<string, number>();

/** The instant of a wall-clock date ("YYYY-MM-DD") and time ("HH:MM") in `timeZone`. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const key = `${date} ${time} ${timeZone}`;
  let utc = instants.get(key);
  if (utc === undefined) {
    utc = computeZonedInstant(date, time, timeZone);
    if (instants.size >= 2000) instants.delete(instants.keys().next().value!);
    instants.set(key, utc);
  }
  return new Date(utc);
}

function computeZonedInstant(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const naive = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  let utc = naive - offsetMs(naive, timeZone);
  const second = offsetMs(utc, timeZone);
  if (naive - second !== utc) utc = naive - second; // across a daylight-saving change
  return utc;
}

/** "YYYY-MM-DD" plus `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Days in each month of a common year. */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Whether "YYYY-MM-DD" names a real day of the Gregorian calendar ("0000-00-00", "2026-13-01", "2026-01-32" and
 * "2026-02-30" do not). Plain arithmetic: never throws, whatever the string.
 */
export function isCalendarDate(value: string): boolean {
  const m = DATE_SHAPE.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (mo === 2 && leap ? 29 : DAYS_IN_MONTH[mo - 1]!);
}

/** "HH:MM" (24 h) as minutes after midnight, or null. */
export function minutesOfDay(time: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Whether the wall-clock date and time exist in `timeZone` (not in the hour skipped when the clocks go forward). */
export function wallClockExists(date: string, time: string, timeZone: string): boolean {
  const back = wallClock(zonedInstant(date, time, timeZone), timeZone);
  return back.date === date && back.time === time;
}
