import type { AdminUpdateTicketInput } from "@meridian/shared/admin";
import { adminTicketResponseSchema } from "@meridian/shared/bookings/answers";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { bookingKeys, valetKeys, adminKeys } from "@/lib/query-keys";

export const updateTicket = (id: string, input: AdminUpdateTicketInput) =>
  api(`/api/admin/tickets/${encodeURIComponent(id)}`, adminTicketResponseSchema, { method: "PATCH", json: input });

export const useUpdateTicket = () =>
  useApiMutation(({ id, input }: { id: string; input: AdminUpdateTicketInput }) => updateTicket(id, input), {
    refreshes: [valetKeys.tickets(), adminKeys.audit(), bookingKeys.all()],
  });
