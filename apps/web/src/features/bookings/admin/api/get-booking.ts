import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminBookingResponseSchema } from "@meridian/shared/bookings/answers";
import { api } from "@/lib/api";
import { bookingKeys } from "@/lib/query-keys";

export const getBooking = (id: string) => api(`/api/admin/bookings/${encodeURIComponent(id)}`, adminBookingResponseSchema);
export const bookingQueryOptions = (id: string) => queryOptions({ queryKey: bookingKeys.detail(id), queryFn: () => getBooking(id) });
export const useBooking = (id: string | null) => useQuery({ ...bookingQueryOptions(id ?? ""), enabled: Boolean(id) });
