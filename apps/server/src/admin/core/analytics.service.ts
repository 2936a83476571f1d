// The Overview's analytics: bookings, revenue, quote -> booking conversion, valet retrieval time and on-time
// pickups per day of the last 7, 30 or 90 days on the operations clock (what each figure counts:
// packages/shared/src/analytics.ts). Five grouped queries, each over an indexed time range; the days without
// rows are filled with zeros here.
import { sql } from "drizzle-orm";
import { analyticsTable, ratio, type AdminAnalytics, type AnalyticsDay, type AnalyticsPeriod, type AnalyticsService } from "@meridian/shared/analytics";
import { addDays, wallClock, zonedInstant } from "@meridian/shared/zoned-time";
import { executeRows, type Db } from "../../db/client";
import { getOperationsSettings } from "../../settings/settings.service";
import { csvField } from "../../bookings";

const int = (v: unknown) => Number(v ?? 0);
const cents = (v: unknown) => Math.round(Number(v ?? 0));
const usd = (c: number) => Math.round(c) / 100;
/** Mean minutes to one decimal, from a sum of seconds over `n`. */
const meanMinutes = (secs: number, n: number) => (n > 0 ? Math.round((secs / n / 60) * 10) / 10 : null);
const isService = (s: unknown): s is AnalyticsService => s === "ride" || s === "valet";

/** The period's days ("YYYY-MM-DD", oldest first) ending today on the operations clock, and its instants [start, end). */
export function analyticsWindow(days: AnalyticsPeriod, timeZone: string, now: Date = new Date()) {
  const to = wallClock(now, timeZone).date;
  const from = addDays(to, -(days - 1));
  const list = Array.from({ length: days }, (_, i) => addDays(from, i));
  return { from, to, days: list, start: zonedInstant(from, "00:00", timeZone), end: zonedInstant(addDays(to, 1), "00:00", timeZone) };
}

