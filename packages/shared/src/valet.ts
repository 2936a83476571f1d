// Valet request form: the spec's fields, defaults and messages, and the event-duration rule; and the
// valet quote's API input (POST /api/valet/quotes), checked with the same messages.
import { z } from "zod";
import { INVALID_ADDRESS_MESSAGE } from "./booking";
import { DATE_FORMAT_MESSAGE, bookingTimeProblem, type BookingTimeSettings } from "./booking-time";
import { isCalendarDate } from "./zoned-time";
import { quoteCouponCodeSchema } from "./coupons";

export const VALET_EVENT_TYPES = ["Wedding", "Corporate", "Private Party", "Hotel/Restaurant", "Other"] as const;
export type ValetEventType = (typeof VALET_EVENT_TYPES)[number];

/** The spec's time step for every time input: 900 s. */
export const TIME_STEP_SECONDS = 900;
const STEP_MINUTES = TIME_STEP_SECONDS / 60;

export const VALET_DEFAULTS = { eventType: "Wedding", startTime: "17:00", endTime: "22:00" } as const satisfies {
  eventType: ValetEventType;
  startTime: string;
  endTime: string;
};

export const VALET_MESSAGES = {
  customerName: "Customer full name is required.",
  eventTypeOther: "Please describe the event type.",
  dateRequired: "Date is required.",
  dateInPast: "Date cannot be before today.",
  timeRequired: "Time is required.",
  timeStep: "Times must be in 15-minute steps.",
  endAfterStart: "End time must be after start time.",
  expectedVehicles: "Expected vehicles must be a whole number of at least 1.",
  expectedVehiclesMax: "Expected vehicles must be at most 2,000. For a larger event, please call us.",
  eventAddress: "Please choose the event address from the suggestions.",
  eventType: "Please choose an event type.",
} as const;

