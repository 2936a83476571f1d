import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Shift } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { rideKeys } from "@/lib/query-keys";

export const getShifts = (from: string, days = 7) => api<{ shifts: Shift[]; timeZone: string }>(`/api/admin/shifts?from=${from}&days=${days}`);
export const shiftsQueryOptions = (from: string) => queryOptions({ queryKey: rideKeys.shiftsFrom(from), queryFn: () => getShifts(from) });
export const useShifts = (from: string) => useQuery(shiftsQueryOptions(from));
