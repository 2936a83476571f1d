import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api";
import { adminKeys } from "@/lib/query-keys";
import { adminOverviewSchema } from "@meridian/shared/reports/answers";

export const getOverview = () => api("/api/admin/overview", adminOverviewSchema);
/** Asked again when the next waiting ride's pickup passes (it is then overdue), and at least every minute. */
export const overviewQueryOptions = queryOptions({
  queryKey: adminKeys.overview(),
  queryFn: getOverview,
  refetchInterval: (query) => {
    const next = query.state.data?.nextPickupAt;
    const untilNext = next ? new Date(next).getTime() - Date.now() + 500 : Infinity;
    return Math.max(1_000, Math.min(60_000, untilNext));
  },
});
export const useOverview = () => useQuery(overviewQueryOptions);
