import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminCoupon, CouponInput } from "@meridian/shared/coupons";
import { api } from "@/lib/api";

import { pricingKeys, adminKeys } from "@/lib/query-keys";

export const createCoupon = (input: CouponInput) => api<{ coupon: AdminCoupon }>("/api/admin/coupons", { method: "POST", json: input }).then((r) => r.coupon);

export function useCreateCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: pricingKeys.coupons() }), qc.invalidateQueries({ queryKey: adminKeys.audit() })]),
  });
}
