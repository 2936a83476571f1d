import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminTicketRow, AdminUpdateTicketInput } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { allAuditQueryKey } from "./get-audit";
import { allBookingsQueryKey } from "./get-bookings";
import { allTicketsQueryKey } from "./get-tickets";

export const updateTicket = (id: string, input: AdminUpdateTicketInput) =>
  api<{ ticket: AdminTicketRow }>(`/api/admin/tickets/${encodeURIComponent(id)}`, { method: "PATCH", json: input });

export function useUpdateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUpdateTicketInput }) => updateTicket(id, input),
    onSuccess: async () => {
      await Promise.all([allTicketsQueryKey, allAuditQueryKey, allBookingsQueryKey].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
