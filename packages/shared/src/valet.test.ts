import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatDuration,
  isBeforeToday,
  isQuarterHour,
  localIsoDate,
  makeValetFormSchema,
  parseTimeOfDay,
  VALET_DEFAULTS,
  VALET_MESSAGES,
  valetDurationMinutes,
  valetFormDefaults,
  valetTimeError,
  valetQuoteInputSchema,
  valetQuoteInputFromForm,
  MAX_VALET_VEHICLES,
  type ValetFormValues,
} from "./valet";
import { todayInServiceArea } from "./booking";

const TODAY = "2026-11-22";
const schema = makeValetFormSchema(TODAY);
const valid = { ...valetFormDefaults(TODAY), customerName: "Ada Lovelace" };

/** The messages the schema reports, by field. */
function errorsOf(input: Record<string, unknown>): Record<string, string> {
  const r = schema.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("valetDurationMinutes and formatDuration", () => {
  it.each([
    // start, end, minutes, display
    [VALET_DEFAULTS.startTime, VALET_DEFAULTS.endTime, 300, "5 hours 0 minutes"],
    ["09:00", "10:15", 75, "1 hour 15 minutes"],
    ["17:00", "17:45", 45, "0 hours 45 minutes"],
    ["00:00", "23:45", 1425, "23 hours 45 minutes"],
    ["10:00", "12:01", 121, "2 hours 1 minute"],
  ])("%s -> %s is %i min (%s)", (start, end, minutes, display) => {
    expect(valetDurationMinutes(start, end)).toBe(minutes);
    expect(formatDuration(minutes)).toBe(display);
    expect(valetTimeError(start, end)).toBeNull();
  });

  it.each([
    ["22:00", "17:00"],
    ["17:00", "17:00"],
    ["23:45", "00:00"],
  ])("end %s not after start %s has no duration and the spec's error", (start, end) => {
    expect(valetDurationMinutes(start, end)).toBeNull();
    expect(valetTimeError(start, end)).toBe("End time must be after start time.");
  });

  it.each([["", "22:00"], ["17:00", ""], ["25:00", "26:00"], ["5pm", "10pm"]])("missing or invalid times (%j, %j) give no duration", (start, end) => {
    expect(valetDurationMinutes(start, end)).toBeNull();
    expect(valetTimeError(start, end)).toBeNull();
  });

  it("duration equals end minus start for every pair of quarter hours with end after start", () => {
    const quarter = fc.integer({ min: 0, max: 95 }).map((q) => q * 15);
    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    fc.assert(
      fc.property(quarter, quarter, (a, b) => {
        const d = valetDurationMinutes(hhmm(a), hhmm(b));
        expect(d).toBe(b > a ? b - a : null);
        if (d !== null) {
          const [h, , m] = formatDuration(d).split(" ");
          expect(Number(h) * 60 + Number(m)).toBe(d);
        }
      }),
    );
  });
});

describe("time and date helpers", () => {
  it.each([
    ["00:00", 0, true],
    ["17:15", 1035, true],
    ["17:10", 1030, false],
    ["23:59", 1439, false],
    ["24:00", null, false],
    ["7:00", null, false],
  ])("parseTimeOfDay(%s) = %s, quarter hour %s", (value, minutes, quarter) => {
    expect(parseTimeOfDay(value)).toBe(minutes);
    expect(isQuarterHour(value)).toBe(quarter);
  });

  it.each([
    ["2026-11-21", true],
    ["2026-11-22", false],
    ["2026-12-01", false],
    ["2027-01-01", false],
    ["not a date", false],
  ])("isBeforeToday(%s) = %s", (date, before) => {
    expect(isBeforeToday(date, TODAY)).toBe(before);
  });

  it("localIsoDate uses the local calendar date", () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 30))).toBe("2026-01-05");
  });
});

