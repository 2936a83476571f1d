import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ClaimView } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";
import { claimQueryOptions } from "./get-claim";

export const cancelRequest = (token: string) => api<{ claim: ClaimView }>(`/api/claim/${encodeURIComponent(token)}/request`, { method: "DELETE" });

export function useCancelRequest(token: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => cancelRequest(token), onSuccess: (data) => qc.setQueryData(claimQueryOptions(token).queryKey, data) });
}
