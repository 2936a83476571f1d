import { adminCreateBookingResponseSchema, type AdminCreateBookingInput } from "@meridian/shared/caller-booking";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { bookingKeys, adminKeys } from "@/lib/query-keys";

/** POST /api/admin/bookings with the dialog's Idempotency-Key (a retry of the same booking books it once). */
export const createCallerBooking = (input: AdminCreateBookingInput, key: string) =>
  api("/api/admin/bookings", adminCreateBookingResponseSchema, { method: "POST", json: input, headers: { "Idempotency-Key": key } });

export const useCreateCallerBooking = () =>
  useApiMutation(({ input, key }: { input: AdminCreateBookingInput; key: string }) => createCallerBooking(input, key), {
    refreshes: [bookingKeys.all(), adminKeys.audit()],
  });
