import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { VALET_TICKET_EVENT } from "@meridian/shared/valet-ticket";
import { todaysValetBookingsResponseSchema } from "@meridian/shared/valet/answers";
import { api } from "@/lib/api";
import { useEventStream } from "@/hooks/use-event-stream";
import { valetKeys } from "@/lib/query-keys";

/** Today's valet bookings at the stand (the check-in picker). */
export const getTodaysValetBookings = (stand: string) => api(`/api/valet/bookings/today?stand=${encodeURIComponent(stand)}`, todaysValetBookingsResponseSchema);
export const todaysValetBookingsQueryOptions = (stand: string) =>
  queryOptions({ queryKey: valetKeys.todays(stand), queryFn: () => getTodaysValetBookings(stand), staleTime: 30_000, enabled: stand.trim().length > 0 });

/** Every stand's list: a check-in (this attendant's or another's) changes a booking's count of cars in. */

/**
 * The picker's list, kept live: every ticket change on the attendants' stream (a car checked in, delivered...)
 * and every reconnection refetches it, so "N of M cars in" never goes stale.
 */
export function useTodaysValetBookings(stand: string) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: valetKeys.todaysAll() });
  useEventStream("/api/valet/queue", { [VALET_TICKET_EVENT]: refresh }, refresh);
  return useQuery(todaysValetBookingsQueryOptions(stand.trim()));
}
