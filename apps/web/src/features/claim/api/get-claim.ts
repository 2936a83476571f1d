import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { CLAIM_UPDATE_EVENT, type ClaimUpdate, type ClaimView } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";
import { useEventStream } from "@/features/valet/api/use-event-stream";

export const getClaim = (token: string) => api<{ claim: ClaimView }>(`/api/claim/${encodeURIComponent(token)}`);
export const claimQueryOptions = (token: string) => queryOptions({ queryKey: ["claim", token], queryFn: () => getClaim(token), retry: false });

/** The guest's ticket, kept live: each update on the stream lands in the cache as it happens. */
export function useLiveClaim(token: string) {
  const qc = useQueryClient();
  const key = claimQueryOptions(token).queryKey;
  const query = useQuery(claimQueryOptions(token));
  useEventStream<ClaimUpdate>(
    query.isSuccess ? `/api/claim/${encodeURIComponent(token)}/events` : null,
    CLAIM_UPDATE_EVENT,
    (u) => qc.setQueryData(key, (old) => (old ? { claim: { ...old.claim, ...u } } : old)),
    () => void qc.invalidateQueries({ queryKey: key }),
  );
  return query;
}
