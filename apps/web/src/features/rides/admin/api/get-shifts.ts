import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api";
import { rideKeys } from "@/lib/query-keys";
import { shiftsResponseSchema } from "@meridian/shared/rides/answers";

export const getShifts = (from: string, days = 7) => api(`/api/admin/shifts?from=${from}&days=${days}`, shiftsResponseSchema);
export const shiftsQueryOptions = (from: string) => queryOptions({ queryKey: rideKeys.shiftsFrom(from), queryFn: () => getShifts(from) });
export const useShifts = (from: string) => useQuery(shiftsQueryOptions(from));
