// The coupons module's front door (coupons/): all of it that code outside may import
// (docs/architecture.md). The module's own files import each other directly, never this index.
export { couponByCode } from "./coupon-cache";
export type { QuotableCoupon } from "./coupon-cache";
export { adminCouponsRoutes } from "./coupons.routes";
export { redeemSignedCoupon, refuseCouponNoLongerApplying } from "./coupons.service";
export type { SignedCoupon } from "./coupons.service";
export { couponClaims, couponOnQuote } from "./quote-coupon";
