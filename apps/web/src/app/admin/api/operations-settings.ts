import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OperationsSettings } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { adminKeys } from "@/lib/query-keys";
import { operationsSettingsResponseSchema } from "@meridian/shared/rides/answers";

export const settingsQueryOptions = queryOptions({ queryKey: adminKeys.settings(), queryFn: () => api("/api/admin/settings", operationsSettingsResponseSchema) });
export const useOperationsSettings = () => useQuery(settingsQueryOptions);

export const saveOperationsSettings = (input: OperationsSettings) => api("/api/admin/settings", operationsSettingsResponseSchema, { method: "PUT", json: input });
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
