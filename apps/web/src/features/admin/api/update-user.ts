import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUpdateUserInput, AdminUser } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { allAuditQueryKey } from "./get-audit";
import { allUsersQueryKey } from "./get-users";

export const updateUser = (id: string, input: AdminUpdateUserInput) =>
  api<{ user: AdminUser }>(`/api/admin/users/${encodeURIComponent(id)}`, { method: "PATCH", json: input });

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUpdateUserInput }) => updateUser(id, input),
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: allUsersQueryKey }), qc.invalidateQueries({ queryKey: allAuditQueryKey })]);
    },
  });
}
