import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminCoupon, CouponInput } from "@meridian/shared/coupons";
import { api } from "@/lib/api";
import { allAuditQueryKey } from "../../api/get-audit";
import { couponsQueryOptions } from "./get-coupons";

export const createCoupon = (input: CouponInput) => api<{ coupon: AdminCoupon }>("/api/admin/coupons", { method: "POST", json: input }).then((r) => r.coupon);

export function useCreateCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: couponsQueryOptions.queryKey }), qc.invalidateQueries({ queryKey: allAuditQueryKey })]),
  });
}
