// Flight-aware airport pickups: the flight number (input and canonical form), the airlines the booking dialog
// offers, a flight's status as every provider reports it (embedded simulation, AeroDataBox), what a booking keeps
// about its flight, and the pure rules: the suggested pickup, how far a delay or early landing moves the pickup,
// and the waiting beyond the included time, priced to the cent.
import { z } from "zod";
import { toCanonical } from "./canonical";
import { isCalendarDate } from "./zoned-time";

// ---- Flight numbers
/**
 * An IATA flight designator: a 2-character airline code (letters, or a letter and a digit, never two digits) or a
 * 3-letter ICAO code, then 1 to 4 digits and an optional operational suffix letter. Upper-cased and trimmed first.
 */
const FLIGHT_PATTERN = /^(?:([A-Z]{2}|[A-Z]\d|\d[A-Z])|([A-Z]{3}))\s?(\d{1,4})([A-Z])?$/;

/** The document's pattern of a flight number as sent (upper case; a number from 1, without leading zeros). */
export const FLIGHT_NUMBER_PATTERN = "^(?:[A-Z]{2}|[A-Z][0-9]|[0-9][A-Z]|[A-Z]{3}) ?[1-9][0-9]{0,3}[A-Z]?$";

export const FLIGHT_NUMBER_MESSAGE = "Enter the flight as the airline code and number, e.g. AA100.";

/** "aa 0100" → "AA100"; null when it is not a flight number. */
export function canonicalFlightNumber(text: string): string | null {
  const m = FLIGHT_PATTERN.exec(text.trim().toUpperCase());
  if (!m) return null;
  const number = String(Number(m[3]));
  if (number === "0") return null;
  return `${m[1] ?? m[2]}${number}${m[4] ?? ""}`;
}

/** The parts of a canonical flight number. */
export function flightNumberParts(flightNumber: string): { airline: string; number: string; suffix: string } {
  const m = FLIGHT_PATTERN.exec(flightNumber)!;
  return { airline: m[1] ?? m[2]!, number: m[3]!, suffix: m[4] ?? "" };
}

/**
 * The flight number the booking dialog's two fields make ("AA" + "100"; a number typed with its airline code wins),
 * or null while the number is empty; the field's message when it is not a flight number.
 */
export function flightNumberOf(airline: string, typed: string): { value: string | null; error?: string } {
  const text = typed.trim().toUpperCase().replace(/\s+/g, "");
  if (!text) return { value: null };
  const full = /[A-Z]/.test(text) ? text : `${airline}${text}`;
  const canonical = canonicalFlightNumber(full);
  return canonical ? { value: canonical } : { value: null, error: FLIGHT_NUMBER_MESSAGE };
}

/** A flight number as typed ("aa 100", "AA0100"), answered canonical ("AA100"). */
export const flightNumberSchema = z
  .string({ error: FLIGHT_NUMBER_MESSAGE })
  .max(12, FLIGHT_NUMBER_MESSAGE)
  .meta({ pattern: FLIGHT_NUMBER_PATTERN })
  .transform(toCanonical(canonicalFlightNumber, FLIGHT_NUMBER_MESSAGE));

