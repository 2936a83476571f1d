import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminCreateBookingResponseSchema, type AdminCreateBookingInput } from "@meridian/shared/caller-booking";
import { api } from "@/lib/api";
import { bookingKeys, adminKeys } from "@/lib/query-keys";

/** POST /api/admin/bookings with the dialog's Idempotency-Key (a retry of the same booking books it once). */
export const createCallerBooking = (input: AdminCreateBookingInput, key: string) =>
  api("/api/admin/bookings", adminCreateBookingResponseSchema, { method: "POST", json: input, headers: { "Idempotency-Key": key } });

export function useCreateCallerBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: AdminCreateBookingInput; key: string }) => createCallerBooking(input, key),
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: bookingKeys.all() }), qc.invalidateQueries({ queryKey: adminKeys.audit() })]);
    },
  });
}
