// GET /api/admin/pricing/valet: the valet rate card's draft and the published card.
import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api";

import { pricingKeys } from "@/lib/query-keys";
import { adminValetRatesSchema } from "@meridian/shared/pricing/answers";

export const getValetRates = () => api("/api/admin/pricing/valet", adminValetRatesSchema);

/** Under the pricing overview's key, so every pricing change (and publish) reloads it too. */
export const valetRatesQueryOptions = queryOptions({ queryKey: pricingKeys.valetRates(), queryFn: getValetRates });

export const useValetRates = () => useQuery(valetRatesQueryOptions);
