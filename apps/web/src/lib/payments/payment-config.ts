// GET /api/payments/config: which card step the booking dialog shows (embedded test mode, or Stripe's
// Payment Element with the publishable key). It changes only with the server's settings.

import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { paymentKeys } from "@/lib/query-keys";
import { paymentConfigResponseSchema } from "@meridian/shared/payments";

export const getPaymentConfig = () => api("/api/payments/config", paymentConfigResponseSchema);

export const paymentConfigQueryOptions = queryOptions({
  queryKey: paymentKeys.config(),
  queryFn: getPaymentConfig,
  staleTime: Infinity,
  retry: 1,
});

export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions);
