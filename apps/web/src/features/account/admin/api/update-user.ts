import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminUserResponseSchema, type AdminUpdateUserInput } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { userKeys, adminKeys } from "@/lib/query-keys";

export const updateUser = (id: string, input: AdminUpdateUserInput) =>
  api(`/api/admin/users/${encodeURIComponent(id)}`, adminUserResponseSchema, { method: "PATCH", json: input });

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUpdateUserInput }) => updateUser(id, input),
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: userKeys.all() }), qc.invalidateQueries({ queryKey: adminKeys.audit() })]);
    },
  });
}
