import { queryOptions, useQuery } from "@tanstack/react-query";
import { ticketHistoryResponseSchema } from "@meridian/shared/valet/answers";
import { api } from "@/lib/api";
import { valetKeys } from "@/lib/query-keys";

export const getTicketValet = (id: string) => api(`/api/admin/tickets/${id}/valet`, ticketHistoryResponseSchema);
export const ticketValetQueryOptions = (id: string) => queryOptions({ queryKey: valetKeys.ticketValet(id), queryFn: () => getTicketValet(id) });
export const useTicketValet = (id: string | null) => useQuery({ ...ticketValetQueryOptions(id ?? ""), enabled: Boolean(id) });
