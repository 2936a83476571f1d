import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ValetCheckInInput } from "@meridian/shared/valet-ticket";
import { valetCheckInResponseSchema } from "@meridian/shared/valet/answers";
import { api } from "@/lib/api";

import { valetKeys } from "@/lib/query-keys";

export const checkIn = (input: ValetCheckInInput) => api("/api/valet/tickets", valetCheckInResponseSchema, { method: "POST", json: input });

export function useCheckIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: valetKeys.queue() });
      void qc.invalidateQueries({ queryKey: valetKeys.stands() });
      void qc.invalidateQueries({ queryKey: valetKeys.todaysAll() });
    },
  });
}
