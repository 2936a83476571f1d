import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateShiftInput } from "@meridian/shared/rides";
import { z } from "zod";
import { api } from "@/lib/api";
import { rideKeys, adminKeys } from "@/lib/query-keys";
import { shiftResponseSchema } from "@meridian/shared/rides/answers";

export const createShift = (input: CreateShiftInput) => api("/api/admin/shifts", shiftResponseSchema, { method: "POST", json: input });
export const deleteShift = (id: string) => api(`/api/admin/shifts/${encodeURIComponent(id)}`, z.null(), { method: "DELETE" });

function useInvalidateShifts() {
  const qc = useQueryClient();
  return () => Promise.all([rideKeys.shifts(), rideKeys.dispatch(), adminKeys.audit()].map((queryKey) => qc.invalidateQueries({ queryKey })));
}
export const useCreateShift = () => useMutation({ mutationFn: createShift, onSuccess: useInvalidateShifts() });
export const useDeleteShift = () => useMutation({ mutationFn: deleteShift, onSuccess: useInvalidateShifts() });
