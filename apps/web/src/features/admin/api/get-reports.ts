import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminReports } from "@meridian/shared/admin";
import { api } from "@/lib/api";

export const getReports = () => api<AdminReports>("/api/admin/reports");
export const reportsQueryOptions = queryOptions({ queryKey: ["admin", "reports"], queryFn: getReports });
export const useReports = () => useQuery(reportsQueryOptions);
