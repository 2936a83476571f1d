import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUpdateTicketInput } from "@meridian/shared/admin";
import { adminTicketResponseSchema } from "@meridian/shared/bookings/answers";
import { api } from "@/lib/api";
import { bookingKeys, valetKeys, adminKeys } from "@/lib/query-keys";

export const updateTicket = (id: string, input: AdminUpdateTicketInput) =>
  api(`/api/admin/tickets/${encodeURIComponent(id)}`, adminTicketResponseSchema, { method: "PATCH", json: input });

export function useUpdateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUpdateTicketInput }) => updateTicket(id, input),
    onSuccess: async () => {
      await Promise.all([valetKeys.tickets(), adminKeys.audit(), bookingKeys.all()].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
