// Retrieval times: request -> ready and request -> delivered, from valet_retrievals. The p50/p90 per day and
// per stand for the lot board and Reports, and the guest's estimate from recent retrievals at their stand.
import { sql } from "drizzle-orm";
import { DEFAULT_ESTIMATE_MINUTES, type RetrievalFigures } from "@meridian/shared/valet-ticket";
import type { Db } from "../db/client";
import { TtlCache } from "../lib/ttl-cache";
import { getOperationsSettings } from "../settings/settings.service";

const minutes = (v: unknown) => (v === null || v === undefined ? null : Math.round((Number(v) / 60) * 10) / 10);

const figures = sql`count(*)::int as count,
  percentile_cont(0.5) within group (order by extract(epoch from ready_at - requested_at)) filter (where ready_at is not null) as p50_ready,
  percentile_cont(0.9) within group (order by extract(epoch from ready_at - requested_at)) filter (where ready_at is not null) as p90_ready,
  percentile_cont(0.5) within group (order by extract(epoch from delivered_at - requested_at)) filter (where delivered_at is not null) as p50_delivered,
  percentile_cont(0.9) within group (order by extract(epoch from delivered_at - requested_at)) filter (where delivered_at is not null) as p90_delivered`;

type FigureRow = { key: string; count: number; p50_ready: unknown; p90_ready: unknown; p50_delivered: unknown; p90_delivered: unknown };
const shape = (r: FigureRow) => ({
  count: Number(r.count),
  p50ReadyMinutes: minutes(r.p50_ready),
  p90ReadyMinutes: minutes(r.p90_ready),
  p50DeliveredMinutes: minutes(r.p50_delivered),
  p90DeliveredMinutes: minutes(r.p90_delivered),
});

/** Retrievals that reached ready or delivered in the last `days` days (days on the operations clock). */
export async function retrievalFigures(db: Db, days = 14): Promise<RetrievalFigures> {
  const done = sql`from valet_retrievals where requested_at > now() - make_interval(days => ${days}) and (ready_at is not null or delivered_at is not null)`;
  const { timeZone } = await getOperationsSettings(db);
  const [byDay, byStand] = await Promise.all([
    db.execute(sql`select to_char(requested_at at time zone ${timeZone}, 'YYYY-MM-DD') as key, ${figures} ${done} group by 1 order by 1 desc`),
    db.execute(sql`select stand as key, ${figures} ${done} group by 1 order by 1`),
  ]);
  const rows = (r: unknown) => ((r as { rows?: FigureRow[] }).rows ?? (r as FigureRow[]));
  return {
    byDay: rows(byDay).map((r) => ({ day: r.key, ...shape(r) })),
    byStand: rows(byStand).map((r) => ({ stand: r.key, ...shape(r) })),
  };
}

const ESTIMATE_TTL_MS = 30_000;
const estimates = new TtlCache<number>({ ttlMs: ESTIMATE_TTL_MS });

/**
 * Minutes a guest at `stand` can expect from request to ready: the median of the last 20 retrievals there in
 * the past 14 days (all stands when this one has none yet), rounded up; DEFAULT_ESTIMATE_MINUTES with no history.
 * Kept for 30 s per database and stand (a TtlCache, the server's one cache class), so a burst of claim pages costs one query.
 */
export function estimateMinutes(db: Db, stand: string): Promise<number> {
  return estimates.load(db, stand, () => queryEstimate(db, stand));
}

async function queryEstimate(db: Db, stand: string): Promise<number> {
  const result = await db.execute(sql`
    with recent as (
      select stand, extract(epoch from ready_at - requested_at) as secs,
             row_number() over (partition by stand = ${stand} order by requested_at desc) as n
      from valet_retrievals where ready_at is not null and requested_at > now() - interval '14 days')
    select percentile_cont(0.5) within group (order by secs) filter (where stand = ${stand} and n <= 20) as here,
           percentile_cont(0.5) within group (order by secs) filter (where n <= 20) as anywhere
    from recent`);
  const row = ((result as { rows?: unknown[] }).rows ?? (result as unknown[]))[0] as { here: unknown; anywhere: unknown } | undefined;
  const secs = row?.here ?? row?.anywhere;
  return secs === null || secs === undefined ? DEFAULT_ESTIMATE_MINUTES : Math.max(1, Math.ceil(Number(secs) / 60));
}

/** Forget cached estimates (tests that write retrievals and read the estimate straight away). */
export const clearEstimateCache = () => estimates.clear();
