import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

import { placeKeys } from "@/lib/query-keys";

/** The places answers' schemas, loaded with the first lookup (the home page's address fields show before zod loads). */
export const placesAnswers = {
  suggestions: () => import("@meridian/shared/places").then((m) => m.suggestResponseSchema),
  place: () => import("@meridian/shared/places").then((m) => m.placeSchema),
};

export const MIN_QUERY_LENGTH = 2;

export const suggestPlaces = (q: string, session: string, signal?: AbortSignal) =>
  api(`/api/places/suggest?${new URLSearchParams({ q, session })}`, placesAnswers.suggestions, { signal }).then((r) => r.suggestions);

export const suggestPlacesQueryOptions = (q: string, session: string) =>
  queryOptions({
    queryKey: placeKeys.suggest(q.trim().toLowerCase(), session),
    queryFn: ({ signal }) => suggestPlaces(q.trim(), session, signal),
    enabled: q.trim().length >= MIN_QUERY_LENGTH,
    staleTime: 5 * 60_000,
    placeholderData: (prev) => prev,
    retry: false,
  });

export const useSuggestPlaces = (q: string, session: string) => useQuery(suggestPlacesQueryOptions(q, session));
