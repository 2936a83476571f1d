import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { incidentsPageSchema } from "@meridian/shared/valet/answers";
import { api } from "@/lib/api";
import { valetKeys } from "@/lib/query-keys";

export const getIncidents = (page: number) => api(`/api/admin/incidents?page=${page}&pageSize=20`, incidentsPageSchema);
export const incidentsQueryOptions = (page: number) =>
  queryOptions({ queryKey: valetKeys.incidents(page), queryFn: () => getIncidents(page), placeholderData: keepPreviousData });
export const useIncidents = (page: number) => useQuery(incidentsQueryOptions(page));
