// Coupons by code for quotes: a small cache (a quote reads no table once a code has been seen), dropped on
// every admin coupon write (invalidateCouponCache), as pricing's is; other server processes see a change
// within COUPON_CACHE_TTL_MS. Uses are counted only at booking (redeemCoupon), which reads the row itself.
import { eq } from "drizzle-orm";
import type { CouponTerms } from "@meridian/shared/coupons";
import type { Db } from "../db/client";
import { coupons } from "../db/schema";
import { TtlCache } from "../lib/ttl-cache";

export const COUPON_CACHE_TTL_MS = 5_000;
const MAX_CODES = 1000;

/** A coupon as a quote needs it: its terms and the uses counted so far. */
export type QuotableCoupon = CouponTerms & { code: string; usesCount: number };

const cache = new TtlCache<QuotableCoupon | null>({ ttlMs: COUPON_CACHE_TTL_MS, maxEntries: MAX_CODES });

/** Drop every cached coupon; the next quote with a code reads it again. Call after any admin coupon write. */
export function invalidateCouponCache(): void {
  cache.clear();
}

/** The coupon with this (normalised) code, or null when there is none; cached for a few seconds. */
export function couponByCode(db: Db, code: string, opts: { maxAgeMs?: number } = {}): Promise<QuotableCoupon | null> {
  return cache.load(db, code, () => load(db, code), opts.maxAgeMs);
}

async function load(db: Db, code: string): Promise<QuotableCoupon | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row ? quotableCoupon(row) : null;
}

/** A coupon row's terms and uses (the admin's view adds its id and times: toAdminCoupon). */
export function quotableCoupon(row: typeof coupons.$inferSelect): QuotableCoupon {
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
