// GET /api/admin/pricing/valet: the valet rate card's draft and the published card.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminValetRates } from "@meridian/shared/valet-pricing";
import { api } from "@/lib/api";

import { pricingKeys } from "@/lib/query-keys";

export const getValetRates = () => api<AdminValetRates>("/api/admin/pricing/valet");

/** Under the pricing overview's key, so every pricing change (and publish) reloads it too. */
export const valetRatesQueryOptions = queryOptions({ queryKey: pricingKeys.valetRates(), queryFn: getValetRates });

export const useValetRates = () => useQuery(valetRatesQueryOptions);
