import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateStaffInput, StaffCreated } from "@meridian/shared/rides";
import { api } from "@/lib/api";

import { rideKeys, userKeys, adminKeys } from "@/lib/query-keys";

export const addStaff = (input: CreateStaffInput) => api<StaffCreated>("/api/admin/staff", { method: "POST", json: input });

export function useAddStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addStaff,
    onSuccess: () => Promise.all([rideKeys.staff(), userKeys.all(), adminKeys.audit()].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
