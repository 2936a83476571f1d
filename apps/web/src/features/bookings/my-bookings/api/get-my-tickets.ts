import { queryOptions, useQuery } from "@tanstack/react-query";
import { myTicketsResponseSchema } from "@meridian/shared/booking";
import { api } from "@/lib/api";
import { valetKeys } from "@/lib/query-keys";

export type { MyTicket } from "@meridian/shared/booking";

export const getMyTickets = () => api("/api/me/tickets", myTicketsResponseSchema);

export const myTicketsQueryOptions = queryOptions({
  queryKey: valetKeys.myTickets(),
  queryFn: getMyTickets,
  select: (data) => data.tickets,
});

export const useMyTickets = () => useQuery(myTicketsQueryOptions);
