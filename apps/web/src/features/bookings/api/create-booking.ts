// POST /api/bookings with the dialog's Idempotency-Key: a retry of the same request replays the first answer.
import { IDEMPOTENCY_KEY_HEADER, type CreateBookingInput, type CreateBookingResponse } from "@meridian/shared/booking";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { meKeys } from "@/lib/query-keys";

export type { CreateBookingInput, CreateBookingResponse };

export const createBooking = (input: CreateBookingInput, idempotencyKey: string) =>
  api<CreateBookingResponse>("/api/bookings", { method: "POST", json: input, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateBookingInput; idempotencyKey: string }) => createBooking(input, idempotencyKey),
    // The dashboard's bookings and tickets live under ["me", ...]: show the new booking at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.all() }),
  });
}
