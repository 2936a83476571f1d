import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminBookingDetail } from "@meridian/shared/admin";
import type { BookingStatus } from "@meridian/shared/booking-status";
import { api } from "@/lib/api";
import { allAuditQueryKey } from "./get-audit";
import { allBookingsQueryKey } from "./get-bookings";
import { overviewQueryOptions } from "./get-overview";
import { allReportsQueryKey } from "./get-reports";

export const changeBookingStatus = (id: string, status: BookingStatus) =>
  api<{ booking: AdminBookingDetail }>(`/api/admin/bookings/${encodeURIComponent(id)}/status`, { method: "PATCH", json: { status } });

export function useChangeBookingStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: BookingStatus }) => changeBookingStatus(id, status),
    onSuccess: async () => {
      await Promise.all(
        [allBookingsQueryKey, allAuditQueryKey, overviewQueryOptions.queryKey, allReportsQueryKey].map((queryKey) =>
          qc.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
