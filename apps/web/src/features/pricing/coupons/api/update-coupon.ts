import type { CouponUpdate } from "@meridian/shared/coupons";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { pricingKeys, adminKeys } from "@/lib/query-keys";
import { adminCouponResponseSchema } from "@meridian/shared/pricing/answers";

export const updateCoupon = (id: string, patch: CouponUpdate) =>
  api(`/api/admin/coupons/${encodeURIComponent(id)}`, adminCouponResponseSchema, { method: "PATCH", json: patch }).then((r) => r.coupon);

export const useUpdateCoupon = () =>
  useApiMutation(({ id, patch }: { id: string; patch: CouponUpdate }) => updateCoupon(id, patch), { refreshes: [pricingKeys.coupons(), adminKeys.audit()], evenOnError: true });
