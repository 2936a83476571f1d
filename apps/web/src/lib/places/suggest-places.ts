import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

import { placeKeys } from "@/lib/query-keys";
import { suggestResponseSchema } from "@meridian/shared/places";

export const MIN_QUERY_LENGTH = 2;

export const suggestPlaces = (q: string, session: string, signal?: AbortSignal) =>
  api(`/api/places/suggest?${new URLSearchParams({ q, session })}`, suggestResponseSchema, { signal }).then((r) => r.suggestions);

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
