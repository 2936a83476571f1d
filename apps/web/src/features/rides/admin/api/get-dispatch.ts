import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api";
import { rideKeys } from "@/lib/query-keys";
import { dispatchBoardSchema } from "@meridian/shared/rides/answers";

export const getDispatch = (date?: string) => api(`/api/admin/dispatch${date ? `?date=${encodeURIComponent(date)}` : ""}`, dispatchBoardSchema);
export const dispatchQueryOptions = (date?: string) => queryOptions({ queryKey: rideKeys.dispatchDay(date), queryFn: () => getDispatch(date) });
export const useDispatch = (date?: string) => useQuery(dispatchQueryOptions(date));
