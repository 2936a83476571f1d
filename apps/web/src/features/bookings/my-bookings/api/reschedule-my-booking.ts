import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RescheduleInput } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { myBookingResponseSchema } from "@meridian/shared/bookings/answers";
import { bookingKeys } from "@/lib/query-keys";

export const rescheduleMyBooking = (id: string, input: RescheduleInput) =>
  api(`/api/me/bookings/${encodeURIComponent(id)}/reschedule`, myBookingResponseSchema, { method: "POST", json: input });

export function useRescheduleMyBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RescheduleInput }) => rescheduleMyBooking(id, input),
    onSettled: () => qc.invalidateQueries({ queryKey: bookingKeys.mine() }),
  });
}
