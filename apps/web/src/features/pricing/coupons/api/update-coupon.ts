import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminCoupon, CouponUpdate } from "@meridian/shared/coupons";
import { api } from "@/lib/api";

import { pricingKeys, adminKeys } from "@/lib/query-keys";

export const updateCoupon = (id: string, patch: CouponUpdate) =>
  api<{ coupon: AdminCoupon }>(`/api/admin/coupons/${encodeURIComponent(id)}`, { method: "PATCH", json: patch }).then((r) => r.coupon);

export function useUpdateCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CouponUpdate }) => updateCoupon(id, patch),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: pricingKeys.coupons() }), qc.invalidateQueries({ queryKey: adminKeys.audit() })]),
  });
}