// ---- Airlines (a short table written by us: the carriers that serve Southern California's airports)
export type Airline = { iata: string; icao: string; name: string };
export const AIRLINES: readonly Airline[] = [
  { iata: "AA", icao: "AAL", name: "American Airlines" },
  { iata: "AC", icao: "ACA", name: "Air Canada" },
  { iata: "AF", icao: "AFR", name: "Air France" },
  { iata: "AM", icao: "AMX", name: "Aeroméxico" },
  { iata: "AS", icao: "ASA", name: "Alaska Airlines" },
  { iata: "B6", icao: "JBU", name: "JetBlue" },
  { iata: "BA", icao: "BAW", name: "British Airways" },
  { iata: "BR", icao: "EVA", name: "EVA Air" },
  { iata: "CI", icao: "CAL", name: "China Airlines" },
  { iata: "CX", icao: "CPA", name: "Cathay Pacific" },
  { iata: "DL", icao: "DAL", name: "Delta Air Lines" },
  { iata: "EK", icao: "UAE", name: "Emirates" },
  { iata: "F9", icao: "FFT", name: "Frontier Airlines" },
  { iata: "HA", icao: "HAL", name: "Hawaiian Airlines" },
  { iata: "IB", icao: "IBE", name: "Iberia" },
  { iata: "JL", icao: "JAL", name: "Japan Airlines" },
  { iata: "KE", icao: "KAL", name: "Korean Air" },
  { iata: "KL", icao: "KLM", name: "KLM" },
  { iata: "LH", icao: "DLH", name: "Lufthansa" },
  { iata: "LX", icao: "SWR", name: "Swiss" },
  { iata: "NH", icao: "ANA", name: "All Nippon Airways" },
  { iata: "NK", icao: "NKS", name: "Spirit Airlines" },
  { iata: "NZ", icao: "ANZ", name: "Air New Zealand" },
  { iata: "QF", icao: "QFA", name: "Qantas" },
  { iata: "QR", icao: "QTR", name: "Qatar Airways" },
  { iata: "SQ", icao: "SIA", name: "Singapore Airlines" },
  { iata: "TK", icao: "THY", name: "Turkish Airlines" },
  { iata: "UA", icao: "UAL", name: "United Airlines" },
  { iata: "VS", icao: "VIR", name: "Virgin Atlantic" },
  { iata: "WN", icao: "SWA", name: "Southwest Airlines" },
];
/** The airline of a flight number's code (IATA or ICAO), if the table knows it. */
export const airlineOf = (code: string): Airline | undefined => AIRLINES.find((a) => a.iata === code || a.icao === code);

// ---- A flight's status, as every provider answers it
export const flightPhases = ["scheduled", "en_route", "landed", "cancelled", "diverted", "unknown"] as const;
export type FlightPhase = (typeof flightPhases)[number];
export const flightPhaseLabels: Record<FlightPhase, string> = {
  scheduled: "Scheduled",
  en_route: "In the air",
  landed: "Landed",
  cancelled: "Cancelled",
  diverted: "Diverted",
  unknown: "Status unknown",
};

/** Which flight: what every view of one (its status, a booking's, a quote's, dispatch's) starts with. */
export const flightIdentitySchema = z.object({
  /** Canonical, e.g. "AA100". */
  flightNumber: z.string(),
  airlineName: z.string().nullable(),
  /** IATA code of the departure airport, when known. */
  origin: z.string().nullable(),
});

export const flightStatusSchema = flightIdentitySchema.extend({
  /** IATA code of the arrival airport. */
  destination: z.string().nullable(),
  phase: z.enum(flightPhases),
  /** ISO instants. */
  scheduledArrival: z.string(),
  /** The latest estimate (or the actual arrival once landed). */
  estimatedArrival: z.string(),
  actualArrival: z.string().nullable(),
  /** estimatedArrival − scheduledArrival in whole minutes: positive late, negative early. */
  delayMinutes: z.number().int(),
  terminal: z.string().nullable(),
  gate: z.string().nullable(),
  baggageBelt: z.string().nullable(),
});
export type FlightStatus = z.infer<typeof flightStatusSchema>;

/** Minutes between two ISO instants (b − a), rounded. */
export const minutesBetween = (a: string | Date, b: string | Date) => Math.round((new Date(b).getTime() - new Date(a).getTime()) / 60_000);

// ---- What a ride booking keeps about its flight (bookings.details.flight)
export const bookingFlightSchema = flightIdentitySchema.extend({
  /** The arrival's local date (the provider's lookup date), YYYY-MM-DD. */
  date: z.string(),
  /** The timetable arrival (ISO) when booked. */
  scheduledArrival: z.string(),
  /** The booked pickup time minus the scheduled arrival: kept when the flight moves (pickup = arrival + this). */
  bufferMinutes: z.number().int(),
  /** The pickup time as booked ("HH:MM"), before any flight move. */
  bookedTime: z.string(),
  /** The live status, updated by the follow job (null until its first look). */
  live: flightStatusSchema.omit({ flightNumber: true, airlineName: true, origin: true, destination: true, scheduledArrival: true }).extend({ checkedAt: z.string() }).nullable(),
});
export type BookingFlight = z.infer<typeof bookingFlightSchema>;

