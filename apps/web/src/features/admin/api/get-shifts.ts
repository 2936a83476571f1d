import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Shift } from "@meridian/shared/rides";
import { api } from "@/lib/api";

export const allShiftsQueryKey = ["admin", "shifts"] as const;
export const getShifts = (from: string, days = 7) => api<{ shifts: Shift[]; timeZone: string }>(`/api/admin/shifts?from=${from}&days=${days}`);
export const shiftsQueryOptions = (from: string) => queryOptions({ queryKey: [...allShiftsQueryKey, from], queryFn: () => getShifts(from) });
export const useShifts = (from: string) => useQuery(shiftsQueryOptions(from));
