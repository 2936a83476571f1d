import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api";
import { pricingKeys } from "@/lib/query-keys";
import { adminVehiclesResponseSchema } from "@meridian/shared/pricing/answers";

export const getAdminVehicles = () => api("/api/admin/vehicles", adminVehiclesResponseSchema).then((r) => r.vehicles);

export const adminVehiclesQueryOptions = queryOptions({ queryKey: pricingKeys.vehicles(), queryFn: getAdminVehicles });

export const useAdminVehicles = () => useQuery(adminVehiclesQueryOptions);
