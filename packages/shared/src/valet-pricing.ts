// Event valet pricing: the valet rate card (what the admin edits), the attendants-needed rule (written once
// here and explained to the admin in words), and priceValet, the one function the valet quote, the booking's
// re-price and the admin simulator all run, so they always agree.
import { z } from "zod";
import { CENTS, isCents } from "./fleet";
import { fromCents, toCents } from "./pricing";
import { MAX_VALET_VEHICLES, VALET_EVENT_TYPES, parseTimeOfDay, type ValetEventType } from "./valet";
import { formatMoney } from "./money";

export type ValetRates = {
  /** Charged once per event: coordination, signage, the valet stand. */
  eventBaseFeeUsd: number;
  /** Per attendant per billable hour. */
  attendantHourlyUsd: number;
  /** An event is billed at least this many hours (quarter hours allowed). */
  minimumHours: number;
  /** One attendant per this many expected cars (rounded up). */
  vehiclesPerAttendant: number;
  /** Never fewer attendants than this. */
  minimumAttendants: number;
  /** Hours worked after this time of day ("HH:MM") carry the late surcharge. */
  lateAfter: string;
  /** Per attendant per hour worked after `lateAfter`. */
  lateHourlySurchargeUsd: number;
  /** A flat amount per event type (0 = none). */
  eventTypeSurchargesUsd: Record<ValetEventType, number>;
  /** Expected vehicles when the customer leaves the field empty. */
  defaultExpectedVehicles: number;
};

/** The demo seed's card, and the starting draft when no card was ever saved. */
export const DEMO_VALET_RATES: ValetRates = {
  eventBaseFeeUsd: 150,
  attendantHourlyUsd: 38,
  minimumHours: 4,
  vehiclesPerAttendant: 20,
  minimumAttendants: 2,
  lateAfter: "22:00",
  lateHourlySurchargeUsd: 12,
  eventTypeSurchargesUsd: { Wedding: 95, Corporate: 0, "Private Party": 0, "Hotel/Restaurant": 0, Other: 0 },
  defaultExpectedVehicles: 60,
};


