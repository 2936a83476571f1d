import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { placesAnswers } from "./suggest-places";
import { placeKeys } from "@/lib/query-keys";

export const getPlace = (placeId: string) => api(`/api/places/${encodeURIComponent(placeId)}`, placesAnswers.place);

export const placeQueryOptions = (placeId: string) =>
  queryOptions({
    queryKey: placeKeys.place(placeId),
    queryFn: () => getPlace(placeId),
    staleTime: 60 * 60_000,
    retry: false,
  });

export const usePlace = (placeId: string) => useQuery(placeQueryOptions(placeId));
