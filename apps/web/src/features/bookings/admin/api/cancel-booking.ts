import { adminBookingResponseSchema } from "@meridian/shared/bookings/answers";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { bookingKeys, rideKeys, adminKeys } from "@/lib/query-keys";

export const cancelBooking = (id: string, reason: string) =>
  api(`/api/admin/bookings/${encodeURIComponent(id)}/cancel`, adminBookingResponseSchema, { method: "POST", json: { reason } });

export const useCancelBooking = () =>
  useApiMutation(({ id, reason }: { id: string; reason: string }) => cancelBooking(id, reason), {
    refreshes: [bookingKeys.all(), rideKeys.dispatch(), adminKeys.audit(), adminKeys.overview()],
  });
