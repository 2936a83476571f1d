import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminCreateUserInput, AdminUser } from "@meridian/shared/admin";
import { api } from "@/lib/api";

import { userKeys, adminKeys } from "@/lib/query-keys";

export const createUser = (input: AdminCreateUserInput) => api<{ user: AdminUser }>("/api/admin/users", { method: "POST", json: input });

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
