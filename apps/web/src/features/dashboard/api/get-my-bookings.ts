import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MyBooking } from "@meridian/shared/bookings/answers";
import { api } from "@/lib/api";
import { bookingKeys } from "@/lib/query-keys";

export type { MyBooking } from "@meridian/shared/bookings/answers";

export const getMyBookings = () => api<{ bookings: MyBooking[] }>("/api/me/bookings");

export const myBookingsQueryOptions = queryOptions({
  queryKey: bookingKeys.mine(),
  queryFn: getMyBookings,
  select: (data) => data.bookings,
});

export const useMyBookings = () => useQuery(myBookingsQueryOptions);
