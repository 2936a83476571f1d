// The Overview's analytics (GET /api/admin/analytics?days=7|30|90): per day of the last 7, 30 or 90 days on the
// operations clock (today included), by service. What each figure counts:
// - bookings: bookings made that day (their created time on the operations clock), whatever became of them;
//   `cancelled` counts those of them cancelled since (a cancelled booking was still made: the conversion keeps it);
// - revenue: the bookings' own charges captured net of refunds, by the service date (as Reports count it, so the
//   period's total equals Reports' revenue for the same dates; tips are apart, in Reports);
// - quotes: quotes answered that day (the quote counter's days); conversion = bookings made / quotes answered;
// - retrieval: valet cars handed back, by the day requested; the time from the guest's request to the handover;
// - pickups: rides whose chauffeur reached the pickup, by the pickup's day; on time = on location by the pickup time.
import { z } from "zod";
import { formatMoney } from "./money";

export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];
export const ANALYTICS_PERIOD_MESSAGE = "Choose a period of 7, 30 or 90 days.";

export const adminAnalyticsQuerySchema = z.object({
  days: z
    .enum(["7", "30", "90"], { error: ANALYTICS_PERIOD_MESSAGE })
    .optional()
    .transform((v) => Number(v ?? "30") as AnalyticsPeriod),
});
export type AdminAnalyticsQuery = z.input<typeof adminAnalyticsQuerySchema>;

export const analyticsServices = ["ride", "valet"] as const;
export type AnalyticsService = (typeof analyticsServices)[number];

import type { AdminAnalytics, AnalyticsDay } from "./reports/answers";
export type { AdminAnalytics, AnalyticsDay };

/** Bookings per quote, or null when nothing was quoted. */
export const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** "42.9%" (one decimal), or an em dash for no figure. */
export const percentLabel = (r: number | null): string => (r === null ? "—" : `${(Math.round(r * 1000) / 10).toFixed(1)}%`);

/** "12.5 min", or an em dash. */
export const minutesLabel = (m: number | null): string => (m === null ? "—" : `${m.toFixed(1)} min`);

/** The rows of the analytics CSV and the screen-reader table: one per day, then the totals. */
export function analyticsTable(a: AdminAnalytics): { header: string[]; rows: (string | number)[][] } {
  const money = (n: number) => formatMoney(n);
  const minutes = (m: number | null) => (m === null ? "" : m.toFixed(1));
  const percent = (r: number | null) => (r === null ? "" : (Math.round(r * 1000) / 10).toFixed(1));
  const header = [
    "Day",
    "Ride bookings",
    "Valet bookings",
    "Cancelled",
    "Ride revenue (USD)",
    "Valet revenue (USD)",
    "Ride quotes",
    "Valet quotes",
    "Conversion (%)",
    "Cars handed back",
    "Average retrieval (min)",
    "Pickups",
    "On time",
  ];
  const row = (label: string, d: Omit<AnalyticsDay, "day">) => [
    label,
    d.bookings.ride,
    d.bookings.valet,
    d.cancelled,
    money(d.revenueUsd.ride),
    money(d.revenueUsd.valet),
    d.quotes.ride,
    d.quotes.valet,
    percent(ratio(d.bookings.ride + d.bookings.valet, d.quotes.ride + d.quotes.valet)),
    d.retrievals,
    minutes(d.retrievalMinutes),
    d.pickups,
    d.onTimePickups,
  ];
  return { header, rows: [...a.daily.map((d) => row(d.day, d)), row("Total", a.totals)] };
}
