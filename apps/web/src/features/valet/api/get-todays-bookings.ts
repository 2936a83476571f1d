import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TodaysValetBooking } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";

/** Today's valet bookings at the stand (the check-in picker). */
export const getTodaysValetBookings = (stand: string) => api<{ bookings: TodaysValetBooking[] }>(`/api/valet/bookings/today?stand=${encodeURIComponent(stand)}`);
export const todaysValetBookingsQueryOptions = (stand: string) =>
  queryOptions({ queryKey: ["valet", "bookings-today", stand], queryFn: () => getTodaysValetBookings(stand), staleTime: 30_000, enabled: stand.trim().length > 0 });
export const useTodaysValetBookings = (stand: string) => useQuery(todaysValetBookingsQueryOptions(stand.trim()));