const money = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} cannot be negative.`)
    .max(100_000, `${label} must be at most $100,000.`)
    .refine(isCents, `${label} must be in whole cents.`).meta(CENTS);
const wholeNumber = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number of at least 1.` })
    .int(`${label} must be a whole number of at least 1.`)
    .min(1, `${label} must be a whole number of at least 1.`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")}.`);

export const VALET_RATES_MESSAGES = {
  minimumHours: "Minimum hours must be between 0 and 24, in quarter hours.",
  lateAfter: "Late hours start must be a time in 15-minute steps.",
} as const;

/** PUT /api/admin/pricing/valet: the whole draft card. */
export const valetRatesSchema = z.strictObject({
  eventBaseFeeUsd: money("Event base fee"),
  attendantHourlyUsd: money("Attendant hourly rate"),
  minimumHours: z
    .number({ error: VALET_RATES_MESSAGES.minimumHours })
    .min(0, VALET_RATES_MESSAGES.minimumHours)
    .max(24, VALET_RATES_MESSAGES.minimumHours)
    .refine((h) => Number.isInteger(h * 4), VALET_RATES_MESSAGES.minimumHours),
  vehiclesPerAttendant: wholeNumber("Cars per attendant", MAX_VALET_VEHICLES),
  minimumAttendants: wholeNumber("Minimum attendants", 500),
  lateAfter: z.string({ error: VALET_RATES_MESSAGES.lateAfter }).refine((v) => {
    const m = parseTimeOfDay(v);
    return m !== null && m % 15 === 0 && v.trim() === v;
  }, VALET_RATES_MESSAGES.lateAfter),
  lateHourlySurchargeUsd: money("Late-hour surcharge"),
  eventTypeSurchargesUsd: z.strictObject(
    Object.fromEntries(VALET_EVENT_TYPES.map((t) => [t, money(`${t} surcharge`)])) as Record<ValetEventType, ReturnType<typeof money>>,
  ),
  defaultExpectedVehicles: wholeNumber("Default expected vehicles", MAX_VALET_VEHICLES),
});

/** Attendants for an event: one per `vehiclesPerAttendant` cars (rounded up), at least `minimumAttendants`. */
export function attendantsNeeded(rates: Pick<ValetRates, "vehiclesPerAttendant" | "minimumAttendants">, vehicles: number): number {
  return Math.max(rates.minimumAttendants, Math.ceil(vehicles / rates.vehiclesPerAttendant));
}

/** Billable hours: the event's length in hours, at least the card's minimum. */
export const billableHours = (rates: Pick<ValetRates, "minimumHours">, durationMinutes: number) => Math.max(rates.minimumHours, durationMinutes / 60);

/** Hours of the event after the late-hours start (0 when it ends before). */
export function lateHours(lateAfter: string, startTime: string, endTime: string): number {
  const late = parseTimeOfDay(lateAfter);
  const start = parseTimeOfDay(startTime);
  const end = parseTimeOfDay(endTime);
  if (late === null || start === null || end === null) return 0;
  return Math.max(0, end - Math.max(start, late)) / 60;
}

/** "4", "4.5", "4.25" (hours, no trailing zeros). */
export const formatHours = (h: number) => String(Math.round(h * 100) / 100);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "6:30 PM" from "18:30". */
export function formatClock(hhmm: string): string {
  const minutes = parseTimeOfDay(hhmm);
  if (minutes === null) return hhmm;
  const h = Math.floor(minutes / 60);
  return `${((h + 11) % 12) + 1}:${String(minutes % 60).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/** "6:00 PM – 11:00 PM" from "18:00" and "23:00": an event's hours as people read them. */
export const formatClockRange = (start: string, end: string): string => `${formatClock(start)} – ${formatClock(end)}`;

/** The card's rules in plain words, for the admin (each sentence is one rule of priceValet). */
export function describeValetRates(rates: ValetRates): string[] {
  const example = 100;
  const surcharged = VALET_EVENT_TYPES.filter((t) => (rates.eventTypeSurchargesUsd[t] ?? 0) > 0);
  return [
    `Every event starts at ${formatMoney(rates.eventBaseFeeUsd)}.`,
    `Attendants: one for every ${plural(rates.vehiclesPerAttendant, "car")} expected, rounded up, and never fewer than ${rates.minimumAttendants}. ` +
      `An event expecting ${example} cars gets ${plural(attendantsNeeded(rates, example), "attendant")}.`,
    `Each attendant is billed ${formatMoney(rates.attendantHourlyUsd)} an hour for the event's length, at least ${plural(Number(formatHours(rates.minimumHours)), "hour")}.`,
    rates.lateHourlySurchargeUsd > 0
      ? `Hours after ${formatClock(rates.lateAfter)} add ${formatMoney(rates.lateHourlySurchargeUsd)} per attendant per hour.`
      : "No late-hour surcharge.",
    surcharged.length ? `Event type surcharges, once per event: ${surcharged.map((t) => `${t} ${formatMoney(rates.eventTypeSurchargesUsd[t])}`).join(", ")}.` : "No event type surcharges.",
    `When the customer leaves expected vehicles empty, the quote assumes ${plural(rates.defaultExpectedVehicles, "car")}.`,
  ];
}

export const valetQuoteLineSchema = z.object({ kind: z.enum(["base", "attendants", "late", "event_type", "coupon"]), label: z.string(), amountUsd: z.number() });
export type ValetQuoteLine = z.infer<typeof valetQuoteLineSchema>;
/** An itemised valet price (the quote answer, the booking's details, the admin simulator). */
export const valetQuoteSchema = z.object({
  service: z.literal("valet"),
  eventType: z.enum(VALET_EVENT_TYPES),
  /** The event as the customer named it ("Wedding", or the 'Other' description). */
  eventLabel: z.string().describe("The event as the customer named it"),
  durationMinutes: z.number().int().nonnegative(),
  billableHours: z.number().nonnegative(),
  /** The vehicles priced: the customer's figure, or the card's default. */
  expectedVehicles: z.number().int().nonnegative().describe("The vehicles priced: the customer's figure, or the card's default"),
  expectedVehiclesDefaulted: z.boolean(),
  attendants: z.number().int().nonnegative(),
  lines: z.array(valetQuoteLineSchema),
  totalUsd: z.number(),
  currency: z.literal("USD"),
  /** A coupon code applied to this quote (its line is in `lines`, the total is net of it). */
  coupon: z.object({ code: z.string(), discountUsd: z.number() }).optional(),
});
export type ValetQuote = z.infer<typeof valetQuoteSchema>;

export type ValetPriceInput = {
  eventType: ValetEventType;
  eventTypeOther?: string;
  startTime: string;
  endTime: string;
  expectedVehicles: number | null;
};

export type ValetPricingResult = { ok: true; quote: ValetQuote } | { ok: false; code: "invalid_times"; message: string };

