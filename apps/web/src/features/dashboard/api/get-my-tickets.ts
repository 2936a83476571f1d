import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { valetKeys } from "@/lib/query-keys";

export type MyTicket = {
  id: string;
  ticketCode: string;
  status: string;
  createdAt: string;
  bookingId: string | null;
  service: string;
  bookingDate: string;
};

export const getMyTickets = () => api<{ tickets: MyTicket[] }>("/api/me/tickets");

export const myTicketsQueryOptions = queryOptions({
  queryKey: valetKeys.myTickets(),
  queryFn: getMyTickets,
  select: (data) => data.tickets,
});

export const useMyTickets = () => useQuery(myTicketsQueryOptions);