export async function getAnalytics(db: Db, days: AnalyticsPeriod, now: Date = new Date()): Promise<AdminAnalytics> {
  const { timeZone } = await getOperationsSettings(db);
  const w = analyticsWindow(days, timeZone, now);
  const start = sql`cast(${w.start.toISOString()} as timestamptz)`;
  const end = sql`cast(${w.end.toISOString()} as timestamptz)`;
  const from = sql`cast(${w.from} as date)`;
  const to = sql`cast(${w.to} as date)`;
  const localDay = (column: string) => sql`to_char(${sql.raw(column)} at time zone ${timeZone}, 'YYYY-MM-DD')`;

  const [made, money, quoted, handedBack, pickups] = await Promise.all([
    executeRows(
      db,
      sql`select ${localDay("created_at")} as day, service, count(*)::int as n,
            count(*) filter (where cancelled_at is not null or status = 'cancelled')::int as cancelled
          from bookings where created_at >= ${start} and created_at < ${end} group by 1, 2`,
    ),
    // Captured minus refunded, the refunds as Reports count them (the provider's figure or the admin's refunds, the larger).
    executeRows(
      db,
      sql`select to_char(b.booking_date, 'YYYY-MM-DD') as day, b.service,
            sum(p.captured_cents) - sum(greatest(p.refunded_cents, coalesce(r.cents, 0))) as net
          from payments p
          join bookings b on b.id = p.booking_id
          left join (select payment_id, sum(amount_cents) as cents from payment_refunds group by payment_id) r on r.payment_id = p.id
          where p.kind = 'booking' and p.captured_cents > 0 and b.booking_date >= ${from} and b.booking_date <= ${to}
          group by 1, 2`,
    ),
    executeRows(db, sql`select to_char(day, 'YYYY-MM-DD') as day, service, sum(quotes) as n from quote_counts where day >= ${from} and day <= ${to} group by 1, 2`),
    executeRows(
      db,
      sql`select ${localDay("requested_at")} as day, count(*)::int as n, sum(extract(epoch from delivered_at - requested_at)) as secs
          from valet_retrievals where delivered_at is not null and requested_at >= ${start} and requested_at < ${end} group by 1`,
    ),
    executeRows(
      db,
      sql`select ${localDay("b.pickup_at")} as day, count(*)::int as n, count(*) filter (where e.arrived <= b.pickup_at)::int as on_time
          from bookings b
          join (select booking_id, min(created_at) as arrived from booking_events where to_status = 'on_location' group by booking_id) e on e.booking_id = b.id
          where b.service = 'ride' and b.pickup_at >= ${start} and b.pickup_at < ${end} group by 1`,
    ),
  ]);

  const byDay = new Map<string, AnalyticsDay & { retrievalSecs: number }>(
    w.days.map((day) => [
      day,
      { day, bookings: { ride: 0, valet: 0 }, cancelled: 0, revenueUsd: { ride: 0, valet: 0 }, quotes: { ride: 0, valet: 0 }, retrievals: 0, retrievalMinutes: null, retrievalSecs: 0, pickups: 0, onTimePickups: 0 },
    ]),
  );
  const revenueCents = new Map<string, number>();
  for (const r of made) {
    const d = byDay.get(String(r.day));
    if (!d || !isService(r.service)) continue;
    d.bookings[r.service] += int(r.n);
    d.cancelled += int(r.cancelled);
  }
  for (const r of money) {
    const d = byDay.get(String(r.day));
    if (!d || !isService(r.service)) continue;
    revenueCents.set(`${d.day}|${r.service}`, cents(r.net));
    d.revenueUsd[r.service] = usd(cents(r.net));
  }
  for (const r of quoted) {
    const d = byDay.get(String(r.day));
    if (d && isService(r.service)) d.quotes[r.service] += int(r.n);
  }
  for (const r of handedBack) {
    const d = byDay.get(String(r.day));
    if (!d) continue;
    d.retrievals = int(r.n);
    d.retrievalSecs = Number(r.secs ?? 0);
    d.retrievalMinutes = meanMinutes(d.retrievalSecs, d.retrievals);
  }
  for (const r of pickups) {
    const d = byDay.get(String(r.day));
    if (!d) continue;
    d.pickups = int(r.n);
    d.onTimePickups = int(r.on_time);
  }

  const list = [...byDay.values()];
  const sum = (get: (d: (typeof list)[number]) => number) => list.reduce((s, d) => s + get(d), 0);
  const centsOf = (service: AnalyticsService) => [...revenueCents].filter(([k]) => k.endsWith(`|${service}`)).reduce((s, [, c]) => s + c, 0);
  const bookings = { ride: sum((d) => d.bookings.ride), valet: sum((d) => d.bookings.valet) };
  const quotes = { ride: sum((d) => d.quotes.ride), valet: sum((d) => d.quotes.valet) };
  const retrievals = sum((d) => d.retrievals);
  const pickupCount = sum((d) => d.pickups);
  const onTime = sum((d) => d.onTimePickups);
  return {
    days,
    from: w.from,
    to: w.to,
    timeZone,
    daily: list.map(({ retrievalSecs: _secs, ...d }) => d),
    totals: {
      bookings: { ...bookings, total: bookings.ride + bookings.valet },
      cancelled: sum((d) => d.cancelled),
      revenueUsd: { ride: usd(centsOf("ride")), valet: usd(centsOf("valet")), total: usd(centsOf("ride") + centsOf("valet")) },
      quotes: { ...quotes, total: quotes.ride + quotes.valet },
      conversion: {
        ride: ratio(bookings.ride, quotes.ride),
        valet: ratio(bookings.valet, quotes.valet),
        total: ratio(bookings.ride + bookings.valet, quotes.ride + quotes.valet),
      },
      retrievals,
      retrievalMinutes: meanMinutes(sum((d) => d.retrievalSecs), retrievals),
      pickups: pickupCount,
      onTimePickups: onTime,
      onTimeRate: ratio(onTime, pickupCount),
    },
  };
}

/** The analytics as CSV (a byte-order mark, so spreadsheets read UTF-8): a row per day, then the totals. */
export function analyticsCsv(a: AdminAnalytics): string {
  const { header, rows } = analyticsTable(a);
  return "\uFEFF" + [header, ...rows].map((row) => `${row.map((v) => csvField(v)).join(",")}\r\n`).join("");
}
