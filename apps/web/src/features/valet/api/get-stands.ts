import { queryOptions, useQuery } from "@tanstack/react-query";
import { valetStandsResponseSchema } from "@meridian/shared/valet/answers";
import { api } from "@/lib/api";
import { valetKeys } from "@/lib/query-keys";

export const getStands = () => api("/api/valet/stands", valetStandsResponseSchema);
export const standsQueryOptions = () => queryOptions({ queryKey: valetKeys.stands(), queryFn: getStands, staleTime: 60_000 });
export const useStands = () => useQuery(standsQueryOptions());
