import type { QueryClient } from "@tanstack/react-query";
import { pricingOverviewQueryOptions } from "../../pricing/api/get-pricing-overview";
import { adminVehiclesQueryOptions } from "./get-admin-vehicles";

/** After any fleet or pricing change: the admin lists, and the public vehicle list the booking modal reads. */
export function invalidateFleet(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminVehiclesQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: pricingOverviewQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: ["vehicles"] }),
  ]);
}
