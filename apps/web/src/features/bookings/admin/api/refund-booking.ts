// POST /api/admin/bookings/:id/refunds with the form's Idempotency-Key: a double submit refunds once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_KEY_HEADER } from "@meridian/shared/booking";
import type { RefundInput } from "@meridian/shared/refunds";
import { refundResponseSchema } from "@meridian/shared/payments/answers";
import { api } from "@/lib/api";
import { bookingPaymentQueryOptions } from "./get-booking-payment";
import { adminKeys } from "@/lib/query-keys";

export const refundBooking = (id: string, input: RefundInput, idempotencyKey: string) =>
  api(`/api/admin/bookings/${encodeURIComponent(id)}/refunds`, refundResponseSchema, { method: "POST", json: input, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export function useRefundBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, idempotencyKey }: { id: string; input: RefundInput; idempotencyKey: string }) => refundBooking(id, input, idempotencyKey),
    onSuccess: (data, { id }) => {
      qc.setQueryData(bookingPaymentQueryOptions(id).queryKey, { payment: data.payment });
      return Promise.all([adminKeys.audit(), adminKeys.reports()].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
