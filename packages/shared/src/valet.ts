// Valet request form: the spec's fields, defaults and messages, and the event-duration rule.
// One schema for the booking dialog now and the valet endpoint later (a later issue makes valet real).
import { z } from "zod";

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
} as const;

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
 * The valet form. `today` is the customer's local date ("YYYY-MM-DD"); the date may not be before it.
 * Expected vehicles and special instructions are optional (empty string allowed, as a form sends them).
 */
export function makeValetFormSchema(today: string) {
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
        .refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10_000), VALET_MESSAGES.expectedVehicles),
      notes: z.string().trim().max(2000).default(""),
    })
    .superRefine((v, ctx) => {
      if (v.eventType === "Other" && v.eventTypeOther === "") {
        ctx.addIssue({ code: "custom", path: ["eventTypeOther"], message: VALET_MESSAGES.eventTypeOther });
      }
      const timeError = valetTimeError(v.startTime, v.endTime);
      if (timeError) ctx.addIssue({ code: "custom", path: ["endTime"], message: timeError });
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
