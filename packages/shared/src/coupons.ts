// Coupons: the admin's inputs (one schema each, for the form and the API), the shape the API answers
// with, and the pure rule that decides what a code takes off a fare. Money is integer cents in the rule.
import { z } from "zod";
import { calendarDateSchema } from "./booking-time";
import { CENTS, isCents } from "./fleet";
import { CARD_MINIMUM_CENTS, CARD_MINIMUM_COUPON_MESSAGE, formatCents } from "./money";

export const couponKindValues = ["percent", "fixed"] as const;
export type CouponKind = (typeof couponKindValues)[number];
export const couponServiceValues = ["any", "ride", "valet"] as const;
export type CouponService = (typeof couponServiceValues)[number];
export const COUPON_SERVICE_LABELS: Record<CouponService, string> = { any: "Any service", ride: "Rides", valet: "Valet" };
export const COUPON_KIND_LABELS: Record<CouponKind, string> = { percent: "Percent", fixed: "Fixed amount" };

export const COUPON_CODE_MESSAGE = "Codes are 3 to 32 letters, digits, dashes or underscores.";
export const COUPON_PERCENT_MESSAGE = "A percent discount is a whole number from 1 to 100.";
export const COUPON_AMOUNT_MESSAGE = "A fixed discount is an amount from $0.01 to $99,999.99.";
export const COUPON_DATES_MESSAGE = "Valid to must be on or after valid from.";
export const COUPON_CODE_TAKEN_MESSAGE = "A coupon with this code already exists.";
export const COUPON_UNKNOWN_MESSAGE = "This code is not valid.";

/** A code as customers type it: trimmed, upper-cased. */
export const normalizeCouponCode = (raw: string) => raw.trim().toUpperCase();
export const couponCodeSchema = z
  .string({ error: COUPON_CODE_MESSAGE })
  .transform(normalizeCouponCode)
  .pipe(z.string().regex(/^[A-Z0-9_-]{3,32}$/, COUPON_CODE_MESSAGE));

const isoDate = (label: string) => calendarDateSchema(`${label} must be a real date (YYYY-MM-DD).`);

