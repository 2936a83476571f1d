import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateStaffInput, StaffCreated } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { allAuditQueryKey } from "./get-audit";
import { staffQueryOptions } from "./get-staff";
import { allUsersQueryKey } from "./get-users";

export const addStaff = (input: CreateStaffInput) => api<StaffCreated>("/api/admin/staff", { method: "POST", json: input });

export function useAddStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addStaff,
    onSuccess: () => Promise.all([staffQueryOptions.queryKey, allUsersQueryKey, allAuditQueryKey].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
