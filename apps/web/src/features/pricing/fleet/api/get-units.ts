import { queryOptions, useQuery } from "@tanstack/react-query";
import { unitsResponseSchema } from "@meridian/shared/fleet-units";
import { api } from "@/lib/api";
import { pricingKeys } from "@/lib/query-keys";

export const getUnits = () => api("/api/admin/fleet/units", unitsResponseSchema).then((r) => r.units);

export const unitsQueryOptions = queryOptions({ queryKey: pricingKeys.units(), queryFn: getUnits });

export const useUnits = () => useQuery(unitsQueryOptions);
