import { queryOptions, useQuery } from "@tanstack/react-query";
import { myBookingsResponseSchema } from "@meridian/shared/bookings/answers";
import { api } from "@/lib/api";
import { bookingKeys } from "@/lib/query-keys";

export type { MyBooking } from "@meridian/shared/bookings/answers";

export const getMyBookings = () => api("/api/me/bookings", myBookingsResponseSchema);

export const myBookingsQueryOptions = queryOptions({
  queryKey: bookingKeys.mine(),
  queryFn: getMyBookings,
  select: (data) => data.bookings,
});

export const useMyBookings = () => useQuery(myBookingsQueryOptions);
