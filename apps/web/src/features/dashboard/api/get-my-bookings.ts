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
  /** Rides: the pickup instant, and the chauffeur's first name and vehicle once assigned. */
  pickupAt: string | null;
  chauffeurFirstName: string | null;
  vehicleName: string | null;
  /** Set when cancelled (0 when free). */
  cancellationFee: number | null;
  cancelledAt: string | null;
};

export const getMyBookings = () => api<{ bookings: MyBooking[] }>("/api/me/bookings");

export const myBookingsQueryOptions = queryOptions({
  queryKey: ["me", "bookings"],
  queryFn: getMyBookings,
  select: (data) => data.bookings,
});

export const useMyBookings = () => useQuery(myBookingsQueryOptions);
