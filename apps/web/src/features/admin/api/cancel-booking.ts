import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminBookingDetail } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { allAuditQueryKey } from "./get-audit";
import { allBookingsQueryKey } from "./get-bookings";
import { allDispatchQueryKey } from "./get-dispatch";
import { overviewQueryOptions } from "./get-overview";

export const cancelBooking = (id: string, reason: string) =>
  api<{ booking: AdminBookingDetail }>(`/api/admin/bookings/${encodeURIComponent(id)}/cancel`, { method: "POST", json: { reason } });

export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => cancelBooking(id, reason),
    onSuccess: () =>
      Promise.all([allBookingsQueryKey, allDispatchQueryKey, allAuditQueryKey, overviewQueryOptions.queryKey].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
