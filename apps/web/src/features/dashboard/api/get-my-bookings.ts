import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MyBooking } from "@meridian/shared/bookings/answers";
import { api } from "@/lib/api";

export type { MyBooking } from "@meridian/shared/bookings/answers";

export const getMyBookings = () => api<{ bookings: MyBooking[] }>("/api/me/bookings");

export const myBookingsQueryOptions = queryOptions({
  queryKey: ["me", "bookings"],
  queryFn: getMyBookings,
  select: (data) => data.bookings,
});

export const useMyBookings = () => useQuery(myBookingsQueryOptions);