/** The waiting a completed airport pickup charged beyond the included time (bookings.details.waiting). */
export const bookingWaitingSchema = z.object({
  waitedMinutes: z.number().int(),
  includedMinutes: z.number().int(),
  billableMinutes: z.number().int(),
  perMinuteCents: z.number().int(),
  amountCents: z.number().int(),
});
export type BookingWaiting = z.infer<typeof bookingWaitingSchema>;

// ---- Admin "set delay" (embedded provider only)
export const flightParamsSchema = z.object({
  flightNumber: flightNumberSchema,
  date: z.string().refine(isCalendarDate, "Choose a real calendar date (YYYY-MM-DD).").meta({ format: "date" }),
});
export const DELAY_LIMIT_MINUTES = { min: -120, max: 720 } as const;
const DELAY_MESSAGE = `The delay must be a whole number of minutes from ${DELAY_LIMIT_MINUTES.min} (early) to ${DELAY_LIMIT_MINUTES.max}.`;
export const setFlightDelaySchema = z.strictObject({
  delayMinutes: z.number({ error: DELAY_MESSAGE }).int(DELAY_MESSAGE).min(DELAY_LIMIT_MINUTES.min, DELAY_MESSAGE).max(DELAY_LIMIT_MINUTES.max, DELAY_MESSAGE),
  /** Simulate the airline cancelling the flight. */
  cancelled: z.boolean({ error: "Cancelled must be true or false." }).optional(),
  /** Simulate the flight being diverted to another airport. */
  diverted: z.boolean({ error: "Diverted must be true or false." }).optional(),
});
export type SetFlightDelayInput = z.infer<typeof setFlightDelaySchema>;
export const FLIGHT_PROVIDER_NOT_EMBEDDED = "Delays can be set only on the embedded flight simulation (FLIGHT_PROVIDER=embedded).";

// ---- Messages a customer sees
export const FLIGHT_NEEDS_AIRPORT_MESSAGE = "A flight number goes with a pickup at an airport.";
export const flightNotFoundMessage = (flightNumber: string, date: string) =>
  `We could not find flight ${flightNumber} arriving on ${date}. Please check the airline, the number and the date.`;
export const flightCancelledMessage = (flightNumber: string) => `Flight ${flightNumber} is cancelled. Please enter your new flight.`;
/** The desk's toast when the follow job finds a pickup's flight diverted (the pickup stays: the desk calls). */
export const FLIGHT_DIVERTED_TITLE = "Flight Diverted";
export const flightDivertedNotice = (flightNumber: string, customerName: string, when: string) =>
  `Flight ${flightNumber} is diverted: call ${customerName} about the pickup on ${when}.`;
export const flightWrongAirportMessage = (flightNumber: string, airport: string) => `Flight ${flightNumber} does not land at ${airport} that day. Please check the flight or the pickup.`;

// ---- Rules
/** After landing, the default time before the pickup (bags and the walk out): the suggested pickup's offset. */
export const DEFAULT_ARRIVAL_BUFFER_MINUTES = 30;
/** A flight move shifts the pickup at most this much later / earlier than booked; beyond it the desk decides. */
export const PICKUP_MOVE_LIMITS = { laterMinutes: 240, earlierMinutes: 90 } as const;
/** The follow job starts this long before the scheduled arrival. */
export const FOLLOW_LEAD_HOURS = 4;

/** A quarter-hour pickup time ("HH:MM") at or after `minutes` after midnight (may pass 24:00: the caller moves the date). */
export function roundUpToQuarter(minutesOfDay: number): number {
  return Math.ceil(minutesOfDay / 15) * 15;
}

/**
 * Where a flight's change puts the pickup: the latest arrival plus the booked buffer, kept within the limits around
 * the booked pickup. `limited` says the flight moved further than the pickup may follow.
 */
