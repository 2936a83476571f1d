import { queryOptions, useQuery } from "@tanstack/react-query";
import type { IncidentRow, TimelineEntry, ValetTicket } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";
import { valetKeys } from "@/lib/query-keys";

export type TicketValetDetail = { ticket: ValetTicket; timeline: TimelineEntry[]; incidents: IncidentRow[] };
export const getTicketValet = (id: string) => api<TicketValetDetail>(`/api/admin/tickets/${id}/valet`);
export const ticketValetQueryOptions = (id: string) => queryOptions({ queryKey: valetKeys.ticketValet(id), queryFn: () => getTicketValet(id) });
export const useTicketValet = (id: string | null) => useQuery({ ...ticketValetQueryOptions(id ?? ""), enabled: Boolean(id) });
