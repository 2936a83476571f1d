// POST /api/admin/bookings/:id/refunds with the form's Idempotency-Key: a double submit refunds once.
import { IDEMPOTENCY_KEY_HEADER } from "@meridian/shared/booking";
import type { RefundInput } from "@meridian/shared/refunds";
import { refundResponseSchema } from "@meridian/shared/payments/answers";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { bookingPaymentQueryOptions } from "./get-booking-payment";
import { adminKeys } from "@/lib/query-keys";

export const refundBooking = (id: string, input: RefundInput, idempotencyKey: string) =>
  api(`/api/admin/bookings/${encodeURIComponent(id)}/refunds`, refundResponseSchema, { method: "POST", json: input, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export const useRefundBooking = () =>
  useApiMutation(({ id, input, idempotencyKey }: { id: string; input: RefundInput; idempotencyKey: string }) => refundBooking(id, input, idempotencyKey), {
    onSuccess: (data, { id }, qc) => qc.setQueryData(bookingPaymentQueryOptions(id).queryKey, { payment: data.payment }),
    refreshes: [adminKeys.audit(), adminKeys.reports()],
  });
