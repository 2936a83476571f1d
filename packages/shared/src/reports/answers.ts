// The reports domain's answers (zod): the admin overview, the money reports, the daily analytics and the audit
// log, as the API sends them. The types in admin.ts and analytics.ts are inferred from these schemas.
import { z } from "zod";

const count = z.number().int().nonnegative();
const usd = z.number().describe("US dollars");

export const overdueRideSchema = z.object({ id: z.string(), pickupAt: z.string(), pickup: z.string(), customerName: z.string(), status: z.string() });
export type OverdueRide = z.infer<typeof overdueRideSchema>;
/** GET /api/admin/overview. */
export const adminOverviewSchema = z.object({
  counts: z.object({ users: count, bookings: count, pendingBookings: count, activeTickets: count, revenue: usd }),
  recent: z.array(z.object({ type: z.enum(["booking", "signup"]), at: z.string(), text: z.string(), id: z.string() })),
  overdueRides: z.array(overdueRideSchema).describe("Rides still pending or confirmed whose pickup time has passed, soonest pickup first"),
  nextPickupAt: z.string().nullable().describe("The next pending or confirmed ride's pickup"),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** Money per group: captured, refunded, and net (captured - refunded), in dollars. */
const revenueFields = { capturedUsd: usd, refundedUsd: usd, netUsd: usd, bookings: count };
export const revenueFiguresSchema = z.object(revenueFields);
export type RevenueFigures = z.infer<typeof revenueFiguresSchema>;
const funnelFields = { quotes: count, quotesWithCoupon: count, bookings: count, completed: count };
const couponFields = { redemptions: count, discountUsd: usd, revenueUsd: usd };
/** GET /api/admin/reports. */
export const adminReportsSchema = z.object({
  range: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  revenue: revenueFiguresSchema.describe("Bookings' own charges, by the service date"),
  revenueByService: z.array(z.object({ service: z.string(), ...revenueFields })),
  revenueByVehicleType: z.array(z.object({ vehicleTypeId: z.string().nullable(), name: z.string(), ...revenueFields })),
  tips: z.object({ totalUsd: usd, count, byService: z.array(z.object({ service: z.string(), totalUsd: usd, count })) }),
  payouts: z.object({ owedUsd: usd, byStaff: z.array(z.object({ staffId: z.string().nullable(), name: z.string(), owedUsd: usd, tips: count })) }),
  funnel: z.object({ ...funnelFields, byService: z.array(z.object({ service: z.string(), ...funnelFields })) }),
  coupons: z.object({ ...couponFields, byCode: z.array(z.object({ code: z.string(), ...couponFields })) }),
});
export type AdminReports = z.infer<typeof adminReportsSchema>;

const byService = <T extends z.ZodType>(t: T) => z.object({ ride: t, valet: t });
const withTotal = <T extends z.ZodType>(t: T) => z.object({ ride: t, valet: t, total: t });
export const analyticsDaySchema = z.object({
  day: z.string().describe("YYYY-MM-DD on the operations clock"),
  bookings: byService(count),
  cancelled: count,
  revenueUsd: byService(usd),
  quotes: byService(count),
  retrievals: count,
  retrievalMinutes: z.number().nonnegative().nullable(),
  pickups: count,
  onTimePickups: count,
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;
/** GET /api/admin/analytics. */
export const adminAnalyticsSchema = z.object({
  days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  daily: z.array(analyticsDaySchema),
  totals: z.object({
    bookings: withTotal(count),
    cancelled: count,
    revenueUsd: withTotal(usd),
    quotes: withTotal(count),
    conversion: withTotal(z.number().min(0).nullable()).describe("Bookings made per quote answered (null with no quotes)"),
    retrievals: count,
    retrievalMinutes: z.number().nonnegative().nullable(),
    pickups: count,
    onTimePickups: count,
    onTimeRate: z.number().min(0).max(1).nullable(),
  }),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().describe("The entity before the change (JSON), or null"),
  after: z.unknown().describe("The entity after the change (JSON), or null"),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
/** GET /api/admin/audit: a page of the log, a readable name for each id on it, and the operations time zone. */
export const adminAuditPageSchema = z.object({
  entries: z.array(adminAuditEntrySchema),
  total: count,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  names: z.record(z.string(), z.string()),
  timeZone: z.string(),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;