describe("makeValetFormSchema", () => {
  it("accepts the defaults with a name, with the spec's defaults", () => {
    expect(valetFormDefaults(TODAY)).toMatchObject({ eventType: "Wedding", startTime: "17:00", endTime: "22:00", date: TODAY });
    expect(errorsOf(valid)).toEqual({});
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ["name missing", { customerName: "  " }, { customerName: VALET_MESSAGES.customerName }],
    ["Other without a type", { eventType: "Other" }, { eventTypeOther: VALET_MESSAGES.eventTypeOther }],
    ["Other with a type", { eventType: "Other", eventTypeOther: "Gala" }, {}],
    ["unknown event type", { eventType: "Rave" }, { eventType: expect.any(String) as unknown as string }],
    ["date missing", { date: "" }, { date: VALET_MESSAGES.dateRequired }],
    ["date yesterday", { date: "2026-11-21" }, { date: VALET_MESSAGES.dateInPast }],
    ["date today", { date: TODAY }, {}],
    ["end before start", { startTime: "22:00", endTime: "17:00" }, { endTime: VALET_MESSAGES.endAfterStart }],
    ["end equals start", { startTime: "18:00", endTime: "18:00" }, { endTime: VALET_MESSAGES.endAfterStart }],
    ["not a 15-minute step", { startTime: "17:10" }, { startTime: VALET_MESSAGES.timeStep }],
    ["start missing", { startTime: "" }, { startTime: VALET_MESSAGES.timeRequired }],
    ["expected vehicles optional", { expectedVehicles: "" }, {}],
    ["expected vehicles given", { expectedVehicles: "40" }, {}],
    ["expected vehicles zero", { expectedVehicles: "0" }, { expectedVehicles: VALET_MESSAGES.expectedVehicles }],
    ["expected vehicles not a number", { expectedVehicles: "lots" }, { expectedVehicles: VALET_MESSAGES.expectedVehicles }],
    ["instructions optional", { notes: "Use the north gate." }, {}],
  ])("%s", (_name, patch, expected) => {
    expect(errorsOf({ ...valid, ...patch })).toEqual(expected);
  });
});

describe("valetQuoteInputSchema (POST /api/valet/quotes)", () => {
  const today = todayInServiceArea();
  const good = { customerName: "Avery", eventType: "Wedding", date: today, startTime: "17:00", endTime: "22:00", eventPlaceId: "emb:venue:x" };
  it("accepts the form's fields; vehicles and notes optional", () => {
    const r = valetQuoteInputSchema.safeParse(good);
    expect(r.success && r.data).toEqual({ ...good, eventTypeOther: "", expectedVehicles: null, notes: "" });
  });
  it.each([
    [{ expectedVehicles: 0 }, "expectedVehicles", VALET_MESSAGES.expectedVehicles],
    [{ expectedVehicles: 1.5 }, "expectedVehicles", VALET_MESSAGES.expectedVehicles],
    [{ expectedVehicles: MAX_VALET_VEHICLES + 1 }, "expectedVehicles", VALET_MESSAGES.expectedVehiclesMax],
    [{ endTime: "16:45" }, "endTime", VALET_MESSAGES.endAfterStart],
    [{ startTime: "17:05" }, "startTime", VALET_MESSAGES.timeStep],
    [{ eventType: "Other" }, "eventTypeOther", VALET_MESSAGES.eventTypeOther],
    [{ eventPlaceId: "" }, "eventPlaceId", VALET_MESSAGES.eventAddress],
    [{ date: "2026-13-01" }, "date", "Use a real calendar date like 2026-05-31."], // a past day: bookingTimeProblem (booking-time.ts)
  ])("refuses %j", (patch, field, message) => {
    const r = valetQuoteInputSchema.safeParse({ ...good, ...patch });
    expect(r.success).toBe(false);
    expect(r.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
  it("maps the form's values (empty vehicles: the card's default)", () => {
    const form = { ...valetFormDefaults(today), customerName: "Avery", eventTypeOther: "ignored", expectedVehicles: "" } as ValetFormValues;
    expect(valetQuoteInputFromForm(form, "p1")).toMatchObject({ eventPlaceId: "p1", expectedVehicles: null, eventTypeOther: "" });
    expect(valetQuoteInputFromForm({ ...form, expectedVehicles: "80" }, "p1").expectedVehicles).toBe(80);
  });
});
