// PUT /api/admin/pricing/valet: saves the draft card (quotes change only after Publish Changes).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminValetRates, ValetRates } from "@meridian/shared/valet-pricing";
import { api } from "@/lib/api";
import { valetRatesQueryOptions } from "./get-valet-rates";

export const saveValetRates = (rates: ValetRates) => api<AdminValetRates>("/api/admin/pricing/valet", { method: "PUT", json: rates });

export function useSaveValetRates() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveValetRates, onSuccess: (data) => queryClient.setQueryData(valetRatesQueryOptions.queryKey, data) });
}
