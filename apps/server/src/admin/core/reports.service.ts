// The admin Reports from the money actually taken: revenue (captured - refunded, from payments of kind
// 'booking' and payment_refunds) by service and by vehicle type, tips (payments of kind 'tip'), payouts owed
// to staff from tips (tip_allocations not yet paid out, net of the tip's refunds pro rata), the booking funnel
// (quote_counts -> bookings -> completed) and coupon performance (coupon_redemptions with those bookings' net
// revenue); each as CSV too.
// Dates (the range is inclusive, both ends optional): money by the service date (bookings.booking_date); the
// funnel and coupon uses by the day quoted or booked (a booking's created_at on the operations clock: the time zone
// of Settings -> Operations).
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { AdminReports, AdminReportsQuery, ReportCsvCard, RevenueFigures } from "@meridian/shared/admin";
import type { Db } from "../../db/client";
import { bookings, couponRedemptions, coupons, paymentRefunds, payments, quoteCounts, tipAllocations, user, vehicleTypes } from "../../db/schema";
import { getOperationsSettings } from "../../settings/settings.service";
import { csvField } from "../../bookings";
import { formatMoney } from "@meridian/shared/money";

const SERVICES = ["ride", "valet"];
const usd = (cents: number) => Math.round(cents) / 100;
/** sum() of integers is a bigint, which drivers hand back as a string. */
const int = (v: string | number | null | undefined) => Number(v ?? 0);
const sumOf = (expr: SQL | SQL.Aliased | unknown) => sql<string>`coalesce(sum(${expr}), 0)`;

