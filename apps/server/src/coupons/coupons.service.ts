// Coupons: the admin's list, create and edit (each write audited in its transaction), and the one place
// a use is counted: redeemCoupon, inside the booking's transaction, with a conditional UPDATE so two
// customers racing for the last use cannot both get it.
import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { QUOTE_CHANGED_MESSAGE } from "@meridian/shared/booking";
import {
  COUPON_CODE_TAKEN_MESSAGE,
  COUPON_UNKNOWN_MESSAGE,
  couponDiscount,
  couponInputSchema,
  normalizeCouponCode,
  type AdminCoupon,
  type CouponRefusal,
  type CouponTerms,
  type CouponUpdate,
  type CouponValues,
  type QuoteCouponRefusal,
} from "@meridian/shared/coupons";
import { toCents } from "@meridian/shared/pricing";
import { writeAudit, type AuditActor } from "../lib/audit";
import type { Db, Tx } from "../db/client";
import { couponRedemptions, coupons } from "../db/schema";
import { conflict, HttpError, notFound } from "../lib/errors";
import { invalidateCouponCache, quotableCoupon } from "./coupon-cache";
import { parseWith } from "../lib/validate";

type CouponRow = typeof coupons.$inferSelect;

export const COUPON_NOT_FOUND = "This coupon no longer exists. Reload the page.";
export const UNKNOWN_CODE_MESSAGE = COUPON_UNKNOWN_MESSAGE;

