import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminBookingDetail } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { bookingKeys } from "@/lib/query-keys";

export const getBooking = (id: string) => api<{ booking: AdminBookingDetail }>(`/api/admin/bookings/${encodeURIComponent(id)}`);
export const bookingQueryOptions = (id: string) => queryOptions({ queryKey: bookingKeys.detail(id), queryFn: () => getBooking(id) });
export const useBooking = (id: string | null) => useQuery({ ...bookingQueryOptions(id ?? ""), enabled: Boolean(id) });
