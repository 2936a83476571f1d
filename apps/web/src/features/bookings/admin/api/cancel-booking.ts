import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminBookingResponseSchema } from "@meridian/shared/bookings/answers";
import { api } from "@/lib/api";

import { bookingKeys, rideKeys, adminKeys } from "@/lib/query-keys";

export const cancelBooking = (id: string, reason: string) =>
  api(`/api/admin/bookings/${encodeURIComponent(id)}/cancel`, adminBookingResponseSchema, { method: "POST", json: { reason } });

export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => cancelBooking(id, reason),
    onSuccess: () =>
      Promise.all([bookingKeys.all(), rideKeys.dispatch(), adminKeys.audit(), adminKeys.overview()].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
