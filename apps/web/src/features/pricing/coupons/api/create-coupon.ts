import type { CouponInput } from "@meridian/shared/coupons";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { pricingKeys, adminKeys } from "@/lib/query-keys";
import { adminCouponResponseSchema } from "@meridian/shared/pricing/answers";

export const createCoupon = (input: CouponInput) => api("/api/admin/coupons", adminCouponResponseSchema, { method: "POST", json: input }).then((r) => r.coupon);

export const useCreateCoupon = () => useApiMutation(createCoupon, { refreshes: [pricingKeys.coupons(), adminKeys.audit()] });
