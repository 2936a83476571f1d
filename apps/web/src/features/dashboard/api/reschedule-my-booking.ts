import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RescheduleInput } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { type MyBooking } from "./get-my-bookings";
import { bookingKeys } from "@/lib/query-keys";

export const rescheduleMyBooking = (id: string, input: RescheduleInput) =>
  api<{ booking: MyBooking }>(`/api/me/bookings/${encodeURIComponent(id)}/reschedule`, { method: "POST", json: input });

export function useRescheduleMyBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RescheduleInput }) => rescheduleMyBooking(id, input),
    onSettled: () => qc.invalidateQueries({ queryKey: bookingKeys.mine() }),
  });
}
