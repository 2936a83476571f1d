import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type MyBooking = {
  id: string;
  service: string;
  bookingDate: string;
  status: string;
  price: number | null;
  createdAt: string;
  /** Ride or valet details and the itemised quote, as stored with the booking. */
  details: Record<string, unknown> | null;
};

export const getMyBookings = () => api<{ bookings: MyBooking[] }>("/api/me/bookings");

export const myBookingsQueryOptions = queryOptions({
  queryKey: ["me", "bookings"],
  queryFn: getMyBookings,
  select: (data) => data.bookings,
});

export const useMyBookings = () => useQuery(myBookingsQueryOptions);
