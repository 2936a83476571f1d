import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CancellationTerms } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { type MyBooking } from "./get-my-bookings";
import { bookingKeys } from "@/lib/query-keys";

const base = (id: string) => `/api/me/bookings/${encodeURIComponent(id)}`;

/** What cancelling costs right now: shown before the customer confirms. */
export const cancellationQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookingKeys.cancellation(id), queryFn: () => api<{ cancellation: CancellationTerms }>(`${base(id)}/cancellation`), staleTime: 0 });
export const useCancellationTerms = (id: string | null) => useQuery({ ...cancellationQueryOptions(id ?? ""), enabled: Boolean(id) });

export const cancelMyBooking = (id: string, acceptFeeUsd: number) =>
  api<{ booking: MyBooking; cancellation: CancellationTerms }>(`${base(id)}/cancel`, { method: "POST", json: { acceptFeeUsd } });

export function useCancelMyBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, acceptFeeUsd }: { id: string; acceptFeeUsd: number }) => cancelMyBooking(id, acceptFeeUsd),
    onSettled: () => qc.invalidateQueries({ queryKey: bookingKeys.mine() }),
  });
}
