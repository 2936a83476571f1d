import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminUserResponseSchema, type AdminCreateUserInput } from "@meridian/shared/admin";
import { api } from "@/lib/api";

import { userKeys, adminKeys } from "@/lib/query-keys";

export const createUser = (input: AdminCreateUserInput) => api("/api/admin/users", adminUserResponseSchema, { method: "POST", json: input });

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: userKeys.all() }),
        qc.invalidateQueries({ queryKey: adminKeys.audit() }),
        qc.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]);
    },
  });
}
