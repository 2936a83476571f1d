import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ClaimView } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";
import { claimQueryOptions } from "./get-claim";

export const requestCar = (token: string) => api<{ claim: ClaimView }>(`/api/claim/${encodeURIComponent(token)}/request`, { method: "POST" });

export function useRequestCar(token: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => requestCar(token), onSuccess: (data) => qc.setQueryData(claimQueryOptions(token).queryKey, data) });
}
