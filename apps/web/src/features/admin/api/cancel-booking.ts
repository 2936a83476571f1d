import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminBookingDetail } from "@meridian/shared/admin";
import { api } from "@/lib/api";

import { bookingKeys, rideKeys, adminKeys } from "@/lib/query-keys";

export const cancelBooking = (id: string, reason: string) =>
  api<{ booking: AdminBookingDetail }>(`/api/admin/bookings/${encodeURIComponent(id)}/cancel`, { method: "POST", json: { reason } });

export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => cancelBooking(id, reason),
    onSuccess: () =>
      Promise.all([bookingKeys.all(), rideKeys.dispatch(), adminKeys.audit(), adminKeys.overview()].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
