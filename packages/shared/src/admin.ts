// Admin back-office inputs (queries and bodies), shared by the admin screens and the /api/admin routes.
import { z } from "zod";
import { fullNameSchema, roles } from "./auth";
import { bookingSummarySchema } from "./booking";
import { calendarDateSchema } from "./booking-time";
import { emailSchema } from "./email";
import { bookingStatuses, ticketStatuses } from "./booking-status";
import { valetStatuses } from "./valet-ticket";
import { phoneSchema, profileSchema } from "./profile";
export type { AdminBookingDetail, AdminTicketRow } from "./bookings/answers";
export type { AdminAuditEntry, AdminAuditPage, AdminOverview, AdminReports, OverdueRide, RevenueFigures } from "./reports/answers";

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
const adminEmail = emailSchema({ lowercase: true });

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
/** POST /api/admin/users (201) and PATCH /api/admin/users/:id. */
export const adminUserResponseSchema = z.object({ user: adminUserSchema });

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


// ---- Overview, reports, audit

// ---- Reports (from the money actually taken: payments, refunds, tips; and the funnel's counts)
export const adminReportsQuerySchema = z
  .object({ from: optionalQuery(isoDate), to: optionalQuery(isoDate) })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ["to"], message: "The end date must be on or after the start date." });
export type AdminReportsQuery = z.infer<typeof adminReportsQuerySchema>;


/** The report cards that download as CSV: GET /api/admin/reports/<card>.csv?from=&to= */
export const reportCsvCards = ["revenue-by-service", "revenue-by-vehicle-type", "tips", "payouts", "funnel", "coupons"] as const;
export type ReportCsvCard = (typeof reportCsvCards)[number];

export const adminAuditQuerySchema = z.object({ page, pageSize });

export const uuidParamSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
