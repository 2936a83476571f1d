// The valet domain's answers (zod): what /api/valet, /api/claim, /api/valet/quotes and the admin's valet screens send
// back, for the server's route({ responses }) and the types both apps use (each type below is inferred from its schema).
import { z } from "zod";
import { pagedSchema } from "../admin";
import { quotePlaceSummarySchema } from "../booking";
import { valetQuoteSchema } from "../valet-pricing";
import { valetStatuses } from "../valet-guest";

const OPEN = ["checked_in", "parked", "requested", "retrieving", "ready"] as const;
const count = z.number().int().nonnegative();

export const valetStatusSchema = z.enum(valetStatuses);

export const valetPhotoSchema = z.object({
  id: z.string(),
  takenAt: z.string().describe("When the photo was taken (ISO 8601)"),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  url: z.string().describe("Where the stored JPEG is served (same origin)"),
});
export type ValetPhoto = z.infer<typeof valetPhotoSchema>;

/** The guest's claim page: nothing about other cars, no guest contact details. */
export const claimViewSchema = z.object({
  ticketCode: z.string(),
  status: valetStatusSchema,
  car: z.object({ plate: z.string(), make: z.string(), model: z.string(), colour: z.string() }),
  stand: z.string(),
  requestedAt: z.string().nullable(),
  updatedAt: z.string(),
  estimateMinutes: count.describe("Minutes from request to ready, from recent retrievals at this stand"),
  qrSvg: z.string().describe("The claim link as a QR code (SVG markup)"),
  photos: z.array(valetPhotoSchema),
});
export type ClaimView = z.infer<typeof claimViewSchema>;

/** GET /api/claim/:token and the guest's request. */
export const claimResponseSchema = z.object({ claim: claimViewSchema });

export const valetTicketSchema = z.object({
  id: z.string(),
  ticketCode: z.string(),
  status: valetStatusSchema,
  plate: z.string(),
  make: z.string(),
  model: z.string(),
  colour: z.string(),
  keyTag: z.string(),
  stand: z.string(),
  stall: z.string().nullable(),
  guestPhone: z.string().nullable(),
  guestEmail: z.string().nullable(),
  bookingId: z.string().nullable().describe("The event booking the car was checked in for"),
  assignedTo: z.string().nullable(),
  requestedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  photos: z.array(valetPhotoSchema),
  nextStatuses: z.array(valetStatusSchema).describe("The moves an attendant may make from here"),
});
export type ValetTicket = z.infer<typeof valetTicketSchema>;

export const timelineEntrySchema = z.object({ from: z.string().nullable(), to: z.string(), at: z.string(), by: z.string() });
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const incidentRowSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  ticketCode: z.string(),
  plate: z.string().nullable(),
  type: z.string(),
  notes: z.string(),
  reportedBy: z.string(),
  createdAt: z.string(),
  photos: z.array(valetPhotoSchema),
});
export type IncidentRow = z.infer<typeof incidentRowSchema>;

/** POST /api/valet/tickets: the new ticket and the guest's claim link. */
export const valetCheckInResponseSchema = z.object({ ticket: valetTicketSchema, claimUrl: z.string().describe("The guest's claim page") });
export type ValetCheckInResult = z.infer<typeof valetCheckInResponseSchema>;
/** A ticket as now (a move, photos added). */
export const valetTicketResponseSchema = z.object({ ticket: valetTicketSchema });
/** GET /api/valet/tickets/:id. */
export const valetTicketTimelineResponseSchema = z.object({ ticket: valetTicketSchema, timeline: z.array(timelineEntrySchema) });
/** POST /api/valet/tickets/:id/incidents. */
export const incidentResponseSchema = z.object({ incident: incidentRowSchema });
/** GET /api/valet/queue: the retrieval queue and the cars in the lot. */
export const valetQueueSchema = z.object({ queue: z.array(valetTicketSchema), lot: z.array(valetTicketSchema) });
export type ValetQueue = z.infer<typeof valetQueueSchema>;

/** One of today's valet bookings at a stand, as the check-in picker lists it. */
export const todaysValetBookingSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  eventType: z.string(),
  placeName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  carsCheckedIn: count.describe("Cars already checked in for it"),
  expectedVehicles: count,
});
export type TodaysValetBooking = z.infer<typeof todaysValetBookingSchema>;
export const todaysValetBookingsResponseSchema = z.object({ bookings: z.array(todaysValetBookingSchema) });
export const valetStandsResponseSchema = z.object({ stands: z.array(z.string()) });

/** The answer to POST /api/valet/quotes: the quote plus its signed, expiring id (a valet id books valet only). */
export const valetQuoteResponseSchema = z.object({
  quoteId: z.string().describe("The signed quote id: book it with POST /api/bookings, service valet"),
  expiresAt: z.string(),
  quote: valetQuoteSchema,
  eventPlace: quotePlaceSummarySchema,
  coupon: z.object({ code: z.string(), message: z.string() }).optional().describe("A code that could not be applied, and why"),
});
export type ValetQuoteResponse = z.infer<typeof valetQuoteResponseSchema>;

// ---- The admin's valet screens

/** GET /api/admin/incidents: incidents, newest first. */
export const incidentsPageSchema = pagedSchema("incidents", incidentRowSchema);

/** GET /api/admin/tickets/:id/valet. */
export const ticketHistoryResponseSchema = z.object({ ticket: valetTicketSchema, timeline: z.array(timelineEntrySchema), incidents: z.array(incidentRowSchema) });

const minutes = z.number().nonnegative().nullable();
const retrievalRow = { count, p50ReadyMinutes: minutes, p90ReadyMinutes: minutes, p50DeliveredMinutes: minutes, p90DeliveredMinutes: minutes };
export const retrievalFiguresSchema = z.object({
  byDay: z.array(z.object({ day: z.string(), ...retrievalRow })),
  byStand: z.array(z.object({ stand: z.string(), ...retrievalRow })),
});
export type RetrievalFigures = z.infer<typeof retrievalFiguresSchema>;

/** GET /api/admin/valet/board: open tickets by status and retrieval times. */
export const lotBoardSchema = z.object({
  counts: z.object(Object.fromEntries(OPEN.map((s) => [s, count])) as Record<(typeof OPEN)[number], typeof count>),
  tickets: z.array(valetTicketSchema),
  retrieval: retrievalFiguresSchema,
});
export type LotBoard = z.infer<typeof lotBoardSchema>;
