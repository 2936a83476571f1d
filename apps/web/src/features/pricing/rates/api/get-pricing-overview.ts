import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api";
import { pricingKeys } from "@/lib/query-keys";
import { pricingOverviewSchema } from "@meridian/shared/pricing/answers";

export const getPricingOverview = () => api("/api/admin/pricing", pricingOverviewSchema);

export const pricingOverviewQueryOptions = queryOptions({ queryKey: pricingKeys.overview(), queryFn: getPricingOverview });

export const usePricingOverview = () => useQuery(pricingOverviewQueryOptions);
