import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminTicketRow, Paged } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { searchPageQuery, type SearchPageFilters } from "./search-page";

export type TicketFilters = SearchPageFilters;

export function getTickets(f: TicketFilters) {
  return api<Paged<"tickets", AdminTicketRow>>(`/api/admin/tickets?${searchPageQuery(f)}`);
}
export const ticketsQueryOptions = (f: TicketFilters) =>
  queryOptions({ queryKey: ["admin", "tickets", f], queryFn: () => getTickets(f), placeholderData: keepPreviousData });
export const allTicketsQueryKey = ["admin", "tickets"] as const;
export const useTickets = (f: TicketFilters) => useQuery(ticketsQueryOptions(f));
