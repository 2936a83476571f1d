import type { QueryClient } from "@tanstack/react-query";

import { bookingKeys, pricingKeys } from "@/lib/query-keys";

/** After any fleet or pricing change: the admin lists, and the public vehicle list the booking modal reads. */
export function invalidateFleet(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: pricingKeys.vehicles() }),
    queryClient.invalidateQueries({ queryKey: pricingKeys.overview() }),
    queryClient.invalidateQueries({ queryKey: bookingKeys.vehicles() }),
  ]);
}