/** A column of dates (or a date expression) within the range. */
function inRange(column: SQL | typeof bookings.bookingDate | typeof quoteCounts.day, range: AdminReportsQuery): SQL | undefined {
  const parts = [
    range.from ? sql`${column} >= cast(${range.from} as date)` : undefined,
    range.to ? sql`${column} <= cast(${range.to} as date)` : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length ? and(...parts) : undefined;
}

/** The date of a timestamp column on the operations clock ("YYYY-MM-DD" compares as a date). */
const localDay = (column: typeof bookings.createdAt, timeZone: string) => sql`(${column} at time zone ${timeZone})::date`;

/** Refunds recorded per payment (an admin's refunds); the provider's own figure wins when larger (a refund made elsewhere). */
function refundsByPayment(db: Db) {
  return db
    .select({ paymentId: paymentRefunds.paymentId, cents: sql<string>`sum(${paymentRefunds.amountCents})`.as("refund_cents") })
    .from(paymentRefunds)
    .groupBy(paymentRefunds.paymentId)
    .as("refunds");
}

function figures(captured: string | number, refunded: string | number, n: number): RevenueFigures {
  const c = int(captured);
  const r = int(refunded);
  return { capturedUsd: usd(c), refundedUsd: usd(r), netUsd: usd(c - r), bookings: n };
}

export async function getReports(db: Db, range: AdminReportsQuery = {}): Promise<AdminReports> {
  const refunds = refundsByPayment(db);
  const captured = sumOf(payments.capturedCents);
  const refunded = sumOf(sql`greatest(${payments.refundedCents}, coalesce(${refunds.cents}, 0))`);
  const servedInRange = inRange(bookings.bookingDate, range);
  /** Payments of one kind that took money, for bookings served in the range. */
  const tookMoney = (kind: "booking" | "tip") => and(eq(payments.kind, kind), sql`${payments.capturedCents} > 0`, servedInRange);
  const bookingCount = sql<number>`cast(count(distinct ${bookings.id}) as integer)`;
  /** What payments of one kind took, net of refunds, by service; `n` counts the bookings or the payments. */
  const takenByService = (kind: "booking" | "tip", n: SQL<number>) =>
    db
      .select({ service: bookings.service, captured, refunded, n })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .leftJoin(refunds, eq(refunds.paymentId, payments.id))
      .where(tookMoney(kind))
      .groupBy(bookings.service)
      .orderBy(bookings.service);

  // Each booking's net revenue (for the coupon card).
  const netByBooking = db
    .select({
      bookingId: payments.bookingId,
      net: sql<string>`sum(${payments.capturedCents}) - sum(greatest(${payments.refundedCents}, coalesce(${refunds.cents}, 0)))`.as("net_cents"),
    })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(eq(payments.kind, "booking"))
    .groupBy(payments.bookingId)
    .as("booking_net");

  const { timeZone } = await getOperationsSettings(db);
  const bookedInRange = inRange(localDay(bookings.createdAt, timeZone), range);
  const [byService, byVehicle, tipRows, owed, quoteRows, bookingRows, couponRows] = await Promise.all([
    takenByService("booking", bookingCount),
    db
      .select({ vehicleTypeId: bookings.vehicleTypeId, name: vehicleTypes.name, captured, refunded, n: bookingCount })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .leftJoin(refunds, eq(refunds.paymentId, payments.id))
      .leftJoin(vehicleTypes, eq(vehicleTypes.id, bookings.vehicleTypeId))
      .where(tookMoney("booking"))
      .groupBy(bookings.vehicleTypeId, vehicleTypes.name),
    takenByService("tip", sql<number>`cast(count(*) as integer)`),
    db
      // A share of what is left of the tip after its refunds (a fully refunded tip is owed to nobody).
      .select({ staffId: tipAllocations.staffId, name: user.name, cents: sumOf(sql`round(${tipAllocations.amountCents} * (${payments.capturedCents} - ${payments.refundedCents})::numeric / ${payments.capturedCents})`), n: sql<number>`cast(count(*) as integer)` })
      .from(tipAllocations)
      .innerJoin(payments, eq(payments.id, tipAllocations.paymentId))
      .leftJoin(user, eq(user.id, tipAllocations.staffId))
      .leftJoin(bookings, eq(bookings.id, tipAllocations.bookingId))
      .where(and(isNull(tipAllocations.paidOutAt), inArray(payments.status, ["succeeded"]), sql`${payments.capturedCents} > ${payments.refundedCents}`, servedInRange))
      .groupBy(tipAllocations.staffId, user.name),
    db
      .select({ service: quoteCounts.service, quotes: sumOf(quoteCounts.quotes), withCoupon: sumOf(quoteCounts.withCoupon) })
      .from(quoteCounts)
      .where(inRange(quoteCounts.day, range))
      .groupBy(quoteCounts.service),
    db
      .select({
        service: bookings.service,
        n: sql<number>`cast(count(*) as integer)`,
        completed: sql<number>`cast(count(*) filter (where ${bookings.status} = 'completed') as integer)`,
      })
      .from(bookings)
      .where(bookedInRange)
      .groupBy(bookings.service),
    db
      .select({
        code: coupons.code,
        n: sql<number>`cast(count(*) as integer)`,
        discount: sumOf(couponRedemptions.discountCents),
        revenue: sumOf(netByBooking.net),
      })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .innerJoin(bookings, eq(bookings.id, couponRedemptions.bookingId))
      .leftJoin(netByBooking, eq(netByBooking.bookingId, couponRedemptions.bookingId))
      .where(bookedInRange)
      .groupBy(coupons.code)
      .orderBy(coupons.code),
  ]);

  const revenueByService = byService.map((r) => ({ service: r.service, ...figures(r.captured, r.refunded, r.n) }));
  const tipsByService = tipRows.map((r) => ({ service: r.service, totalUsd: usd(int(r.captured) - int(r.refunded)), count: r.n }));
  const byStaff = owed
    .map((r) => ({ staffId: r.staffId, name: r.name ?? "Former staff member", owedUsd: usd(int(r.cents)), tips: r.n }))
    .sort((a, b) => b.owedUsd - a.owedUsd || a.name.localeCompare(b.name));
  const quotesOf = new Map(quoteRows.map((r) => [r.service, r]));
  const bookingsOf = new Map(bookingRows.map((r) => [r.service, r]));
  const funnelByService = [...new Set([...SERVICES, ...quotesOf.keys(), ...bookingsOf.keys()])].map((service) => ({
    service,
    quotes: int(quotesOf.get(service)?.quotes),
    quotesWithCoupon: int(quotesOf.get(service)?.withCoupon),
    bookings: bookingsOf.get(service)?.n ?? 0,
    completed: bookingsOf.get(service)?.completed ?? 0,
  }));
  const byCode = couponRows.map((r) => ({ code: r.code, redemptions: r.n, discountUsd: usd(int(r.discount)), revenueUsd: usd(int(r.revenue)) }));
  const sum = <T>(rows: T[], get: (r: T) => number) => rows.reduce((s, r) => s + get(r), 0);

  return {
    range: { from: range.from ?? null, to: range.to ?? null },
    revenue: figures(
      sum(byService, (r) => int(r.captured)),
      sum(byService, (r) => int(r.refunded)),
      sum(byService, (r) => r.n),
    ),
    revenueByService,
    revenueByVehicleType: byVehicle
      .map((r) => ({
        vehicleTypeId: r.vehicleTypeId,
        name: r.name ?? (r.vehicleTypeId ? "Unknown vehicle" : "No vehicle (valet)"),
        ...figures(r.captured, r.refunded, r.n),
      }))
      .sort((a, b) => b.netUsd - a.netUsd || a.name.localeCompare(b.name)),
    tips: { totalUsd: usd(sum(tipsByService, (r) => Math.round(r.totalUsd * 100))), count: sum(tipsByService, (r) => r.count), byService: tipsByService },
    payouts: { owedUsd: usd(sum(byStaff, (r) => Math.round(r.owedUsd * 100))), byStaff },
    funnel: {
      quotes: sum(funnelByService, (r) => r.quotes),
      quotesWithCoupon: sum(funnelByService, (r) => r.quotesWithCoupon),
      bookings: sum(funnelByService, (r) => r.bookings),
      completed: sum(funnelByService, (r) => r.completed),
      byService: funnelByService,
    },
    coupons: {
      redemptions: sum(byCode, (r) => r.redemptions),
      discountUsd: usd(sum(byCode, (r) => Math.round(r.discountUsd * 100))),
      revenueUsd: usd(sum(byCode, (r) => Math.round(r.revenueUsd * 100))),
      byCode,
    },
  };
}

// ---- CSV: one file per card, the same figures as the page, written as the page writes them ("$1,685.00").
const money = formatMoney;
type Table = { header: string[]; rows: (string | number | null)[][] };

function tableOf(card: ReportCsvCard, r: AdminReports): Table {
  const revenueColumns = ["Bookings", "Captured (USD)", "Refunded (USD)", "Net revenue (USD)"];
  const revenueCells = (f: RevenueFigures) => [f.bookings, money(f.capturedUsd), money(f.refundedUsd), money(f.netUsd)];
  switch (card) {
    case "revenue-by-service":
      return {
        header: ["Service", ...revenueColumns],
        rows: [...r.revenueByService.map((x) => [x.service, ...revenueCells(x)]), ["Total", ...revenueCells(r.revenue)]],
      };
    case "revenue-by-vehicle-type":
      return { header: ["Vehicle type", ...revenueColumns], rows: r.revenueByVehicleType.map((x) => [x.name, ...revenueCells(x)]) };
    case "tips":
      return { header: ["Service", "Tips", "Tips (USD)"], rows: [...r.tips.byService.map((x) => [x.service, x.count, money(x.totalUsd)]), ["Total", r.tips.count, money(r.tips.totalUsd)]] };
    case "payouts":
      return {
        header: ["Staff member", "Staff ID", "Tips", "Owed (USD)"],
        rows: [...r.payouts.byStaff.map((x) => [x.name, x.staffId, x.tips, money(x.owedUsd)]), ["Total", null, null, money(r.payouts.owedUsd)]],
      };
    case "funnel":
      return {
        header: ["Service", "Quotes", "Quotes with a coupon", "Bookings", "Completed"],
        rows: [
          ...r.funnel.byService.map((x) => [x.service, x.quotes, x.quotesWithCoupon, x.bookings, x.completed]),
          ["Total", r.funnel.quotes, r.funnel.quotesWithCoupon, r.funnel.bookings, r.funnel.completed],
        ],
      };
    case "coupons":
      return {
        header: ["Code", "Redemptions", "Discount given (USD)", "Net revenue of those bookings (USD)"],
        rows: [...r.coupons.byCode.map((x) => [x.code, x.redemptions, money(x.discountUsd), money(x.revenueUsd)]), ["Total", r.coupons.redemptions, money(r.coupons.discountUsd), money(r.coupons.revenueUsd)]],
      };
  }
}

/** One card's figures as CSV (with a byte-order mark, so spreadsheets read it as UTF-8). */
export function reportCsv(card: ReportCsvCard, reports: AdminReports): string {
  const { header, rows } = tableOf(card, reports);
  return "\uFEFF" + [header, ...rows].map((row) => `${row.map((v) => csvField(v)).join(",")}\r\n`).join("");
}
