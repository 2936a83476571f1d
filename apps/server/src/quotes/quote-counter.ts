// The top of the booking funnel: quotes answered per day (on the operations clock, Settings -> Operations) and service, and how many carried a
// coupon that applied. Counting must not slow a quote (the fast path answers without a promise), so a quote
// only raises a number in memory; the counts are written every few seconds, and on shutdown
// (lifecycle.close()), as one upsert per row that adds them to what is stored. Several server processes add
// up in the same rows. A failed write keeps its counts for the next one.
import { sql } from "drizzle-orm";
import { wallClock } from "@meridian/shared/zoned-time";
import type { Db } from "../db/client";
import { quoteCounts } from "../db/schema";
import type { Logger } from "../lib/logger";
import type { QuoteCounter, QuoteService } from "../lib/quote-counter-port";
import { cachedOperationsSettings } from "../settings/settings.service";

export const QUOTE_COUNT_FLUSH_MS = 5_000;


type Row = { day: string; service: QuoteService; quotes: number; withCoupon: number };

export function createQuoteCounter(db: Db, logger: Logger, opts: { flushMs?: number; today?: () => string } = {}): QuoteCounter {
  const flushMs = opts.flushMs ?? QUOTE_COUNT_FLUSH_MS;
  // Without a fixed day (tests), a quote is counted under its minute ("@<minutes since 1970>") and the minute is
  // turned into the day on the operations clock when written: a quote never waits for the settings, and the day
  // follows a time-zone change made just before (every zone's midnight falls on a whole minute).
  const today = opts.today ?? (() => `@${Math.floor(Date.now() / 60_000)}`);
  let pending = new Map<string, Row>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  function add(into: Map<string, Row>, row: Row) {
    const key = `${row.day}|${row.service}`;
    const hit = into.get(key);
    if (hit) {
      hit.quotes += row.quotes;
      hit.withCoupon += row.withCoupon;
    } else into.set(key, { ...row });
  }

  async function write(rows: Row[]) {
    if (!rows.length) return;
    try {
      await db
        .insert(quoteCounts)
        .values(rows)
        .onConflictDoUpdate({
          target: [quoteCounts.day, quoteCounts.service],
          set: { quotes: sql`${quoteCounts.quotes} + excluded.quotes`, withCoupon: sql`${quoteCounts.withCoupon} + excluded.with_coupon` },
        });
    } catch (err) {
      // Kept for the next write (rows arrive in a fixed order, so two processes cannot deadlock on them).
      for (const row of rows) add(pending, row);
      logger.error("writing the quote counts failed; kept for the next try", { err: String(err) });
    }
  }

  /** Rows counted by the minute, summed into their day on the operations clock. */
  async function onOperationsDays(rows: Row[]): Promise<Row[]> {
    if (!rows.some((r) => r.day.startsWith("@"))) return rows;
    let timeZone: string;
    try {
      timeZone = (await cachedOperationsSettings(db, 60_000)).timeZone;
    } catch (err) {
      for (const row of rows) add(pending, row); // kept for the next write, as a failed write is
      logger.error("reading the operations time zone for the quote counts failed; kept for the next try", { err: String(err) });
      return [];
    }
    const days = new Map<string, Row>();
    for (const r of rows) add(days, r.day.startsWith("@") ? { ...r, day: wallClock(new Date(Number(r.day.slice(1)) * 60_000), timeZone).date } : r);
    return [...days.values()];
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    writing = writing.then(() => {
      if (!pending.size) return;
      const counted = [...pending.values()];
      pending = new Map();
      return onOperationsDays(counted).then((rows) => write(rows.sort((a, b) => (a.day + a.service).localeCompare(b.day + b.service))));
    });
    return writing;
  }

  return {
    count(service, withCoupon) {
      if (closed) return;
      const day = today();
      const key = `${day}|${service}`;
      const hit = pending.get(key);
      if (hit) {
        hit.quotes++;
        if (withCoupon) hit.withCoupon++;
      } else pending.set(key, { day, service, quotes: 1, withCoupon: withCoupon ? 1 : 0 });
      if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref();
      }
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}
