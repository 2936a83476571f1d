import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BookingPaymentState, ConfirmCardInput } from "@meridian/shared/payment-lifecycle";
import { api } from "@/lib/api";

const path = (id: string) => `/api/me/bookings/${encodeURIComponent(id)}/payment`;

/** Where a booking's payment stands (the "Payment needed" e-mail's link opens it). */
export const bookingPaymentQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["me", "bookings", id, "payment"], queryFn: () => api<{ payment: BookingPaymentState }>(path(id)), select: (d) => d.payment, staleTime: 0 });
export const useBookingPayment = (id: string) => useQuery(bookingPaymentQueryOptions(id));

export const confirmBookingCard = (id: string, input: ConfirmCardInput) =>
  api<{ payment: BookingPaymentState }>(path(id), { method: "POST", json: input, headers: { "Idempotency-Key": crypto.randomUUID() } });

export function useConfirmBookingCard(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmCardInput) => confirmBookingCard(id, input),
    onSettled: () => qc.invalidateQueries({ queryKey: bookingPaymentQueryOptions(id).queryKey }),
  });
}
