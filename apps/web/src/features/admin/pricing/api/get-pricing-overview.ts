import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PricingOverview } from "@meridian/shared/fleet";
import { api } from "@/lib/api";

export const getPricingOverview = () => api<PricingOverview>("/api/admin/pricing");

export const pricingOverviewQueryOptions = queryOptions({ queryKey: ["admin", "pricing"], queryFn: getPricingOverview });

export const usePricingOverview = () => useQuery(pricingOverviewQueryOptions);
