// Coupons by code for quotes: a small cache (a quote reads no table once a code has been seen), dropped on
// every admin coupon write (invalidateCouponCache), as pricing's is; other server processes see a change
// within COUPON_CACHE_TTL_MS. Uses are counted only at booking (redeemCoupon), which reads the row itself.
import { eq } from "drizzle-orm";
import type { CouponTerms } from "@meridian/shared/coupons";
import type { Db } from "../db/client";
import { coupons } from "../db/schema";

export const COUPON_CACHE_TTL_MS = 5_000;
const MAX_CODES = 1000;

/** A coupon as a quote needs it: its terms and the uses counted so far. */
export type QuotableCoupon = CouponTerms & { code: string; usesCount: number };

type Entry = { generation: number; loadedAt: number; value: Promise<QuotableCoupon | null>; loaded?: QuotableCoupon | null };

let generation = 0;
const caches = new WeakMap<Db, Map<string, Entry>>();

/** Drop every cached coupon; the next quote with a code reads it again. Call after any admin coupon write. */
export function invalidateCouponCache(): void {
  generation++;
}

function fresh(db: Db, code: string, maxAgeMs = COUPON_CACHE_TTL_MS): Entry | undefined {
  const hit = caches.get(db)?.get(code);
  return hit && hit.generation === generation && Date.now() - hit.loadedAt < Math.min(maxAgeMs, COUPON_CACHE_TTL_MS) ? hit : undefined;
}

/** The coupon with this (normalised) code, or null when there is none; cached for a few seconds. */
export function couponByCode(db: Db, code: string, opts: { maxAgeMs?: number } = {}): Promise<QuotableCoupon | null> {
  const hit = fresh(db, code, opts.maxAgeMs);
  if (hit) return hit.value;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  if (cache.size >= MAX_CODES) cache.clear();
  const entry: Entry = { generation, loadedAt: Date.now(), value: load(db, code) };
  cache.set(code, entry);
  entry.value.then(
    (loaded) => (entry.loaded = loaded),
    () => {
      if (cache.get(code) === entry) cache.delete(code); // never cache a failure
    },
  );
  return entry.value;
}

/** The same without waiting: the coupon (or null for an unknown code) when in memory and fresh, else undefined. */
export function peekCouponByCode(db: Db, code: string): QuotableCoupon | null | undefined {
  return fresh(db, code)?.loaded;
}

async function load(db: Db, code: string): Promise<QuotableCoupon | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  if (!row) return null;
  return {
    code: row.code,
    kind: row.kind as CouponTerms["kind"],
    value: row.value,
    service: row.service as CouponTerms["service"],
    validFrom: row.validFrom,
    validTo: row.validTo,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    minFareUsd: row.minFareUsd,
    active: row.active,
    usesCount: row.usesCount,
  };
}
