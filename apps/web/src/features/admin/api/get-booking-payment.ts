import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminBookingPayment } from "@meridian/shared/refunds";
import { api } from "@/lib/api";
import { paymentKeys } from "@/lib/query-keys";

export const getBookingPayment = (id: string) => api<{ payment: AdminBookingPayment }>(`/api/admin/bookings/${encodeURIComponent(id)}/payment`);
export const bookingPaymentQueryOptions = (id: string) =>
  queryOptions({ queryKey: paymentKeys.bookingPayment(id), queryFn: () => getBookingPayment(id), select: (d) => d.payment });
export const useBookingPayment = (id: string | null, enabled = true) => useQuery({ ...bookingPaymentQueryOptions(id ?? ""), enabled: Boolean(id) && enabled });
