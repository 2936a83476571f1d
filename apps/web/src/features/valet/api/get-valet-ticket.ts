import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TimelineEntry, ValetTicket } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";
import { valetKeys } from "@/lib/query-keys";

export const getValetTicket = (id: string) => api<{ ticket: ValetTicket; timeline: TimelineEntry[] }>(`/api/valet/tickets/${id}`);
export const valetTicketQueryOptions = (id: string) => queryOptions({ queryKey: valetKeys.ticket(id), queryFn: () => getValetTicket(id) });
export const useValetTicket = (id: string) => useQuery(valetTicketQueryOptions(id));
