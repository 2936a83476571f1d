// Admin back-office inputs (queries and bodies), shared by the admin screens and the /api/admin routes.
import { z } from "zod";
import { fullNameSchema, roles } from "./auth";
import { bookingSummarySchema } from "./booking";
import { calendarDateSchema } from "./booking-time";
import type { BookingDetails } from "./booking-details";
import type { RideCar } from "./fleet-units";
import { bookingStatuses, ticketStatuses } from "./booking-status";
import { valetStatuses } from "./valet-ticket";
import { phoneSchema, profileSchema } from "./profile";

/** Query strings arrive as strings; an empty value means "not given". */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalQuery = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

const searchText = optionalQuery(z.string().trim().max(100, "Search text must be at most 100 characters."));
const isoDate = calendarDateSchema();

export const MAX_PAGE_SIZE = 100;
const page = optionalQuery(z.coerce.number({ error: "Page must be a whole number of at least 1." }).int("Page must be a whole number of at least 1.").min(1, "Page must be a whole number of at least 1.").max(100_000, "Page is too large."));
const pageSize = optionalQuery(
  z.coerce
    .number({ error: `Page size must be between 1 and ${MAX_PAGE_SIZE}.` })
    .int(`Page size must be between 1 and ${MAX_PAGE_SIZE}.`)
    .min(1, `Page size must be between 1 and ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `Page size must be between 1 and ${MAX_PAGE_SIZE}.`),
);

export const roleSchema = z.enum(roles, { error: "Role must be user, valet, chauffeur, dispatcher or admin." });
export const userStatusSchema = z.enum(["active", "inactive"], { error: "Status must be active or inactive." });
const adminEmail = z.string({ error: "Invalid email address" }).trim().toLowerCase().max(254, "Invalid email address").pipe(z.email("Invalid email address"));

// ---- Users
export const adminUsersQuerySchema = z.object({ q: searchText, page, pageSize });
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** The Edit User dialog: every field. */
export const adminUserFormSchema = z.strictObject({
  fullName: fullNameSchema,
  phone: phoneSchema,
  role: roleSchema,
  status: userStatusSchema,
});
export type AdminUserForm = z.infer<typeof adminUserFormSchema>;

/** PATCH /api/admin/users/:id: any subset of the form, at least one field. */
export const adminUpdateUserSchema = adminUserFormSchema
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Send at least one field to change." });
export type AdminUpdateUserInput = z.infer<typeof adminUpdateUserSchema>;

export const adminCreateUserSchema = z.strictObject({ fullName: fullNameSchema, email: adminEmail, role: roleSchema });
export type AdminCreateUserInput = z.infer<typeof adminCreateUserSchema>;

export const adminUserSchema = profileSchema;
export type AdminUser = z.infer<typeof adminUserSchema>;

// ---- Bookings
export const bookingStatusSchema = z.enum(bookingStatuses, {
  error: `Status must be one of ${bookingStatuses.join(", ")}.`,
});

export const adminBookingsQuerySchema = z
  .object({
    q: searchText,
    status: optionalQuery(bookingStatusSchema),
    service: optionalQuery(z.enum(["ride", "valet"], { error: "Service must be ride or valet." })),
    from: optionalQuery(isoDate),
    to: optionalQuery(isoDate),
    page,
    pageSize,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ["to"], message: "The end date must be on or after the start date." });
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;

export const bookingStatusChangeSchema = z.strictObject({ status: bookingStatusSchema });
export type BookingStatusChangeInput = z.infer<typeof bookingStatusChangeSchema>;

export const adminBookingRowSchema = bookingSummarySchema.extend({
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  userId: z.string().nullable(),
  ticketCode: z.string().nullable(),
  /** Valet: the event ("Wedding", or the 'Other' description); ride: null. */
  event: z.string().nullable(),
  /** Valet: the event address; ride: "pickup → dropoff". */
  location: z.string().nullable(),
  /** As people read it. Valet: the event's hours ("5:00 PM – 10:00 PM"); ride: the pickup time ("2:30 PM"). */
  time: z.string().nullable(),
});
export type AdminBookingRow = z.infer<typeof adminBookingRowSchema>;
export type AdminBookingDetail = AdminBookingRow & {
  vehicleTypeId: string | null;
  vehicleName: string | null;
  paymentRef: string | null;
  details: BookingDetails;
  tickets: { id: string; ticketCode: string; status: string; plate: string | null; keyTag: string | null; createdAt: string }[];
  nextStatuses: string[];
  pickupAt: string | null;
  /** car: the car sent (colour, model, plate), once dispatch has chosen one. */
  assignment: { chauffeurId: string; chauffeurName: string | null; vehicleId: string | null; vehicleName: string | null; car: RideCar | null } | null;
  cancellation: { at: string; by: string | null; reason: string | null; feeUsd: number | null } | null;
  /** Every status change, oldest first: who and when. */
  timeline: { id: string; at: string; from: string | null; to: string; actorName: string | null; actorRole: string; note: string | null }[];
};
export type Paged<K extends string, T> = { [P in K]: T[] } & { total: number; page: number; pageSize: number };
/** A page of a list: { <key>: items[], total, page, pageSize }. */
export const pagedSchema = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() } as { [P in K]: z.ZodArray<T> } & {
    total: z.ZodNumber;
    page: z.ZodNumber;
    pageSize: z.ZodNumber;
  });
export const adminUsersPageSchema = pagedSchema("users", adminUserSchema);
export const adminBookingsPageSchema = pagedSchema("bookings", adminBookingRowSchema);

// ---- Tickets
export const adminTicketsQuerySchema = z.object({
  q: searchText,
  status: optionalQuery(z.enum(ticketStatuses, { error: "Status must be active, released or void." })),
  /** A valet car's status (checked_in, parked, requested, ...). */
  valetStatus: optionalQuery(z.enum(valetStatuses, { error: `Valet status must be one of ${valetStatuses.join(", ")}.` })),
  page,
  pageSize,
});
export type AdminTicketsQuery = z.infer<typeof adminTicketsQuerySchema>;

const shortText = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(32, `${label} must be at most 32 characters.`)
    .transform((v) => (v === "" ? null : v))
    .nullable();

export const adminUpdateTicketSchema = z
  .strictObject({
    plate: shortText("Plate").optional(),
    keyTag: shortText("Key tag").optional(),
    status: z.enum(ticketStatuses, { error: "Status must be active, released or void." }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Send at least one field to change." });
export type AdminUpdateTicketInput = z.input<typeof adminUpdateTicketSchema>;

export type AdminTicketRow = {
  id: string;
  ticketCode: string;
  status: string;
  createdAt: string;
  plate: string | null;
  keyTag: string | null;
  bookingId: string | null;
  customerName: string | null;
  customerPhone: string | null;
  service: string | null;
  bookingDate: string | null;
  /** The linked booking's event (valet) and place(s), as in the bookings list. */
  event: string | null;
  location: string | null;
  time: string | null;
  /** Set on a valet car's claim ticket. */
  valetStatus: string | null;
  car: string | null;
};

// ---- Overview, reports, audit
export type AdminOverview = {
  counts: { users: number; bookings: number; pendingBookings: number; activeTickets: number; revenue: number };
  recent: { type: "booking" | "signup"; at: string; text: string; id: string }[];
  /** Rides still pending or confirmed whose pickup time has passed (isOverdueRide), soonest pickup first. */
  overdueRides: OverdueRide[];
  /** The next pending or confirmed ride's pickup: the Overview asks again then, so a ride is flagged the moment it is overdue. */
  nextPickupAt: string | null;
};
export type OverdueRide = { id: string; pickupAt: string; pickup: string; customerName: string; status: string };

// ---- Reports (from the money actually taken: payments, refunds, tips; and the funnel's counts)
export const adminReportsQuerySchema = z
  .object({ from: optionalQuery(isoDate), to: optionalQuery(isoDate) })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ["to"], message: "The end date must be on or after the start date." });
export type AdminReportsQuery = z.infer<typeof adminReportsQuerySchema>;

/** Money per group: captured, refunded, and net (captured - refunded), in dollars. */
export type RevenueFigures = { capturedUsd: number; refundedUsd: number; netUsd: number; bookings: number };

export type AdminReports = {
  range: { from: string | null; to: string | null };
  /** Bookings' own charges (payments of kind 'booking'), by the service date. */
  revenue: RevenueFigures;
  revenueByService: ({ service: string } & RevenueFigures)[];
  revenueByVehicleType: ({ vehicleTypeId: string | null; name: string } & RevenueFigures)[];
  /** Tips (payments of kind 'tip') net of refunds, for services in the range. */
  tips: { totalUsd: number; count: number; byService: { service: string; totalUsd: number; count: number }[] };
  /** Tip shares not yet paid out, per staff member. */
  payouts: { owedUsd: number; byStaff: { staffId: string | null; name: string; owedUsd: number; tips: number }[] };
  /** Quotes answered -> bookings made -> completed, by the day quoted or booked. */
  funnel: {
    quotes: number;
    quotesWithCoupon: number;
    bookings: number;
    completed: number;
    byService: { service: string; quotes: number; quotesWithCoupon: number; bookings: number; completed: number }[];
  };
  /** Codes used in bookings made in the range: uses, discount given, and those bookings' net revenue. */
  coupons: {
    redemptions: number;
    discountUsd: number;
    revenueUsd: number;
    byCode: { code: string; redemptions: number; discountUsd: number; revenueUsd: number }[];
  };
};

/** The report cards that download as CSV: GET /api/admin/reports/<card>.csv?from=&to= */
export const reportCsvCards = ["revenue-by-service", "revenue-by-vehicle-type", "tips", "payouts", "funnel", "coupons"] as const;
export type ReportCsvCard = (typeof reportCsvCards)[number];

export const adminAuditQuerySchema = z.object({ page, pageSize });
export type AdminAuditEntry = {
  id: string;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
};
/** A page of the audit log, with a readable name for each id on it and the operations time zone for its times. */
export type AdminAuditPage = Paged<"entries", AdminAuditEntry> & { names: Record<string, string>; timeZone: string };

export const uuidParamSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
