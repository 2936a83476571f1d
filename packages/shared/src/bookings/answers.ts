// The bookings domain's answers (zod): what the API sends back, for the server's route() and the web's types.
import { z } from "zod";
import { bookingSummarySchema } from "../booking";
import { bookingDetailsSchema } from "../booking-details";
import { rideCarSchema } from "../fleet-units";

/** GET /api/me/bookings. */
export const myBookingsResponseSchema = z.object({
  bookings: z.array(
    bookingSummarySchema.extend({
      details: bookingDetailsSchema.describe("What was booked (a ride: places, party, date, time, vehicle, quote; valet: the event)"),
      pickupAt: z.string().nullable().describe("A ride's pickup instant"),
      chauffeurFirstName: z.string().nullable().describe("The assigned chauffeur's first name"),
      vehicleName: z.string().nullable().describe("The assigned vehicle"),
      car: rideCarSchema.nullable().describe("The car that comes (colour, model, plate), once dispatch has chosen it"),
      cancellationFee: z.number().nullable(),
      cancelledAt: z.string().nullable(),
      payment: z
        .object({ label: z.string(), tone: z.enum(["paid", "held", "needed", "neutral"]) })
        .describe("The booking's payment in one status a customer understands (payment-status.ts): 'Card authorised $X', 'Paid $X', 'Payment needed'..."),
    }),
  ),
});
export type MyBooking = z.infer<typeof myBookingsResponseSchema>["bookings"][number];
