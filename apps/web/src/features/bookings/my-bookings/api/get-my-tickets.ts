import { queryOptions, useQuery } from "@tanstack/react-query";
import { myTicketsResponseSchema } from "@meridian/shared/booking";
import { api } from "@/lib/api";
import { valetKeys } from "@/lib/query-keys";

export type { MyTicket } from "@meridian/shared/booking";

const myTickets = queryOptions({ queryKey: valetKeys.myTickets(), queryFn: () => api("/api/me/tickets", myTicketsResponseSchema), select: (data) => data.tickets });
export const useMyTickets = () => useQuery(myTickets);
