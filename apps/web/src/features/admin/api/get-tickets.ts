import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminTicketRow, Paged } from "@meridian/shared/admin";
import { api } from "@/lib/api";

export type TicketFilters = { q: string; page: number; pageSize: number };

export function getTickets(f: TicketFilters) {
  const p = new URLSearchParams({ page: String(f.page), pageSize: String(f.pageSize) });
  if (f.q) p.set("q", f.q);
  return api<Paged<"tickets", AdminTicketRow>>(`/api/admin/tickets?${p.toString()}`);
}
export const ticketsQueryOptions = (f: TicketFilters) =>
  queryOptions({ queryKey: ["admin", "tickets", f], queryFn: () => getTickets(f), placeholderData: keepPreviousData });
export const allTicketsQueryKey = ["admin", "tickets"] as const;
export const useTickets = (f: TicketFilters) => useQuery(ticketsQueryOptions(f));
