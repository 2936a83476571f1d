import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminAuditPage } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { adminKeys } from "@/lib/query-keys";

export const getAudit = (page: number, pageSize: number) =>
  api<AdminAuditPage>(`/api/admin/audit?page=${page}&pageSize=${pageSize}`);
export const auditQueryOptions = (page: number, pageSize: number) =>
  queryOptions({ queryKey: adminKeys.auditPage(page, pageSize), queryFn: () => getAudit(page, pageSize), placeholderData: keepPreviousData });
export const useAudit = (page: number, pageSize: number) => useQuery(auditQueryOptions(page, pageSize));
