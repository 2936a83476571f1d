import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ValetCheckInInput, ValetCheckInResult } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";

import { valetKeys } from "@/lib/query-keys";

export const checkIn = (input: ValetCheckInInput) => api<ValetCheckInResult>("/api/valet/tickets", { method: "POST", json: input });

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
