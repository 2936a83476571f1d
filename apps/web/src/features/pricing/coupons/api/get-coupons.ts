import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminCoupon } from "@meridian/shared/coupons";
import { api } from "@/lib/api";
import { pricingKeys } from "@/lib/query-keys";

export const getCoupons = () => api<{ coupons: AdminCoupon[] }>("/api/admin/coupons").then((r) => r.coupons);

export const couponsQueryOptions = queryOptions({ queryKey: pricingKeys.coupons(), queryFn: getCoupons });

export const useCoupons = () => useQuery(couponsQueryOptions);
