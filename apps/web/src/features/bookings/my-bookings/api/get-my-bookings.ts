import { queryOptions, useQuery } from "@tanstack/react-query";
import { myBookingsResponseSchema } from "@meridian/shared/bookings/answers";
import { api } from "@/lib/api";
import { bookingKeys } from "@/lib/query-keys";

export type { MyBooking } from "@meridian/shared/bookings/answers";

const myBookings = queryOptions({ queryKey: bookingKeys.mine(), queryFn: () => api("/api/me/bookings", myBookingsResponseSchema), select: (data) => data.bookings });
export const useMyBookings = () => useQuery(myBookings);
