import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ValetStatus } from "@meridian/shared/valet-ticket";
import { valetTicketResponseSchema } from "@meridian/shared/valet/answers";
import { api } from "@/lib/api";

import { valetTicketQueryOptions } from "./get-valet-ticket";
import { valetKeys } from "@/lib/query-keys";

export const changeStatus = ({ id, status, stall }: { id: string; status: ValetStatus; stall?: string }) =>
  api(`/api/valet/tickets/${id}`, valetTicketResponseSchema, { method: "PATCH", json: { status, ...(stall ? { stall } : {}) } });

export function useChangeStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSettled: (_, __, v) => {
      void qc.invalidateQueries({ queryKey: valetKeys.queue() });
      void qc.invalidateQueries({ queryKey: valetTicketQueryOptions(v.id).queryKey });
    },
  });
}