const useLimit = (label: string) =>
  z
    .number({ error: `${label} must be a whole number or empty.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1 (leave it empty for no limit).`)
    .max(1_000_000, `${label} must be at most 1,000,000.`)
    .nullable();

const couponFields = z.strictObject({
  code: couponCodeSchema,
  kind: z.enum(couponKindValues, { error: "Choose percent or fixed amount." }),
  /** Percent off (1-100) for a percent coupon; dollars off for a fixed one. */
  value: z.number({ error: "Enter the discount." }).positive("Enter the discount.").max(99_999.99, COUPON_AMOUNT_MESSAGE).refine(isCents, "The discount can have at most 2 decimals.").meta(CENTS),
  service: z.enum(couponServiceValues, { error: "Choose which service the code applies to." }),
  validFrom: isoDate("Valid from").nullable(),
  validTo: isoDate("Valid to").nullable(),
  maxUses: useLimit("Total uses"),
  maxUsesPerCustomer: useLimit("Uses per customer"),
  minFareUsd: z.number({ error: "Minimum fare must be 0 or more." }).min(0, "Minimum fare must be 0 or more.").max(99_999.99, "Minimum fare must be at most 99999.99.").refine(isCents, "Minimum fare can have at most 2 decimals.").meta(CENTS),
  active: z.boolean({ error: "Active must be true or false." }),
});

type CouponShape = { kind?: CouponKind; value?: number; validFrom?: string | null; validTo?: string | null };
function checkCoupon(c: CouponShape, ctx: z.RefinementCtx) {
  if (c.kind === "percent" && c.value !== undefined && (!Number.isInteger(c.value) || c.value > 100)) {
    ctx.addIssue({ code: "custom", path: ["value"], message: COUPON_PERCENT_MESSAGE });
  }
  if (c.validFrom && c.validTo && c.validTo < c.validFrom) ctx.addIssue({ code: "custom", path: ["validTo"], message: COUPON_DATES_MESSAGE });
}

export const couponInputSchema = couponFields
  .extend({
    validFrom: couponFields.shape.validFrom.default(null),
    validTo: couponFields.shape.validTo.default(null),
    maxUses: couponFields.shape.maxUses.default(null),
    maxUsesPerCustomer: couponFields.shape.maxUsesPerCustomer.default(null),
    minFareUsd: couponFields.shape.minFareUsd.default(0),
    service: couponFields.shape.service.default("any"),
    active: couponFields.shape.active.default(true),
  })
  .superRefine(checkCoupon);
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponValues = z.output<typeof couponInputSchema>;

/** A partial edit; the server re-checks kind/value and the dates against the stored coupon. */
export const couponUpdateSchema = couponFields
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change.")
  .superRefine(checkCoupon);
export type CouponUpdate = z.input<typeof couponUpdateSchema>;

/** A coupon as the admin API answers it. */
export type { AdminCoupon } from "./pricing/answers";

// ---- The rule
export type CouponTerms = Pick<CouponValues, "kind" | "value" | "service" | "validFrom" | "validTo" | "maxUses" | "maxUsesPerCustomer" | "minFareUsd" | "active">;

export type CouponCheck = {
  service: "ride" | "valet";
  fareCents: number;
  /** The day the code is used (YYYY-MM-DD, the business's local date); validity dates are inclusive. */
  today: string;
  /** Uses already counted: in total and by this customer. */
  totalUses: number;
  customerUses: number;
};

export const couponRefusalValues = ["inactive", "not_started", "expired", "wrong_service", "below_minimum", "used_up", "customer_limit", "under_card_minimum"] as const;
export type CouponRefusal = (typeof couponRefusalValues)[number];

export type CouponOutcome = { ok: true; discountCents: number } | { ok: false; reason: CouponRefusal; message: string };


export function couponRefusalMessage(reason: CouponRefusal, terms: Pick<CouponTerms, "validFrom" | "service" | "minFareUsd">): string {
  switch (reason) {
    case "inactive":
      return "This code is no longer active.";
    case "not_started":
      return `This code is valid from ${terms.validFrom}.`;
    case "expired":
      return "This code has expired.";
    case "wrong_service":
      return `This code applies to ${terms.service === "ride" ? "rides" : "valet"} only.`;
    case "below_minimum":
      return `This code needs a fare of at least ${formatCents(Math.round(terms.minFareUsd * 100))}.`;
    case "used_up":
      return "This code has been used up.";
    case "customer_limit":
      return "You have already used this code.";
    case "under_card_minimum":
      return CARD_MINIMUM_COUPON_MESSAGE;
  }
}

/**
 * What a coupon takes off a fare (never below 0 nor above the fare), or why it does not apply. A discount
 * that would leave less than the card minimum to pay ($0.50, a free booking included) is refused in words:
 * every booking is paid by card, and the card could not take that amount.
 */
export function couponDiscount(terms: CouponTerms, check: CouponCheck): CouponOutcome {
  const refuse = (reason: CouponRefusal): CouponOutcome => ({ ok: false, reason, message: couponRefusalMessage(reason, terms) });
  if (!terms.active) return refuse("inactive");
  if (terms.validFrom && check.today < terms.validFrom) return refuse("not_started");
  if (terms.validTo && check.today > terms.validTo) return refuse("expired");
  if (terms.service !== "any" && terms.service !== check.service) return refuse("wrong_service");
  if (check.fareCents < Math.round(terms.minFareUsd * 100)) return refuse("below_minimum");
  if (terms.maxUses !== null && check.totalUses >= terms.maxUses) return refuse("used_up");
  if (terms.maxUsesPerCustomer !== null && check.customerUses >= terms.maxUsesPerCustomer) return refuse("customer_limit");
  const fare = Math.max(0, Math.round(check.fareCents));
  const raw = terms.kind === "percent" ? Math.round((fare * terms.value) / 100) : Math.round(terms.value * 100);
  const discountCents = Math.min(fare, Math.max(0, raw));
  if (fare - discountCents < CARD_MINIMUM_CENTS) return refuse("under_card_minimum");
  return { ok: true, discountCents };
}

/** How the admin list shows a coupon's value: "15%" or "$25.00". */
export const formatCouponValue = (c: Pick<CouponTerms, "kind" | "value">) => (c.kind === "percent" ? `${c.value}%` : formatCents(Math.round(c.value * 100)));

// ---- Codes in quotes (the booking dialog's coupon code field)
export const COUPON_FIELD_LABEL = "Coupon code";
export const COUPON_FIELD_PLACEHOLDER = "Optional";

/** A quote's optional code: trimmed and upper-cased; blank means none. An unknown code is refused in the answer, not here. */
export const quoteCouponCodeSchema = z
  .string({ error: COUPON_CODE_MESSAGE })
  .max(64, COUPON_CODE_MESSAGE)
  .transform((raw) => normalizeCouponCode(raw) || undefined)
  .optional();

/** A code the quote could not apply: the quote is answered without a discount, and this says why (under the code field). */
export type QuoteCouponRefusal = { code: string; message: string };

/** The quote line of an applied code. */
export const couponLineLabel = (code: string) => `Coupon ${code}`;

type Priced<L> = { lines: readonly L[]; totalUsd: number };

/**
 * A quote with a code applied: a "Coupon CODE" line of minus the discount, the total lowered by it (in cents),
 * and `coupon` naming the code and the discount.
 */
export function withCouponLine<L extends { kind: string; label: string; amountUsd: number }, Q extends Priced<L>>(
  quote: Q,
  code: string,
  discountCents: number,
): Q & { coupon: { code: string; discountUsd: number } } {
  const discountUsd = discountCents / 100;
  const lines = [...quote.lines, { kind: "coupon", label: couponLineLabel(code), amountUsd: -discountUsd } as unknown as L];
  const totalUsd = (Math.round(quote.totalUsd * 100) - discountCents) / 100;
  return { ...quote, lines, totalUsd, coupon: { code, discountUsd } };
}