export function toAdminCoupon(row: CouponRow): AdminCoupon {
  return {
    id: row.id,
    ...quotableCoupon(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const terms = (row: CouponRow): CouponTerms => toAdminCoupon(row);
const fieldsOf = (c: AdminCoupon): CouponValues => {
  const { id: _id, usesCount: _u, createdAt: _c, updatedAt: _up, ...values } = c;
  return values;
};

function isUniqueViolation(err: unknown): boolean {
  for (let e: any = err, depth = 0; e && depth < 4; e = e.cause, depth++) {
    if (e.code === "23505") return true;
  }
  return false;
}
const codeTaken = () => new HttpError(409, "coupon_code_taken", COUPON_CODE_TAKEN_MESSAGE, { code: COUPON_CODE_TAKEN_MESSAGE });

export async function listCoupons(db: Db): Promise<AdminCoupon[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map(toAdminCoupon);
}

export async function createCoupon(db: Db, actor: AuditActor, input: CouponValues): Promise<AdminCoupon> {
  try {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx.insert(coupons).values(input).returning();
      const coupon = toAdminCoupon(row!);
      await writeAudit(tx, actor, { action: "coupon.create", entity: "coupon", entityId: coupon.id, before: null, after: coupon });
      return coupon;
    });
    invalidateCouponCache(); // quotes see the new code at once
    return created;
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

/** An edit is checked as a whole coupon (e.g. switching to percent with a value of 150 is refused). */
export async function updateCoupon(db: Db, actor: AuditActor, id: string, patch: CouponUpdate): Promise<AdminCoupon> {
  try {
    const updated = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
      if (!locked) throw notFound(COUPON_NOT_FOUND);
      const before = toAdminCoupon(locked);
      const next = parseWith(couponInputSchema, { ...fieldsOf(before), ...patch });
      const [row] = await tx.update(coupons).set(next).where(eq(coupons.id, id)).returning();
      const after = toAdminCoupon(row!);
      const action = Object.keys(patch).length === 1 && "active" in patch ? "coupon.status" : "coupon.update";
      await writeAudit(tx, actor, { action, entity: "coupon", entityId: id, before, after });
      return after;
    });
    invalidateCouponCache(); // quotes see the change at once
    return updated;
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken();
    throw err;
  }
}

/** A code that cannot be used now: 409 with the reason in words (and as `reason`). */
export class CouponUnavailableError extends HttpError {
  constructor(
    readonly reason: CouponRefusal | "unknown_code" | "not_applicable",
    message: string,
  ) {
    super(409, "coupon_unavailable", message, { couponCode: message });
  }
}

export type Redemption = { couponId: string; code: string; discountCents: number; redemptionId: string };

/**
 * Counts one use of `code` inside the caller's transaction (the booking's) and returns the discount.
 * The UPDATE raises uses_count only while it is under max_uses, and holds the coupon's row lock until the
 * transaction ends, so racing redemptions take turns: the per-customer count read after it sees every
 * earlier redemption. Throws CouponUnavailableError; let it abort the transaction, which undoes the count.
 */
export async function redeemCoupon(
  tx: Tx,
  r: { code: string; userId: string | null; bookingId: string | null; service: "ride" | "valet"; fareCents: number; today: string },
): Promise<Redemption> {
  const code = normalizeCouponCode(r.code);
  const [row] = await tx
    .update(coupons)
    .set({ usesCount: sql`${coupons.usesCount} + 1` })
    .where(and(eq(coupons.code, code), eq(coupons.active, true), or(isNull(coupons.maxUses), lt(coupons.usesCount, coupons.maxUses))))
    .returning();
  if (!row) {
    const [current] = await tx.select().from(coupons).where(eq(coupons.code, code));
    if (!current) throw new CouponUnavailableError("unknown_code", UNKNOWN_CODE_MESSAGE);
    const refusal = couponDiscount(terms(current), { ...r, totalUses: current.usesCount, customerUses: 0 });
    throw new CouponUnavailableError(refusal.ok ? "used_up" : refusal.reason, refusal.ok ? "This code has been used up." : refusal.message);
  }
  const [mine] = r.userId
    ? await tx.select({ n: count() }).from(couponRedemptions).where(and(eq(couponRedemptions.couponId, row.id), eq(couponRedemptions.userId, r.userId)))
    : [{ n: 0 }];
  const outcome = couponDiscount(terms(row), { ...r, totalUses: row.usesCount - 1, customerUses: mine?.n ?? 0 });
  if (!outcome.ok) throw new CouponUnavailableError(outcome.reason, outcome.message);
  const [redemption] = await tx
    .insert(couponRedemptions)
    .values({ couponId: row.id, userId: r.userId, bookingId: r.bookingId, discountCents: outcome.discountCents })
    .returning({ id: couponRedemptions.id });
  return { couponId: row.id, code: row.code, discountCents: outcome.discountCents, redemptionId: redemption!.id };
}


/** The coupon a quote id carries (signed): the code, its discount, and the total net of it. */
export type SignedCoupon = { code: string; discountUsd: number; service: "ride" | "valet"; totalUsd: number };

/** At booking, a code the re-priced quote no longer applies (deactivated, expired, used up since): 409 with why. */
export function refuseCouponNoLongerApplying(refused: QuoteCouponRefusal | undefined): void {
  if (refused) throw new CouponUnavailableError("not_applicable", refused.message);
}

/**
 * Counts the use of a quote's coupon inside the booking's transaction (redeemCoupon with the fare before the
 * discount). Throws CouponUnavailableError (409, e.g. the last use went to someone else, or this customer's
 * limit) or quote_changed (409) when the discount is no longer the signed one; either aborts the booking.
 */
export async function redeemSignedCoupon(tx: Tx, signed: SignedCoupon, r: { userId: string; bookingId: string; today: string }): Promise<Redemption> {
  const discountCents = toCents(signed.discountUsd);
  const redemption = await redeemCoupon(tx, {
    code: signed.code,
    userId: r.userId,
    bookingId: r.bookingId,
    service: signed.service,
    fareCents: toCents(signed.totalUsd) + discountCents,
    today: r.today,
  });
  if (redemption.discountCents !== discountCents) throw conflict(QUOTE_CHANGED_MESSAGE, "quote_changed");
  invalidateCouponCache(); // this process's quotes see the use (others within the cache's few seconds)
  return redemption;
}
