import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ValetStatus, ValetTicket } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";
import { queueQueryOptions } from "./get-queue";
import { valetTicketQueryOptions } from "./get-valet-ticket";

export const changeStatus = ({ id, status, stall }: { id: string; status: ValetStatus; stall?: string }) =>
  api<{ ticket: ValetTicket }>(`/api/valet/tickets/${id}`, { method: "PATCH", json: { status, ...(stall ? { stall } : {}) } });

export function useChangeStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSettled: (_, __, v) => {
      void qc.invalidateQueries({ queryKey: queueQueryOptions().queryKey });
      void qc.invalidateQueries({ queryKey: valetTicketQueryOptions(v.id).queryKey });
    },
  });
}
