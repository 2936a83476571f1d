// A code on a quote (ride or valet): the shared couponDiscount with the fare before discount, the service,
// today's date in Los Angeles, the uses counted so far and no uses by this customer (a quote may be anonymous;
// the per-customer limit is enforced at booking). Applied: a "Coupon CODE" line and a lower total. Refused:
// the quote as it was, plus why. See docs/decisions/018-coupons-in-quotes-and-money-reports.md ("Coupons in quotes").
import { todayInServiceArea } from "@meridian/shared/booking";
import { COUPON_UNKNOWN_MESSAGE, couponDiscount, withCouponLine, type QuoteCouponRefusal } from "@meridian/shared/coupons";
import { toCents } from "@meridian/shared/pricing";
import type { QuotableCoupon } from "./coupon-cache";

type PricedLines = { lines: readonly { kind: string; label: string; amountUsd: number }[]; totalUsd: number };

export type CouponOnQuote<Q> = {
  quote: Q;
  /** The code applied and its discount in cents (signed into the quote id). */
  applied?: { code: string; discountCents: number };
  /** The code given that could not be applied, and why. */
  refused?: QuoteCouponRefusal;
};

/** The applied code and its discount as a quote id carries them (no code: null and 0). */
export function couponClaims(applied: CouponOnQuote<unknown>["applied"]): { couponCode: string | null; discountUsd: number } {
  return { couponCode: applied?.code ?? null, discountUsd: applied ? applied.discountCents / 100 : 0 };
}

// Discounted quotes per base quote (itself cached per trip and never mutated), by code and discount: a repeated
// quote with the same code is not rebuilt (and its JSON is serialised once, quote.service's cachedJson).
const discounted = new WeakMap<object, Map<string, object>>();

/** `base` with `code` applied when `coupon` (null: no such code) allows it today for this service. */
export function couponOnQuote<Q extends PricedLines>(
  base: Q,
  service: "ride" | "valet",
  code: string | undefined,
  coupon: QuotableCoupon | null,
  today = todayInServiceArea(),
): CouponOnQuote<Q> {
  if (!code) return { quote: base };
  if (!coupon) return { quote: base, refused: { code, message: COUPON_UNKNOWN_MESSAGE } };
  const outcome = couponDiscount(coupon, { service, fareCents: toCents(base.totalUsd), today, totalUses: coupon.usesCount, customerUses: 0 });
  if (!outcome.ok) return { quote: base, refused: { code, message: outcome.message } };
  const key = `${code}|${outcome.discountCents}`;
  let memo = discounted.get(base);
  let quote = memo?.get(key) as Q | undefined;
  if (!quote) {
    quote = withCouponLine(base as Q & { lines: PricedLines["lines"][number][] }, code, outcome.discountCents) as unknown as Q;
    for (const line of quote.lines) Object.freeze(line);
    Object.freeze(quote.lines);
    Object.freeze(quote);
    if (!memo) discounted.set(base, (memo = new Map()));
    if (memo.size >= 100) memo.clear();
    memo.set(key, quote);
  }
  return { quote, applied: { code, discountCents: outcome.discountCents } };
}
