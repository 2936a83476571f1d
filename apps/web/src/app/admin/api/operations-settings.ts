import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OperationsSettings } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { adminKeys } from "@/lib/query-keys";

export const settingsQueryOptions = queryOptions({ queryKey: adminKeys.settings(), queryFn: () => api<{ operations: OperationsSettings }>("/api/admin/settings") });
export const useOperationsSettings = () => useQuery(settingsQueryOptions);

export const saveOperationsSettings = (input: OperationsSettings) => api<{ operations: OperationsSettings }>("/api/admin/settings", { method: "PUT", json: input });
export function useSaveOperationsSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveOperationsSettings,
    onSuccess: (data) => {
      qc.setQueryData(settingsQueryOptions.queryKey, data);
      return qc.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
