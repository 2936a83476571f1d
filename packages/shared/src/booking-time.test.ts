import { describe, expect, it } from "vitest";
import { bookableTimes, bookingTimeProblem, calendarDateSchema, earliestBookable, type BookingTimeSettings } from "./booking-time";
import { isCalendarDate } from "./zoned-time";

const LA: BookingTimeSettings = { timeZone: "America/Los_Angeles", rideNoticeHours: 2, valetNoticeHours: 24 };
const at = (iso: string) => new Date(iso);
// Wed Nov 25 2026, 5:19 PM in Los Angeles (01:19 the next day in UTC): the report's booking of 9:00 AM.
const evening = at("2026-11-26T01:19:00Z");

describe("earliestBookable: now plus the notice, up to the next quarter hour, on the operations clock", () => {
  it.each([
    ["ride, LA evening", "ride", LA, evening, "2026-11-25", "19:30"],
    ["valet, LA evening (24 h)", "valet", LA, evening, "2026-11-26", "17:30"],
    ["already on a quarter hour", "ride", LA, at("2026-11-26T01:15:00Z"), "2026-11-25", "19:15"],
    ["a second past a quarter hour", "ride", LA, at("2026-11-26T01:15:01Z"), "2026-11-25", "19:30"],
    ["crosses midnight in LA", "ride", LA, at("2026-11-26T06:30:00Z"), "2026-11-26", "00:30"],
    ["Tokyo, not LA nor UTC", "ride", { ...LA, timeZone: "Asia/Tokyo" }, evening, "2026-11-26", "12:30"],
    ["Kathmandu (UTC+5:45)", "ride", { ...LA, timeZone: "Asia/Kathmandu" }, evening, "2026-11-26", "09:15"],
    ["no notice", "ride", { ...LA, rideNoticeHours: 0 }, evening, "2026-11-25", "17:30"],
    ["spring forward: 2 AM is skipped", "ride", LA, at("2026-03-08T08:00:00Z"), "2026-03-08", "03:00"],
    ["fall back: the second 1:30 AM", "ride", LA, at("2026-11-01T07:30:00Z"), "2026-11-01", "01:30"],
  ] as const)("%s", (_, kind, settings, now, date, time) => {
    const e = earliestBookable(kind, settings, now);
    expect({ date: e.date, time: e.time }).toEqual({ date, time });
  });
});

describe("bookingTimeProblem: refused with the reason and the earliest bookable time", () => {
  it.each([
    ["the past hour of the report", "ride", "2026-11-25", "09:00", "time", "This time has already passed. The earliest bookable time is Wed, Nov 25 at 7:30 PM."],
    ["sooner than the notice", "ride", "2026-11-25", "19:15", "time", "Rides need at least 2 hours' notice. The earliest bookable time is Wed, Nov 25 at 7:30 PM."],
    ["the earliest", "ride", "2026-11-25", "19:30", null, null],
    ["tomorrow", "ride", "2026-11-26", "06:00", null, null],
    ["off the quarter hour", "ride", "2026-11-27", "10:10", "time", "Please choose a time in 15-minute steps (:00, :15, :30 or :45)."],
    ["yesterday", "ride", "2026-11-24", "20:00", "date", "Date cannot be before today. The earliest bookable time is Wed, Nov 25 at 7:30 PM."],
    ["UTC's today is LA's tomorrow: not refused as past", "ride", "2026-11-26", "12:00", null, null],
    ["valet within 24 hours", "valet", "2026-11-26", "17:15", "time", "Valet events need at least 24 hours' notice. The earliest bookable time is Thu, Nov 26 at 5:30 PM."],
    ["valet at 24 hours", "valet", "2026-11-26", "17:30", null, null],
    ["not a calendar date", "ride", "2026-13-01", "10:00", "date", "Use a real calendar date like 2026-05-31."],
    ["not a time", "ride", "2026-11-27", "24:00", "time", "Please choose a time (HH:MM)."],
  ] as const)("%s", (_, kind, date, time, field, message) => {
    const p = bookingTimeProblem(kind, date, time, LA, evening);
    expect(p ? { field: p.field, message: p.message } : null).toEqual(field ? { field, message } : null);
  });

  it("refuses a time the clocks skip (spring forward) and takes the hour after", () => {
    const now = at("2026-03-01T12:00:00Z");
    expect(bookingTimeProblem("ride", "2026-03-08", "02:30", LA, now)?.message).toMatch(/^The clocks go forward at this hour: 02:30 does not exist that day\./);
    expect(bookingTimeProblem("ride", "2026-03-08", "03:00", LA, now)).toBeNull();
    expect(bookingTimeProblem("ride", "2026-11-01", "01:30", LA, now)).toBeNull(); // fall back: 1:30 happens twice, both bookable
  });

  it("counts the notice in real hours across a clock change", () => {
    // 00:30 PST on the spring-forward day: two hours later the clock says 03:30 PDT, not 02:30.
    const now = at("2026-03-08T08:30:00Z");
    expect(bookingTimeProblem("ride", "2026-03-08", "03:15", LA, now)?.message).toMatch(/^Rides need at least 2 hours' notice\. The earliest bookable time is Sun, Mar 8 at 3:30 AM\.$/);
    expect(bookingTimeProblem("ride", "2026-03-08", "03:30", LA, now)).toBeNull();
  });
});

describe("bookableTimes: what the time picker offers", () => {
  it("offers from the earliest time to 11:45 PM today, every time of a later day, none of a past day", () => {
    const today = bookableTimes("ride", "2026-11-25", LA, evening);
    expect(today[0]).toBe("19:30");
    expect(today.at(-1)).toBe("23:45");
    expect(today).toHaveLength(18);
    expect(bookableTimes("ride", "2026-11-27", LA, evening)).toHaveLength(96);
    expect(bookableTimes("ride", "2026-11-24", LA, evening)).toEqual([]);
    expect(bookableTimes("valet", "2026-11-25", LA, evening)).toEqual([]);
  });
  it("leaves out the hour the clocks skip", () => {
    const day = bookableTimes("ride", "2026-03-08", LA, at("2026-03-01T12:00:00Z"));
    expect(day).toHaveLength(92);
    expect(day).not.toContain("02:00");
    expect(day).toContain("03:00");
  });
});

describe("calendar dates: one check for every route", () => {
  it.each([
    ["2026-11-25", true],
    ["2028-02-29", true],
    ["2000-02-29", true],
    ["0000-00-00", false],
    ["2026-13-01", false],
    ["2026-01-32", false],
    ["2026-02-29", false],
    ["1900-02-29", false],
    ["2026-00-10", false],
    ["2026-1-01", false],
    ["20261101", false],
    ["", false],
  ])("%s is %s", (value, real) => {
    expect(isCalendarDate(value)).toBe(real);
    expect(calendarDateSchema().safeParse(value).success).toBe(real);
  });
  it("says what to send", () => {
    const r = calendarDateSchema().safeParse("2026-13-01");
    expect(r.error?.issues[0]?.message).toBe("Use a real calendar date like 2026-05-31.");
  });
});
