import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ValetCheckInInput, ValetCheckInResult } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";
import { queueQueryOptions } from "./get-queue";
import { standsQueryOptions } from "./get-stands";
import { todaysValetBookingsKey } from "./get-todays-bookings";

export const checkIn = (input: ValetCheckInInput) => api<ValetCheckInResult>("/api/valet/tickets", { method: "POST", json: input });

export function useCheckIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queueQueryOptions().queryKey });
      void qc.invalidateQueries({ queryKey: standsQueryOptions().queryKey });
      void qc.invalidateQueries({ queryKey: todaysValetBookingsKey });
    },
  });
}
