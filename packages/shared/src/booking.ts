// Ride quotes and bookings: the inputs (one schema each, used by the booking dialog and the API), the
// answers, and the spec's messages. The server re-derives every price from place ids; nothing the client
// sends about miles or money is trusted.
import { z } from "zod";
import { LUGGAGE_MESSAGE, PASSENGERS_MESSAGE } from "./capacity";
import { quoteCouponCodeSchema } from "./coupons";
import { quoteSchema } from "./pricing";
import { placeSchema } from "./places";
import { BOOKING_STEP_MINUTES, TIME_STEP_MESSAGE } from "./booking-time";
import { isCalendarDate, zonedInstant } from "./zoned-time";
import { flightIdentitySchema, flightNumberSchema, flightPhases } from "./flights";

export { bookingStatuses, ticketStatuses, type BookingStatus, type TicketStatus } from "./booking-status";

// ---- The spec's words (section 5 and 8)
export const LOGIN_TO_BOOK_MESSAGE = "You must be logged in to book.";
export const ROUTE_FAILED_TITLE = "Could not calculate route";
export const ROUTE_FAILED_DESCRIPTION = "Please check addresses and try again.";
export const INVALID_ADDRESS_TITLE = "Invalid Address";
export const INVALID_ADDRESS_MESSAGE = "Please select a valid address from the suggestions.";
export const PICK_SUGGESTION_MESSAGE = "Please select an address from the suggestions.";
export const SAME_ADDRESS_MESSAGE = "Pickup and dropoff must be different places. Please choose another address.";
export const QUOTE_CHANGED_MESSAGE = "The price has changed. Please review the new quote.";
export const QUOTE_EXPIRED_MESSAGE = "This quote has expired. Please get a new quote.";
export const QUOTE_INVALID_MESSAGE = "This quote is not valid. Please get a new quote.";
export const VEHICLE_UNAVAILABLE_MESSAGE = "This vehicle is not available. Please choose another vehicle.";
export const IDEMPOTENCY_KEY_REQUIRED_MESSAGE = "Send an Idempotency-Key header (1 to 200 characters) with each booking.";
export const IDEMPOTENCY_MISMATCH_MESSAGE =
  "This Idempotency-Key was already used for a different booking request. Use a new key for a new booking.";
export const IDEMPOTENCY_IN_PROGRESS_MESSAGE = "This booking is still being processed. Please retry in a moment.";
export const BOOKING_CONFIRMED_TITLE = "Booking Confirmed!";
export const bookingConfirmedDescription = (service: string, ticketCode: string) => `Your ${service} service is booked. Ticket: ${ticketCode}`;

// ---- Limits and defaults (section 9)
export const MAX_PASSENGERS = 60;
export const MAX_LUGGAGE = 60;
export const RIDE_DEFAULTS = { time: "12:00", passengers: 1, luggage: 0 } as const;
/** Ride dates and times are local to the service area. */
export const SERVICE_TIME_ZONE = "America/Los_Angeles";
export const QUOTE_TTL_SECONDS = 15 * 60;

const ymd = new Intl.DateTimeFormat("en-CA", { timeZone: SERVICE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

let today = { value: "", until: 0 };

/** Today's date ("YYYY-MM-DD") in Los Angeles (the current one is recomputed at most once a second). */
export function todayInServiceArea(now?: Date): string {
  if (now) return ymd.format(now);
  const ms = Date.now();
  if (ms >= today.until) today = { value: ymd.format(new Date(ms)), until: ms + 1000 };
  return today.value;
}

/**
 * The ride's date: a real calendar day. Whether it (with the time) can still be booked depends on the clock and
 * the operations settings: bookingTimeProblem (booking-time.ts), checked by the quote, the booking and the reschedule.
 */
export const rideDateSchema = z
  .string({ error: "Please choose a date." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose a date.")
  .refine(isCalendarDate, "Please choose a real calendar date.");

/** The ride's time: "HH:MM" on a quarter hour. */
export const rideTimeSchema = z
  .string({ error: "Please choose a time." })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Please choose a time (HH:MM).")
  .refine((v) => Number(v.slice(3)) % BOOKING_STEP_MINUTES === 0, TIME_STEP_MESSAGE);

const placeIdSchema = (what: string) =>
  z
    .string({ error: INVALID_ADDRESS_MESSAGE })
    .trim()
    .min(1, `Please choose a ${what} address from the suggestions.`)
    .max(500, INVALID_ADDRESS_MESSAGE);

export const quoteInputSchema = z.strictObject({
  pickupPlaceId: placeIdSchema("pickup"),
  dropoffPlaceId: placeIdSchema("dropoff"),
  vehicleTypeId: z.uuid({ error: "Please choose a vehicle." }),
  passengers: z
    .number({ error: PASSENGERS_MESSAGE })
    .int(PASSENGERS_MESSAGE)
    .min(1, PASSENGERS_MESSAGE)
    .max(MAX_PASSENGERS, `Passengers must be at most ${MAX_PASSENGERS}.`),
  luggage: z
    .number({ error: LUGGAGE_MESSAGE })
    .int(LUGGAGE_MESSAGE)
    .min(0, LUGGAGE_MESSAGE)
    .max(MAX_LUGGAGE, `Luggage must be at most ${MAX_LUGGAGE}.`),
  date: rideDateSchema,
  time: rideTimeSchema,
  /** Optional: a coupon code to apply (applied or refused in the answer; counted only at booking). */
  couponCode: quoteCouponCodeSchema,
  /** Optional, for a pickup at an airport: the arriving flight ("AA100"); the quote answers its scheduled arrival and a suggested pickup. */
  flightNumber: flightNumberSchema.optional(),
});
export type QuoteInput = z.infer<typeof quoteInputSchema>;

export const bookingServices = ["ride", "valet"] as const;
export type BookingService = (typeof bookingServices)[number];

export const PAYMENT_METHOD_REQUIRED_MESSAGE = "Please enter a card.";

export const createBookingSchema = z.strictObject({
  service: z.enum(bookingServices, { error: "The service must be ride or valet." }),
  /** A ride quote id for a ride, a valet quote id for valet (a valet id carries the event's details). */
  quoteId: z.string({ error: QUOTE_INVALID_MESSAGE }).min(1, QUOTE_INVALID_MESSAGE).max(8192, QUOTE_INVALID_MESSAGE),
  /** Old clients' payment placeholder; ignored. */
  paymentRef: z.string().max(200, "The payment reference is too long.").optional(),
  /** The card to authorise the total on (required): a provider payment method id (embedded test mode: "pm_card_visa"). */
  paymentMethod: z.string({ error: PAYMENT_METHOD_REQUIRED_MESSAGE }).trim().min(1, PAYMENT_METHOD_REQUIRED_MESSAGE).max(200, PAYMENT_METHOD_REQUIRED_MESSAGE),
  /** After an authentication step (3-D Secure): the PaymentIntent it confirmed, sent with the same Idempotency-Key. */
  paymentIntentId: z.string().trim().min(1).max(200).optional(),
});
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

export const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_KEY_REQUIRED_MESSAGE })
  .trim()
  .min(1, IDEMPOTENCY_KEY_REQUIRED_MESSAGE)
  .max(200, IDEMPOTENCY_KEY_REQUIRED_MESSAGE);
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

// ---- Answers
// The answers are schemas too: their types come from them, and the API's OpenAPI document describes them.
export const vehicleOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseFeeUsd: z.number(),
  passengerCapacity: z.number().int(),
  luggageCapacity: z.number().int(),
});
export type VehicleOption = z.infer<typeof vehicleOptionSchema>;
/** GET /api/vehicles: the active fleet, fewest passengers first. */
export const vehiclesResponseSchema = z.object({ vehicles: z.array(vehicleOptionSchema) });
export type VehiclesResponse = z.infer<typeof vehiclesResponseSchema>;

