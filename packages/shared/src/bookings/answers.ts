// The bookings domain's answers (zod): what the API sends back, for the server's route() and the web's types.
import { z } from "zod";
import { bookingSummarySchema } from "../booking";
import { bookingDetailsSchema } from "../booking-details";
import { rideCarSchema } from "../fleet-units";
import { adminBookingRowSchema, pagedSchema } from "../admin";

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
/** One of the customer's bookings as GET /api/me/bookings lists it. */
export const myBookingSchema = myBookingsResponseSchema.shape.bookings.element;

/** What cancelling a booking would cost now (GET /api/me/bookings/:id/cancellation). */
export const cancellationTermsSchema = z.object({
  free: z.boolean().describe("Cancelling now is free of charge"),
  feeUsd: z.number().nonnegative().describe("The fee, in US dollars (0 when free)"),
  cutoffAt: z.string().describe("The instant after which a fee applies"),
  feePercent: z.number().nonnegative(),
  cutoffHours: z.number().nonnegative(),
});
export type CancellationTerms = z.infer<typeof cancellationTermsSchema>;
export const cancellationResponseSchema = z.object({ cancellation: cancellationTermsSchema });
/** POST /api/me/bookings/:id/cancel: the booking as now (as the list shows it) and what was charged. */
export const cancelBookingResponseSchema = z.object({ booking: myBookingSchema.optional(), cancellation: cancellationTermsSchema });
/** A booking of mine as now (after a reschedule). */
export const myBookingResponseSchema = z.object({ booking: myBookingSchema.optional() });

// ---- The admin's and the desk's bookings and tickets

/** GET /api/admin/bookings/:id: a booking with its tickets, next statuses, assignment, cancellation and timeline. */
export const adminBookingDetailSchema = adminBookingRowSchema.extend({
  vehicleTypeId: z.string().nullable(),
  vehicleName: z.string().nullable(),
  paymentRef: z.string().nullable(),
  details: bookingDetailsSchema,
  tickets: z.array(z.object({ id: z.string(), ticketCode: z.string(), status: z.string(), plate: z.string().nullable(), keyTag: z.string().nullable(), createdAt: z.string() })),
  nextStatuses: z.array(z.string()).describe("The statuses an admin may move it to"),
  pickupAt: z.string().nullable(),
  assignment: z
    .object({ chauffeurId: z.string(), chauffeurName: z.string().nullable(), vehicleId: z.string().nullable(), vehicleName: z.string().nullable(), car: rideCarSchema.nullable().describe("The car sent, once dispatch has chosen one") })
    .nullable(),
  cancellation: z.object({ at: z.string(), by: z.string().nullable(), reason: z.string().nullable(), feeUsd: z.number().nullable() }).nullable(),
  timeline: z
    .array(z.object({ id: z.string(), at: z.string(), from: z.string().nullable(), to: z.string(), actorName: z.string().nullable(), actorRole: z.string(), note: z.string().nullable() }))
    .describe("Every status change, oldest first: who and when"),
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;
/** A booking as the admin detail shows it (after a move, an assignment, a cancellation). */
export const adminBookingResponseSchema = z.object({ booking: adminBookingDetailSchema });

export const adminTicketRowSchema = z.object({
  id: z.string(),
  ticketCode: z.string(),
  status: z.string(),
  createdAt: z.string(),
  plate: z.string().nullable(),
  keyTag: z.string().nullable(),
  bookingId: z.string().nullable(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  service: z.string().nullable(),
  bookingDate: z.string().nullable(),
  event: z.string().nullable().describe("The linked booking's event (valet)"),
  location: z.string().nullable(),
  time: z.string().nullable(),
  valetStatus: z.string().nullable().describe("Set on a valet car's claim ticket"),
  car: z.string().nullable(),
});
export type AdminTicketRow = z.infer<typeof adminTicketRowSchema>;
export const adminTicketsPageSchema = pagedSchema("tickets", adminTicketRowSchema);
export const adminTicketResponseSchema = z.object({ ticket: adminTicketRowSchema });
