import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminTicketsPageSchema } from "@meridian/shared/bookings/answers";
import type { ValetStatus } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";
import { searchPageQuery, type SearchPageFilters } from "@/lib/search-page";
import { valetKeys } from "@/lib/query-keys";

export type TicketFilters = SearchPageFilters & { valetStatus?: ValetStatus };

export function getTickets(f: TicketFilters) {
  const status = f.valetStatus ? `&valetStatus=${f.valetStatus}` : "";
  return api(`/api/admin/tickets?${searchPageQuery(f)}${status}`, adminTicketsPageSchema);
}
export const ticketsQueryOptions = (f: TicketFilters) =>
  queryOptions({ queryKey: valetKeys.ticketList(f), queryFn: () => getTickets(f), placeholderData: keepPreviousData });
export const useTickets = (f: TicketFilters) => useQuery(ticketsQueryOptions(f));
