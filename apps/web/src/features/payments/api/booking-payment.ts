import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConfirmCardInput } from "@meridian/shared/payment-lifecycle";
import { bookingPaymentResponseSchema } from "@meridian/shared/payments/answers";
import { api } from "@/lib/api";
import { paymentKeys } from "@/lib/query-keys";

/** A booking of the signed-in customer, or a booking made for a caller opened by its secure link (/pay/:token). */
export type PaymentSource = { id: string; token?: undefined } | { token: string; id?: undefined };

const path = (s: PaymentSource) => (s.token !== undefined ? `/api/payment-links/${encodeURIComponent(s.token)}` : `/api/me/bookings/${encodeURIComponent(s.id)}/payment`);

/** Where a booking's payment stands (the "Payment needed" e-mail's link opens it). */
export const bookingPaymentQueryOptions = (s: PaymentSource) =>
  queryOptions({
    queryKey: s.token !== undefined ? paymentKeys.link(s.token) : paymentKeys.myBookingPayment(s.id),
    queryFn: () => api(path(s), bookingPaymentResponseSchema),
    select: (d) => d.payment,
    staleTime: 0,
  });
export const useBookingPayment = (s: PaymentSource) => useQuery(bookingPaymentQueryOptions(s));

export const confirmBookingCard = (s: PaymentSource, input: ConfirmCardInput) =>
  api(path(s), bookingPaymentResponseSchema, { method: "POST", json: input, headers: { "Idempotency-Key": crypto.randomUUID() } });

export function useConfirmBookingCard(s: PaymentSource) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmCardInput) => confirmBookingCard(s, input),
    onSettled: () => qc.invalidateQueries({ queryKey: bookingPaymentQueryOptions(s).queryKey }),
  });
}
