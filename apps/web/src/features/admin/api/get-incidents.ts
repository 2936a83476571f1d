import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Paged } from "@meridian/shared/admin";
import type { IncidentRow } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";
import { valetKeys } from "@/lib/query-keys";

export const getIncidents = (page: number) => api<Paged<"incidents", IncidentRow>>(`/api/admin/incidents?page=${page}&pageSize=20`);
export const incidentsQueryOptions = (page: number) =>
  queryOptions({ queryKey: valetKeys.incidents(page), queryFn: () => getIncidents(page), placeholderData: keepPreviousData });
export const useIncidents = (page: number) => useQuery(incidentsQueryOptions(page));
