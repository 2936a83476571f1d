import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { valetKeys } from "@/lib/query-keys";

export const getStands = () => api<{ stands: string[] }>("/api/valet/stands");
export const standsQueryOptions = () => queryOptions({ queryKey: valetKeys.stands(), queryFn: getStands, staleTime: 60_000 });
export const useStands = () => useQuery(standsQueryOptions());
