import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminVehicle } from "@meridian/shared/fleet";
import { api } from "@/lib/api";
import { pricingKeys } from "@/lib/query-keys";

export const getAdminVehicles = () => api<{ vehicles: AdminVehicle[] }>("/api/admin/vehicles").then((r) => r.vehicles);

export const adminVehiclesQueryOptions = queryOptions({ queryKey: pricingKeys.vehicles(), queryFn: getAdminVehicles });

export const useAdminVehicles = () => useQuery(adminVehiclesQueryOptions);
