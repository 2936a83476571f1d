import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateShiftInput, Shift } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { rideKeys, adminKeys } from "@/lib/query-keys";

export const createShift = (input: CreateShiftInput) => api<{ shift: Shift }>("/api/admin/shifts", { method: "POST", json: input });
export const deleteShift = (id: string) => api<null>(`/api/admin/shifts/${encodeURIComponent(id)}`, { method: "DELETE" });

function useInvalidateShifts() {
  const qc = useQueryClient();
  return () => Promise.all([rideKeys.shifts(), rideKeys.dispatch(), adminKeys.audit()].map((queryKey) => qc.invalidateQueries({ queryKey })));
}
export const useCreateShift = () => useMutation({ mutationFn: createShift, onSuccess: useInvalidateShifts() });
export const useDeleteShift = () => useMutation({ mutationFn: deleteShift, onSuccess: useInvalidateShifts() });
