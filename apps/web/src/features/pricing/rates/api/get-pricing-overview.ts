import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PricingOverview } from "@meridian/shared/fleet";
import { api } from "@/lib/api";
import { pricingKeys } from "@/lib/query-keys";

export const getPricingOverview = () => api<PricingOverview>("/api/admin/pricing");

export const pricingOverviewQueryOptions = queryOptions({ queryKey: pricingKeys.overview(), queryFn: getPricingOverview });

export const usePricingOverview = () => useQuery(pricingOverviewQueryOptions);
