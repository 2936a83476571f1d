import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminCreateUserInput, AdminUser } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { allAuditQueryKey } from "./get-audit";
import { overviewQueryOptions } from "./get-overview";
import { allUsersQueryKey } from "./get-users";

export const createUser = (input: AdminCreateUserInput) => api<{ user: AdminUser }>("/api/admin/users", { method: "POST", json: input });

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: allUsersQueryKey }),
        qc.invalidateQueries({ queryKey: allAuditQueryKey }),
        qc.invalidateQueries({ queryKey: overviewQueryOptions.queryKey }),
      ]);
    },
  });
}
