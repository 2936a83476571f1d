import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { Place } from "./types";
import { placeKeys } from "@/lib/query-keys";

export const getPlace = (placeId: string) => api<Place>(`/api/places/${encodeURIComponent(placeId)}`);

export const placeQueryOptions = (placeId: string) =>
  queryOptions({
    queryKey: placeKeys.place(placeId),
    queryFn: () => getPlace(placeId),
    staleTime: 60 * 60_000,
    retry: false,
  });

export const usePlace = (placeId: string) => useQuery(placeQueryOptions(placeId));
