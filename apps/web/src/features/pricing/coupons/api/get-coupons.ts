import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api";
import { pricingKeys } from "@/lib/query-keys";
import { adminCouponsResponseSchema } from "@meridian/shared/pricing/answers";

export const getCoupons = () => api("/api/admin/coupons", adminCouponsResponseSchema).then((r) => r.coupons);

export const couponsQueryOptions = queryOptions({ queryKey: pricingKeys.coupons(), queryFn: getCoupons });

export const useCoupons = () => useQuery(couponsQueryOptions);
