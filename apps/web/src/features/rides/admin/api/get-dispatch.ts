import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DispatchBoard } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { rideKeys } from "@/lib/query-keys";

export const getDispatch = (date?: string) => api<DispatchBoard>(`/api/admin/dispatch${date ? `?date=${encodeURIComponent(date)}` : ""}`);
export const dispatchQueryOptions = (date?: string) => queryOptions({ queryKey: rideKeys.dispatchDay(date), queryFn: () => getDispatch(date) });
export const useDispatch = (date?: string) => useQuery(dispatchQueryOptions(date));
