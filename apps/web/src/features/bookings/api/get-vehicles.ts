import type { VehicleOption, VehiclesResponse } from "@meridian/shared/booking";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { bookingKeys } from "@/lib/query-keys";

export type BookableVehicle = VehicleOption;

export const getVehicles = () => api<VehiclesResponse>("/api/vehicles").then((r) => r.vehicles);

/** Bookable vehicles (active and priced), smallest first. Re-read each time the booking dialog opens. */
export const vehiclesQueryOptions = queryOptions({
  queryKey: bookingKeys.vehicles(),
  queryFn: getVehicles,
  staleTime: 0,
  retry: 1,
});

export const useVehicles = () => useQuery(vehiclesQueryOptions);
