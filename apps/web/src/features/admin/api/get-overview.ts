import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminOverview } from "@meridian/shared/admin";
import { api } from "@/lib/api";

export const getOverview = () => api<AdminOverview>("/api/admin/overview");
export const overviewQueryOptions = queryOptions({ queryKey: ["admin", "overview"], queryFn: getOverview });
export const useOverview = () => useQuery(overviewQueryOptions);
