import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminTicketRow, Paged } from "@meridian/shared/admin";
import type { ValetStatus } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";
import { searchPageQuery, type SearchPageFilters } from "./search-page";
import { valetKeys } from "@/lib/query-keys";

export type TicketFilters = SearchPageFilters & { valetStatus?: ValetStatus };

export function getTickets(f: TicketFilters) {
  const status = f.valetStatus ? `&valetStatus=${f.valetStatus}` : "";
  return api<Paged<"tickets", AdminTicketRow>>(`/api/admin/tickets?${searchPageQuery(f)}${status}`);
}
export const ticketsQueryOptions = (f: TicketFilters) =>
  queryOptions({ queryKey: valetKeys.ticketList(f), queryFn: () => getTickets(f), placeholderData: keepPreviousData });
export const useTickets = (f: TicketFilters) => useQuery(ticketsQueryOptions(f));
