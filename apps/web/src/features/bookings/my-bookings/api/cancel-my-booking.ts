import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { cancelBookingResponseSchema, cancellationResponseSchema } from "@meridian/shared/bookings/answers";
import { api } from "@/lib/api";
import { bookingKeys } from "@/lib/query-keys";

const base = (id: string) => `/api/me/bookings/${encodeURIComponent(id)}`;

/** What cancelling costs right now: shown before the customer confirms. */
export const cancellationQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookingKeys.cancellation(id), queryFn: () => api(`${base(id)}/cancellation`, cancellationResponseSchema), staleTime: 0 });
export const useCancellationTerms = (id: string | null) => useQuery({ ...cancellationQueryOptions(id ?? ""), enabled: Boolean(id) });

export const cancelMyBooking = (id: string, acceptFeeUsd: number) =>
  api(`${base(id)}/cancel`, cancelBookingResponseSchema, { method: "POST", json: { acceptFeeUsd } });

export function useCancelMyBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, acceptFeeUsd }: { id: string; acceptFeeUsd: number }) => cancelMyBooking(id, acceptFeeUsd),
    onSettled: () => qc.invalidateQueries({ queryKey: bookingKeys.mine() }),
  });
}
