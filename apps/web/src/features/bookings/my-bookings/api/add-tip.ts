// POST /api/me/bookings/:id/tip with the dialog's Idempotency-Key: pressing again (or a retry) never tips twice.
import { IDEMPOTENCY_KEY_HEADER } from "@meridian/shared/booking";
import type { TipInput } from "@meridian/shared/tips";
import { tipResponseSchema } from "@meridian/shared/payments/answers";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { paymentKeys, bookingKeys } from "@/lib/query-keys";

export const addTip = (bookingId: string, input: TipInput, idempotencyKey: string) =>
  api(`/api/me/bookings/${encodeURIComponent(bookingId)}/tip`, tipResponseSchema, { method: "POST", json: input, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export const useAddTip = () =>
  useApiMutation(({ bookingId, input, idempotencyKey }: { bookingId: string; input: TipInput; idempotencyKey: string }) => addTip(bookingId, input, idempotencyKey), {
    refreshes: [paymentKeys.myReceipts(), bookingKeys.mine()],
    evenOnError: true,
  });
