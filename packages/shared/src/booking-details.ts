// What a booking stores in bookings.details: one shape per service, told apart by `service` (the booking row's
// own service). Parsed where it is written (the Drizzle column parses every value it stores) and where it is
// read (every value it loads): nothing else guesses at its keys.
import { z } from "zod";
import { bookingFlightSchema, bookingWaitingSchema } from "./flights";
import { placeSchema } from "./places";
import { quoteSchema } from "./pricing";
import { VALET_EVENT_TYPES } from "./valet";
import { valetQuoteSchema } from "./valet-pricing";

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe("YYYY-MM-DD, the service area's calendar");
const timeSchema = z.string().regex(/^\d{2}:\d{2}$/).describe("HH:MM, the service area's clock");

/** A chauffeured ride: the places, the party, the pickup date and time, the vehicle and the quote it was priced at. */
export const rideDetailsSchema = z.object({
  service: z.literal("ride"),
  pickup: placeSchema,
  dropoff: placeSchema,
  passengers: z.number().int().min(1),
  luggage: z.number().int().min(0),
  date: dateSchema,
  time: timeSchema,
  vehicleTypeId: z.string(),
  miles: z.number().nonnegative(),
  minutes: z.number().nonnegative(),
  quote: quoteSchema,
  /** An airport pickup's arriving flight: as booked, and its live status (the follow job). */
  flight: bookingFlightSchema.optional(),
  /** Set at completion: the waiting beyond the included time, charged (its line is in quote.lines). */
  waiting: bookingWaitingSchema.optional(),
});
export type RideDetails = z.infer<typeof rideDetailsSchema>;

/** Event valet: the event, its place and hours, the vehicles and attendants, notes and the quote it was priced at. */
export const valetDetailsSchema = z.object({
  service: z.literal("valet"),
  customerName: z.string(),
  eventType: z.enum(VALET_EVENT_TYPES),
  eventTypeOther: z.string(),
  address: placeSchema,
  date: dateSchema,
  startTime: timeSchema,
  endTime: timeSchema,
  durationMinutes: z.number().int().nonnegative(),
  /** The vehicles priced (the customer's figure, or the card's default: see quote.expectedVehiclesDefaulted). */
  expectedVehicles: z.number().int().nonnegative(),
  attendants: z.number().int().nonnegative(),
  notes: z.string(),
  quote: valetQuoteSchema,
});
export type ValetDetails = z.infer<typeof valetDetailsSchema>;

/** bookings.details. */
export const bookingDetailsSchema = z.discriminatedUnion("service", [rideDetailsSchema, valetDetailsSchema]);
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;

/** When the booked service starts on the service area's clock: a ride's pickup time, an event's start. */
export const startTimeOf = (d: BookingDetails) => (d.service === "ride" ? d.time : d.startTime);

/** Where: a ride's "pickup → dropoff", an event's place. */
export const placeLineOf = (d: BookingDetails) => (d.service === "ride" ? `${d.pickup.name} → ${d.dropoff.name}` : d.address.name);

/** A place to show: its name, and its address without the name repeated first ("LAX, 1 World Way, ..."). */
export function placeView(p: { name: string; address: string }): { name: string; address?: string } {
  let address = p.address.trim();
  if (address.startsWith(`${p.name}, `)) address = address.slice(p.name.length + 2);
  return { name: p.name, address: address && address !== p.name ? address : undefined };
}
