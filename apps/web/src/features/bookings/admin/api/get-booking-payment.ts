import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminBookingPaymentResponseSchema } from "@meridian/shared/payments/answers";
import { api } from "@/lib/api";
import { paymentKeys } from "@/lib/query-keys";

export const getBookingPayment = (id: string) => api(`/api/admin/bookings/${encodeURIComponent(id)}/payment`, adminBookingPaymentResponseSchema);
export const bookingPaymentQueryOptions = (id: string) =>
  queryOptions({ queryKey: paymentKeys.bookingPayment(id), queryFn: () => getBookingPayment(id), select: (d) => d.payment });
export const useBookingPayment = (id: string | null, enabled = true) => useQuery({ ...bookingPaymentQueryOptions(id ?? ""), enabled: Boolean(id) && enabled });
