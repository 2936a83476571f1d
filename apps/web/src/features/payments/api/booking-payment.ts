import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { IDEMPOTENCY_KEY_HEADER } from "@meridian/shared/booking";
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

export const confirmBookingCard = (s: PaymentSource, input: ConfirmCardInput, idempotencyKey: string) =>
  api(path(s), bookingPaymentResponseSchema, { method: "POST", json: input, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

/**
 * One Idempotency-Key per confirmation attempt: the same card sent again while its request is still on its way (a
 * double tap) goes with the same key, so the server makes one authorisation and both requests are answered with it.
 * Once answered, the next attempt gets a new key (a declined card's key would only replay its decline). Two devices
 * at once are the server's to settle: one hold is kept, the other released and answered 409 already_paid.
 */
export function confirmationKeys(newKey: () => string = () => crypto.randomUUID()) {
  let attempt: { input: string; key: string; open: number } | null = null;
  return {
    take(input: ConfirmCardInput): string {
      const body = JSON.stringify(input);
      if (!attempt || attempt.input !== body || attempt.open === 0) attempt = { input: body, key: newKey(), open: 0 };
      attempt.open += 1;
      return attempt.key;
    },
    done(key: string) {
      if (attempt?.key === key) attempt.open -= 1;
    },
  };
}

export function useConfirmBookingCard(s: PaymentSource) {
  const qc = useQueryClient();
  const [keys] = useState(() => confirmationKeys());
  return useMutation({
    mutationFn: async (input: ConfirmCardInput) => {
      const key = keys.take(input);
      try {
        return await confirmBookingCard(s, input, key);
      } finally {
        keys.done(key);
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: bookingPaymentQueryOptions(s).queryKey }),
  });
}
