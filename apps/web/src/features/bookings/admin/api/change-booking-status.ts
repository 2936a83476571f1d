import { adminBookingResponseSchema } from "@meridian/shared/bookings/answers";
import type { BookingStatus } from "@meridian/shared/booking-status";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { bookingKeys, adminKeys } from "@/lib/query-keys";

export const changeBookingStatus = (id: string, status: BookingStatus) =>
  api(`/api/admin/bookings/${encodeURIComponent(id)}/status`, adminBookingResponseSchema, { method: "PATCH", json: { status } });

export const useChangeBookingStatus = () =>
  useApiMutation(({ id, status }: { id: string; status: BookingStatus }) => changeBookingStatus(id, status), {
    refreshes: [bookingKeys.all(), adminKeys.audit(), adminKeys.overview(), adminKeys.reports()],
  });
