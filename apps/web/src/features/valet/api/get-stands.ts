import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const getStands = () => api<{ stands: string[] }>("/api/valet/stands");
export const standsQueryOptions = () => queryOptions({ queryKey: ["valet", "stands"], queryFn: getStands, staleTime: 60_000 });
export const useStands = () => useQuery(standsQueryOptions());
