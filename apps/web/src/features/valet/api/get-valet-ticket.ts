import { queryOptions, useQuery } from "@tanstack/react-query";
import { valetTicketTimelineResponseSchema } from "@meridian/shared/valet/answers";
import { api } from "@/lib/api";
import { valetKeys } from "@/lib/query-keys";

export const getValetTicket = (id: string) => api(`/api/valet/tickets/${id}`, valetTicketTimelineResponseSchema);
export const valetTicketQueryOptions = (id: string) => queryOptions({ queryKey: valetKeys.ticket(id), queryFn: () => getValetTicket(id) });
export const useValetTicket = (id: string) => useQuery(valetTicketQueryOptions(id));
