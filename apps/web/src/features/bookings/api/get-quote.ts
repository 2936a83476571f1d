// POST /api/quotes: the server prices the ride from place ids; the client only displays its answer.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { QuoteInput, QuoteResponse } from "@meridian/shared/booking";
import { api } from "@/lib/api";
import { bookingKeys } from "@/lib/query-keys";

export type { QuoteInput, QuoteResponse };

export const getQuote = (input: QuoteInput, signal?: AbortSignal) => api<QuoteResponse>("/api/quotes", { method: "POST", json: input, signal });

/** Refresh a shown quote shortly before its id expires, so Confirm always sends a live one. */
function msUntilRefresh(data: { expiresAt: string } | undefined): number | false {
  if (!data) return false;
  const left = Date.parse(data.expiresAt) - Date.now();
  return Number.isFinite(left) ? Math.max(5_000, left - 20_000) : false;
}

/** How the dialog asks for a live quote (ride or valet): never retried, kept while the next one loads, refreshed before it expires. */
export function liveQuoteOptions<I, R extends { expiresAt: string }>(key: string, input: I | null, fetcher: (input: I, signal?: AbortSignal) => Promise<R>) {
  return queryOptions({
    queryKey: bookingKeys.liveQuote(key, input),
    queryFn: ({ signal }) => fetcher(input!, signal),
    enabled: input !== null,
    retry: false,
    staleTime: 30_000,
    gcTime: 60_000,
    refetchInterval: (q) => msUntilRefresh(q.state.data),
    placeholderData: keepPreviousData,
  });
}

export const quoteQueryOptions = (input: QuoteInput | null) => liveQuoteOptions("quotes", input, getQuote);

export const useQuote = (input: QuoteInput | null) => useQuery(quoteQueryOptions(input));
