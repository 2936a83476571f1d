// When a ride or a valet event may be booked: at least the notice of the operations settings ahead, on the
// quarter hour, on the wall clock of the operations time zone (never the browser's, never UTC). One rule,
// used by the booking dialog (its pickers and messages), the quote, the booking and the reschedule.
import { z } from "zod";
import { isCalendarDate, minutesOfDay, wallClock, wallClockExists, zonedInstant } from "./zoned-time";

/** Bookable times fall on these steps (:00, :15, :30, :45). */
export const BOOKING_STEP_MINUTES = 15;
const STEP_MS = BOOKING_STEP_MINUTES * 60_000;

export type BookingKind = "ride" | "valet";

/** What the rules need from the operations settings. */
export type BookingTimeSettings = { timeZone: string; rideNoticeHours: number; valetNoticeHours: number };

export const DATE_FORMAT_MESSAGE = "Use a real calendar date like 2026-05-31.";
export const DATE_IN_PAST_MESSAGE = "Date cannot be before today.";
export const TIME_STEP_MESSAGE = "Please choose a time in 15-minute steps (:00, :15, :30 or :45).";

/**
 * One date field for every route: "YYYY-MM-DD" and a real calendar day ("2026-13-01" is a 400 with this message,
 * never a 500). `message` replaces the default where a screen has its own words.
 */
export const calendarDateSchema = (message: string = DATE_FORMAT_MESSAGE) =>
  z.string({ error: message }).trim().refine(isCalendarDate, message).meta({ format: "date" });

/** "Thu, Nov 26 at 4:30 PM" for a wall-clock date and time (no time zone involved: it is already local). */
export function bookableTimeLabel(date: string, time: string): string {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const at = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!));
  const day = at.toLocaleDateString("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" });
  const clock = at.toLocaleTimeString("en-US", { timeZone: "UTC", hour: "numeric", minute: "2-digit" });
  return `${day} at ${clock}`;
}

const noticeHours = (kind: BookingKind, s: BookingTimeSettings) => (kind === "ride" ? s.rideNoticeHours : s.valetNoticeHours);

/**
 * The earliest bookable wall-clock date and time: now plus the notice, rounded up to the next quarter hour.
 * Every zone in use today is offset from UTC by a multiple of 15 minutes, so a quarter hour of UTC is a
 * quarter hour on the local clock, and an instant always exists (no time skipped by a clock change).
 */
export function earliestBookable(kind: BookingKind, settings: BookingTimeSettings, now: Date = new Date()): { date: string; time: string; at: Date } {
  const ms = now.getTime() + noticeHours(kind, settings) * 3_600_000;
  const at = new Date(Math.ceil(ms / STEP_MS) * STEP_MS);
  return { ...wallClock(at, settings.timeZone), at };
}

const hoursWord = (n: number) => (n === 1 ? "1 hour's" : `${n} hours'`);

export type BookingTimeProblem = { field: "date" | "time"; message: string; earliest: { date: string; time: string } };

/**
 * Why a date and time ("YYYY-MM-DD", "HH:MM" on the operations clock) cannot be booked, or null when it can:
 * not a real date or time, off the quarter hour, a time the clocks skip, already past, or sooner than the notice.
 * The message ends with the earliest bookable time.
 */
export function bookingTimeProblem(kind: BookingKind, date: string, time: string, settings: BookingTimeSettings, now: Date = new Date()): BookingTimeProblem | null {
  const refuse = (field: "date" | "time", why: string, withEarliest = true): BookingTimeProblem => {
    const { date: d, time: t } = earliestBookable(kind, settings, now);
    return { field, message: withEarliest ? `${why} The earliest bookable time is ${bookableTimeLabel(d, t)}.` : why, earliest: { date: d, time: t } };
  };
  if (!isCalendarDate(date)) return refuse("date", DATE_FORMAT_MESSAGE, false);
  const minutes = minutesOfDay(time);
  if (minutes === null) return refuse("time", "Please choose a time (HH:MM).", false);
  if (minutes % BOOKING_STEP_MINUTES !== 0) return refuse("time", TIME_STEP_MESSAGE, false);
  const at = instantOf(date, time, settings.timeZone);
  if (at === null) return refuse("time", `The clocks go forward at this hour: ${time} does not exist that day.`);
  const notice = noticeHours(kind, settings);
  // On the quarter hour, `at` is bookable exactly when it is at least the notice ahead (the earliest is that, rounded up).
  if (at >= now.getTime() + notice * 3_600_000) return null;
  if (date < wallClock(now, settings.timeZone).date) return refuse("date", DATE_IN_PAST_MESSAGE);
  if (at <= now.getTime()) return refuse("time", "This time has already passed.");
  return refuse("time", `${kind === "ride" ? "Rides" : "Valet events"} need at least ${hoursWord(notice)} notice.`);
}

const instants = new Map<string, number | null>();
/** The instant (ms) of a wall-clock date and time, or null for a time the clocks skip; remembered (every quote asks). */
function instantOf(date: string, time: string, timeZone: string): number | null {
  const key = `${timeZone}|${date}T${time}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    ms = wallClockExists(date, time, timeZone) ? zonedInstant(date, time, timeZone).getTime() : null;
    if (instants.size >= 4096) instants.clear();
    instants.set(key, ms);
  }
  return ms;
}

/** The quarter-hour times ("HH:MM") of `date` that can be booked (none for a past day; all of a far one). */
export function bookableTimes(kind: BookingKind, date: string, settings: BookingTimeSettings, now: Date = new Date()): string[] {
  const times: string[] = [];
  if (!isCalendarDate(date)) return times;
  const earliest = earliestBookable(kind, settings, now);
  if (date < earliest.date) return times;
  for (let m = 0; m < 24 * 60; m += BOOKING_STEP_MINUTES) {
    const time = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    const ms = instantOf(date, time, settings.timeZone);
    if (ms !== null && ms >= earliest.at.getTime()) times.push(time);
  }
  return times;
}

/** GET /api/booking-times: the rules the booking dialog's pickers follow, and the server's clock. */
export const bookingTimesResponseSchema = z.object({
  timeZone: z.string().describe("The operations time zone (Settings): dates and times are on its clock"),
  rideNoticeHours: z.number().int(),
  valetNoticeHours: z.number().int(),
  stepMinutes: z.number().int(),
  now: z.string().describe("The server's clock (ISO 8601), so a wrong clock on the device cannot offer a past time"),
});
export type BookingTimesResponse = z.infer<typeof bookingTimesResponseSchema>;
