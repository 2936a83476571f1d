import { queryOptions, useQuery } from "@tanstack/react-query";
import { cancelBookingResponseSchema, cancellationResponseSchema } from "@meridian/shared/bookings/answers";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { bookingKeys } from "@/lib/query-keys";

const base = (id: string) => `/api/me/bookings/${encodeURIComponent(id)}`;

/** What cancelling costs right now: shown before the customer confirms. */
export const cancellationQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookingKeys.cancellation(id), queryFn: () => api(`${base(id)}/cancellation`, cancellationResponseSchema), staleTime: 0 });
export const useCancellationTerms = (id: string | null) => useQuery({ ...cancellationQueryOptions(id ?? ""), enabled: Boolean(id) });

export const cancelMyBooking = (id: string, acceptFeeUsd: number) =>
  api(`${base(id)}/cancel`, cancelBookingResponseSchema, { method: "POST", json: { acceptFeeUsd } });

export const useCancelMyBooking = () =>
  useApiMutation(({ id, acceptFeeUsd }: { id: string; acceptFeeUsd: number }) => cancelMyBooking(id, acceptFeeUsd), { refreshes: [bookingKeys.mine()], evenOnError: true });
