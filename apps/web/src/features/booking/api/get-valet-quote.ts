// POST /api/valet/quotes: the server prices the event from the published valet rates; the client only displays its answer.
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ValetQuoteValues } from "@meridian/shared/valet";
import type { ValetQuoteResponse } from "@meridian/shared/valet-pricing";
import { api } from "@/lib/api";
import { msUntilRefresh } from "./get-quote";

export type { ValetQuoteResponse, ValetQuoteValues };

export const getValetQuote = (input: ValetQuoteValues, signal?: AbortSignal) =>
  api<ValetQuoteResponse>("/api/valet/quotes", { method: "POST", json: input, signal });

export const valetQuoteQueryOptions = (input: ValetQuoteValues | null) =>
  queryOptions({
    queryKey: ["valet-quotes", input],
    queryFn: ({ signal }) => getValetQuote(input!, signal),
    enabled: input !== null,
    retry: false,
    staleTime: 30_000,
    gcTime: 60_000,
    refetchInterval: (q) => msUntilRefresh(q.state.data),
    placeholderData: keepPreviousData,
  });

export const useValetQuote = (input: ValetQuoteValues | null) => useQuery(valetQuoteQueryOptions(input));