/** The most vehicles one event can be quoted for online. */
export const MAX_VALET_VEHICLES = 2000;

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes after midnight for "HH:MM" (24 h), or null when it is not a valid time. */
export function parseTimeOfDay(value: string): number | null {
  const m = TIME_RE.exec(value.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export const isQuarterHour = (value: string) => {
  const minutes = parseTimeOfDay(value);
  return minutes !== null && minutes % STEP_MINUTES === 0;
};

/** The local calendar date as "YYYY-MM-DD" (what a date input shows). */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** True when `date` ("YYYY-MM-DD") is earlier than `today` ("YYYY-MM-DD"); ISO dates compare as strings. */
export const isBeforeToday = (date: string, today: string) => DATE_RE.test(date) && date < today;

/**
 * The event's length in minutes, or null when a time is missing/invalid or the end is not after the start.
 * Events end the same day: the form asks for end after start.
 */
export function valetDurationMinutes(startTime: string, endTime: string): number | null {
  const start = parseTimeOfDay(startTime);
  const end = parseTimeOfDay(endTime);
  if (start === null || end === null || end <= start) return null;
  return end - start;
}

/** The spec's time error: 'End time must be after start time.' when both times are valid and end <= start. */
export function valetTimeError(startTime: string, endTime: string): string | null {
  const start = parseTimeOfDay(startTime);
  const end = parseTimeOfDay(endTime);
  if (start === null || end === null) return null;
  return end <= start ? VALET_MESSAGES.endAfterStart : null;
}

/** "5 hours 0 minutes", "1 hour 15 minutes", "0 hours 45 minutes". */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h} ${h === 1 ? "hour" : "hours"} ${m} ${m === 1 ? "minute" : "minutes"}`;
}

const timeField = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (parseTimeOfDay(v) === null) ctx.addIssue({ code: "custom", message: VALET_MESSAGES.timeRequired });
    else if (!isQuarterHour(v)) ctx.addIssue({ code: "custom", message: VALET_MESSAGES.timeStep });
  });

/**
 * The valet form. `today` is the date on the operations clock ("YYYY-MM-DD"); the date may not be before it.
 * With `rules` (the operations settings and the server's clock), the date and start time must also be bookable
 * (the notice, bookingTimeProblem), with the server's message on the field.
 * Expected vehicles and special instructions are optional (empty string allowed, as a form sends them).
 */
export function makeValetFormSchema(today: string, rules?: { settings: BookingTimeSettings; now: () => Date }) {
  return z
    .object({
      customerName: z.string().trim().min(1, VALET_MESSAGES.customerName).max(120),
      eventType: z.enum(VALET_EVENT_TYPES),
      eventTypeOther: z.string().trim().max(80).default(""),
      date: z
        .string()
        .trim()
        .superRefine((v, ctx) => {
          if (!DATE_RE.test(v)) ctx.addIssue({ code: "custom", message: VALET_MESSAGES.dateRequired });
          else if (isBeforeToday(v, today)) ctx.addIssue({ code: "custom", message: VALET_MESSAGES.dateInPast });
        }),
      startTime: timeField,
      endTime: timeField,
      expectedVehicles: z
        .string()
        .trim()
        .default("")
        .refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) >= 1), VALET_MESSAGES.expectedVehicles)
        .refine((v) => !/^\d+$/.test(v) || Number(v) <= MAX_VALET_VEHICLES, VALET_MESSAGES.expectedVehiclesMax),
      notes: z.string().trim().max(1000, "Special instructions must be at most 1,000 characters.").default(""),
    })
    .superRefine((v, ctx) => {
      if (v.eventType === "Other" && v.eventTypeOther === "") {
        ctx.addIssue({ code: "custom", path: ["eventTypeOther"], message: VALET_MESSAGES.eventTypeOther });
      }
      const timeError = valetTimeError(v.startTime, v.endTime);
      if (timeError) ctx.addIssue({ code: "custom", path: ["endTime"], message: timeError });
      const problem = rules && DATE_RE.test(v.date) && !isBeforeToday(v.date, today) ? bookingTimeProblem("valet", v.date, v.startTime, rules.settings, rules.now()) : null;
      if (problem && isQuarterHour(v.startTime)) ctx.addIssue({ code: "custom", path: [problem.field === "date" ? "date" : "startTime"], message: problem.message });
    });
}

export type ValetFormInput = z.input<ReturnType<typeof makeValetFormSchema>>;
export type ValetFormValues = z.output<ReturnType<typeof makeValetFormSchema>>;

export const valetFormDefaults = (today: string): ValetFormInput => ({
  customerName: "",
  eventType: VALET_DEFAULTS.eventType,
  eventTypeOther: "",
  date: today,
  startTime: VALET_DEFAULTS.startTime,
  endTime: VALET_DEFAULTS.endTime,
  expectedVehicles: "",
  notes: "",
});

/**
 * POST /api/valet/quotes: the valet form's fields as JSON, the address as a place id from the suggestions and
 * expected vehicles as a number (null or absent: the rate card's default). Dates are on the operations clock.
 * Events end on the day they start (end after start), so none lasts a day or more.
 */
export const valetQuoteInputSchema = z
  .strictObject({
    customerName: z.string({ error: VALET_MESSAGES.customerName }).trim().min(1, VALET_MESSAGES.customerName).max(120, "Customer name must be at most 120 characters."),
    eventType: z.enum(VALET_EVENT_TYPES, { error: VALET_MESSAGES.eventType }),
    eventTypeOther: z.string({ error: VALET_MESSAGES.eventTypeOther }).trim().max(80, "The event type must be at most 80 characters.").default(""),
    date: z
      .string({ error: VALET_MESSAGES.dateRequired })
      .trim()
      .superRefine((v, ctx) => {
        // Whether the day (with the start time) can still be booked: bookingTimeProblem, by the quote and the booking.
        if (!DATE_RE.test(v)) ctx.addIssue({ code: "custom", message: VALET_MESSAGES.dateRequired });
        else if (!isCalendarDate(v)) ctx.addIssue({ code: "custom", message: DATE_FORMAT_MESSAGE });
      }),
    startTime: z.string({ error: VALET_MESSAGES.timeRequired }).pipe(timeField),
    endTime: z.string({ error: VALET_MESSAGES.timeRequired }).pipe(timeField),
    eventPlaceId: z.string({ error: VALET_MESSAGES.eventAddress }).trim().min(1, VALET_MESSAGES.eventAddress).max(500, INVALID_ADDRESS_MESSAGE),
    expectedVehicles: z
      .number({ error: VALET_MESSAGES.expectedVehicles })
      .int(VALET_MESSAGES.expectedVehicles)
      .min(1, VALET_MESSAGES.expectedVehicles)
      .max(MAX_VALET_VEHICLES, VALET_MESSAGES.expectedVehiclesMax)
      .nullable()
      .default(null),
    notes: z.string({ error: "Special instructions must be text." }).trim().max(1000, "Special instructions must be at most 1,000 characters.").default(""),
    /** Optional: a coupon code to apply (applied or refused in the answer; counted only at booking). */
    couponCode: quoteCouponCodeSchema,
  })
  .superRefine((v, ctx) => {
    if (v.eventType === "Other" && v.eventTypeOther === "") {
      ctx.addIssue({ code: "custom", path: ["eventTypeOther"], message: VALET_MESSAGES.eventTypeOther });
    }
    const timeError = valetTimeError(v.startTime, v.endTime);
    if (timeError) ctx.addIssue({ code: "custom", path: ["endTime"], message: timeError });
  });
export type ValetQuoteInput = z.input<typeof valetQuoteInputSchema>;
export type ValetQuoteValues = z.output<typeof valetQuoteInputSchema>;

/** The form's values as the quote endpoint's input (expected vehicles: "" means the card's default). */
export const valetQuoteInputFromForm = (v: ValetFormValues, eventPlaceId: string): ValetQuoteValues => ({
  customerName: v.customerName,
  eventType: v.eventType,
  eventTypeOther: v.eventType === "Other" ? v.eventTypeOther : "",
  date: v.date,
  startTime: v.startTime,
  endTime: v.endTime,
  eventPlaceId,
  expectedVehicles: v.expectedVehicles === "" ? null : Number(v.expectedVehicles),
  notes: v.notes,
});