export type QuotePlace = z.infer<typeof placeSchema>;

/** The places a quote priced, as the customer would recognise them (the booking keeps the full places). */
export const quotePlaceSummarySchema = placeSchema.pick({ placeId: true, name: true, address: true });
export type QuotePlaceSummary = z.infer<typeof quotePlaceSummarySchema>;

/** The arriving flight of an airport pickup, as the quote found it. */
export const quoteFlightSchema = flightIdentitySchema.extend({
  phase: z.enum(flightPhases),
  scheduledArrival: z.string().describe("ISO instant"),
  /** The scheduled landing on the service area's clock: date and "HH:MM". */
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  estimatedArrival: z.string(),
  delayMinutes: z.number().int(),
  terminal: z.string().nullable(),
  /** The pickup we suggest: the landing plus time for bags, on a quarter hour. */
  suggestedDate: z.string(),
  suggestedTime: z.string(),
});
export type QuoteFlight = z.infer<typeof quoteFlightSchema>;

/** POST /api/quotes: the price and the signed, expiring quote id to book it with. */
export const quoteResponseSchema = z.object({
  quoteId: z.string().describe("Signed and expiring; send it to POST /api/bookings"),
  expiresAt: z.string(),
  quote: quoteSchema,
  pickup: quotePlaceSummarySchema,
  dropoff: quotePlaceSummarySchema,
  /** A code that could not be applied, and why (the quote is without a discount). */
  coupon: z.object({ code: z.string(), message: z.string() }).optional(),
  /** The flight given (flightNumber): when it is scheduled to land and the pickup we suggest, on the service area's clock. */
  flight: quoteFlightSchema.optional(),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

export const bookingSummarySchema = z.object({
  id: z.string(),
  service: z.string(),
  bookingDate: z.string(),
  status: z.string(),
  price: z.number().nullable(),
  createdAt: z.string(),
});
export type BookingSummary = z.infer<typeof bookingSummarySchema>;
export const ticketSummarySchema = z.object({ ticketCode: z.string(), status: z.string() });
export type TicketSummary = z.infer<typeof ticketSummarySchema>;
/** The card the booking's total was authorised on; `held` false: a far-off service, the hold released and the card kept. */
export const bookingPaymentSchema = z.object({ cardBrand: z.string().nullable(), cardLast4: z.string().nullable(), held: z.boolean() });
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;
/** POST /api/bookings (201; the same answer again for a replayed Idempotency-Key). */
export const createBookingResponseSchema = z.object({ booking: bookingSummarySchema, ticket: ticketSummarySchema, payment: bookingPaymentSchema.optional() });
export type CreateBookingResponse = z.infer<typeof createBookingResponseSchema>;

export const myTicketSchema = z.object({
  id: z.string(),
  ticketCode: z.string(),
  status: z.string(),
  createdAt: z.string(),
  bookingId: z.string().nullable(),
  service: z.string(),
  bookingDate: z.string(),
});
export type MyTicket = z.infer<typeof myTicketSchema>;
export const myTicketsResponseSchema = z.object({ tickets: z.array(myTicketSchema) });


const instants = new Map<string, number>();

/** The instant of a Los Angeles wall-clock date ("YYYY-MM-DD") and time ("HH:MM"). */
export function serviceAreaDateTime(date: string, time: string): Date {
  const key = `${date}T${time}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    ms = computeServiceAreaDateTime(date, time);
    if (instants.size >= 4096) instants.clear();
    instants.set(key, ms);
  }
  return new Date(ms);
}

function computeServiceAreaDateTime(date: string, time: string): number {
  return zonedInstant(date, time, SERVICE_TIME_ZONE).getTime();
}