/** The itemised valet quote: base fee, attendants x hours x rate, late hours, event-type surcharge; each line in cents. */
export function priceValet(rates: ValetRates, input: ValetPriceInput): ValetPricingResult {
  const start = parseTimeOfDay(input.startTime);
  const end = parseTimeOfDay(input.endTime);
  if (start === null || end === null || end <= start) return { ok: false, code: "invalid_times", message: "End time must be after start time." };
  const durationMinutes = end - start;
  const vehicles = input.expectedVehicles ?? rates.defaultExpectedVehicles;
  const attendants = attendantsNeeded(rates, vehicles);
  const hours = billableHours(rates, durationMinutes);
  const late = lateHours(rates.lateAfter, input.startTime, input.endTime);
  const eventLabel = input.eventType === "Other" && input.eventTypeOther?.trim() ? input.eventTypeOther.trim() : input.eventType;

  const cents = (n: number) => fromCents(toCents(n));
  const lines: ValetQuoteLine[] = [
    { kind: "base", label: "Event base fee", amountUsd: cents(rates.eventBaseFeeUsd) },
    {
      kind: "attendants",
      label: `${plural(attendants, "attendant")} × ${formatHours(hours)} h × ${formatMoney(rates.attendantHourlyUsd)}`,
      amountUsd: cents(attendants * hours * rates.attendantHourlyUsd),
    },
  ];
  if (late > 0 && rates.lateHourlySurchargeUsd > 0) {
    lines.push({
      kind: "late",
      label: `After ${formatClock(rates.lateAfter)}: ${plural(attendants, "attendant")} × ${formatHours(late)} h × ${formatMoney(rates.lateHourlySurchargeUsd)}`,
      amountUsd: cents(attendants * late * rates.lateHourlySurchargeUsd),
    });
  }
  const typeSurcharge = rates.eventTypeSurchargesUsd[input.eventType] ?? 0;
  if (typeSurcharge > 0) lines.push({ kind: "event_type", label: `${input.eventType} surcharge`, amountUsd: cents(typeSurcharge) });

  return {
    ok: true,
    quote: {
      service: "valet",
      eventType: input.eventType,
      eventLabel,
      durationMinutes,
      billableHours: hours,
      expectedVehicles: vehicles,
      expectedVehiclesDefaulted: input.expectedVehicles === null,
      attendants,
      lines,
      totalUsd: fromCents(lines.reduce((sum, l) => sum + toCents(l.amountUsd), 0)),
      currency: "USD",
    },
  };
}

export type { ValetQuoteResponse } from "./valet/answers";

export type { AdminValetRates } from "./pricing/answers";

export const sameValetRates = (a: ValetRates | null, b: ValetRates | null) =>
  a !== null && b !== null && JSON.stringify(canonicalValetRates(a)) === JSON.stringify(canonicalValetRates(b));

/** The card with its keys (and the event types') in one fixed order. */
export function canonicalValetRates(r: ValetRates): ValetRates {
  return {
    eventBaseFeeUsd: r.eventBaseFeeUsd,
    attendantHourlyUsd: r.attendantHourlyUsd,
    minimumHours: r.minimumHours,
    vehiclesPerAttendant: r.vehiclesPerAttendant,
    minimumAttendants: r.minimumAttendants,
    lateAfter: r.lateAfter,
    lateHourlySurchargeUsd: r.lateHourlySurchargeUsd,
    eventTypeSurchargesUsd: Object.fromEntries(VALET_EVENT_TYPES.map((t) => [t, r.eventTypeSurchargesUsd[t] ?? 0])) as Record<ValetEventType, number>,
    defaultExpectedVehicles: r.defaultExpectedVehicles,
  };
}

/** POST /api/admin/pricing/simulate-valet: an event priced with the draft or the published card. */
export const simulateValetSchema = z.strictObject({
  rates: z.enum(["draft", "published"], { error: "Choose the draft or the published rates." }),
  eventType: z.enum(VALET_EVENT_TYPES, { error: "Please choose an event type." }),
  startTime: z.string().refine((v) => parseTimeOfDay(v) !== null, "Time is required."),
  endTime: z.string().refine((v) => parseTimeOfDay(v) !== null, "Time is required."),
  expectedVehicles: z
    .number({ error: "Expected vehicles must be a whole number of at least 1." })
    .int("Expected vehicles must be a whole number of at least 1.")
    .min(1, "Expected vehicles must be a whole number of at least 1.")
    .max(MAX_VALET_VEHICLES, `Expected vehicles must be at most ${MAX_VALET_VEHICLES}.`)
    .nullable(),
});
export type SimulateValetInput = z.input<typeof simulateValetSchema>;