export function movedPickup(input: { bookedPickupAt: Date; bufferMinutes: number; estimatedArrival: Date }): { pickupAt: Date; limited: boolean } {
  const wanted = input.estimatedArrival.getTime() + input.bufferMinutes * 60_000;
  const latest = input.bookedPickupAt.getTime() + PICKUP_MOVE_LIMITS.laterMinutes * 60_000;
  const earliest = input.bookedPickupAt.getTime() - PICKUP_MOVE_LIMITS.earlierMinutes * 60_000;
  const at = Math.min(latest, Math.max(earliest, wanted));
  return { pickupAt: new Date(Math.floor(at / 60_000) * 60_000), limited: at !== wanted };
}

/**
 * Waiting at an airport pickup: from the (moved) pickup time, or the chauffeur's arrival if later, to the passenger
 * on board. The included minutes are free; each started minute beyond them costs `perMinuteCents`.
 */
export function waitingCharge(input: { from: Date; until: Date; includedMinutes: number; perMinuteCents: number }): BookingWaiting {
  const waitedMinutes = Math.max(0, Math.ceil((input.until.getTime() - input.from.getTime()) / 60_000));
  const billableMinutes = Math.max(0, waitedMinutes - input.includedMinutes);
  return { waitedMinutes, includedMinutes: input.includedMinutes, billableMinutes, perMinuteCents: input.perMinuteCents, amountCents: billableMinutes * input.perMinuteCents };
}

/** The quote line's label for the waiting charge. */
export const waitingLineLabel = (w: BookingWaiting) => `Waiting ${w.billableMinutes} min beyond the ${w.includedMinutes} included`;

/** The IATA code of an airport place (its airport component's short name, or "(LAX)" in its name), if any. */
export function airportCodeOf(place: { name: string; precision: string; components?: { types: string[]; shortName: string }[] }): string | null {
  if (place.precision !== "airport") return null;
  const comp = place.components?.find((c) => c.types.includes("airport"))?.shortName;
  if (comp && /^[A-Z]{3}$/.test(comp)) return comp;
  const m = /\(([A-Z]{3})\)/.exec(place.name);
  return m ? m[1]! : null;
}

// ---- How the screens show a booking's flight (chauffeur, dispatch board, customer)
/** "3:20 PM" from "15:20". */
export function clockLabel(time: string): string {
  const [h, m] = time.split(":").map(Number);
  return `${((h! + 11) % 12) + 1}:${String(m).padStart(2, "0")} ${h! < 12 ? "AM" : "PM"}`;
}

import type { RideFlightView } from "./rides/answers";
export type { RideFlightView };

/** A booking's flight as the screens show it; `wallClockOf` gives "HH:MM" of an instant on the service's clock. */
export function rideFlightView(flight: BookingFlight, wallClockOf: (at: Date) => string): RideFlightView {
  return {
    flightNumber: flight.flightNumber,
    airlineName: flight.airlineName,
    origin: flight.origin,
    phase: flight.live?.phase ?? null,
    scheduledTime: wallClockOf(new Date(flight.scheduledArrival)),
    estimatedTime: flight.live ? wallClockOf(new Date(flight.live.estimatedArrival)) : null,
    delayMinutes: flight.live?.delayMinutes ?? 0,
    terminal: flight.live?.terminal ?? null,
    bookedTime: flight.bookedTime,
    checkedAt: flight.live?.checkedAt ?? null,
  };
}

/** "Flight AA100 from JFK · Landing 3:20 PM, 45 min late · Terminal 4" (or "Scheduled 2:35 PM" before the first look). */
export function flightStatusLine(f: RideFlightView): string {
  const from = f.origin ? ` from ${f.origin}` : "";
  const parts = [`Flight ${f.flightNumber}${from}`];
  if (f.phase === "cancelled") parts.push("Cancelled by the airline");
  else if (f.phase === "diverted") parts.push("Diverted");
  else if (f.phase === null) parts.push(`Scheduled ${clockLabel(f.scheduledTime)}`);
  else {
    const verb = f.phase === "landed" ? "Landed" : "Landing";
    const how = f.delayMinutes > 0 ? `, ${f.delayMinutes} min late` : f.delayMinutes < 0 ? `, ${-f.delayMinutes} min early` : ", on time";
    parts.push(`${verb} ${clockLabel(f.estimatedTime ?? f.scheduledTime)}${how}`);
  }
  if (f.terminal) parts.push(`Terminal ${f.terminal}`);
  return parts.join(" · ");
}
