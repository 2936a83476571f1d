import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminBookingResponseSchema } from "@meridian/shared/bookings/answers";
import type { BookingStatus } from "@meridian/shared/booking-status";
import { api } from "@/lib/api";

import { bookingKeys, adminKeys } from "@/lib/query-keys";

export const changeBookingStatus = (id: string, status: BookingStatus) =>
  api(`/api/admin/bookings/${encodeURIComponent(id)}/status`, adminBookingResponseSchema, { method: "PATCH", json: { status } });

export function useChangeBookingStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: BookingStatus }) => changeBookingStatus(id, status),
    onSuccess: async () => {
      await Promise.all(
        [bookingKeys.all(), adminKeys.audit(), adminKeys.overview(), adminKeys.reports()].map((queryKey) =>
          qc.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
