import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { placesAnswers } from "./suggest-places";
import { placeKeys } from "@/lib/query-keys";

/** The nearest known place to a browser position; 404 when there is none. */
export const reversePlace = (lat: number, lng: number) =>
  api(`/api/places/reverse?${new URLSearchParams({ lat: lat.toFixed(6), lng: lng.toFixed(6) })}`, placesAnswers.place);

export const reversePlaceQueryOptions = (lat: number, lng: number) =>
  queryOptions({
    queryKey: placeKeys.reverse(lat.toFixed(4), lng.toFixed(4)),
    queryFn: () => reversePlace(lat, lng),
    staleTime: 10 * 60_000,
    retry: false,
  });
