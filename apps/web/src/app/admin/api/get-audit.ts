import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api";
import { adminKeys } from "@/lib/query-keys";
import { adminAuditPageSchema } from "@meridian/shared/reports/answers";

export const getAudit = (page: number, pageSize: number) =>
  api(`/api/admin/audit?page=${page}&pageSize=${pageSize}`, adminAuditPageSchema);
export const auditQueryOptions = (page: number, pageSize: number) =>
  queryOptions({ queryKey: adminKeys.auditPage(page, pageSize), queryFn: () => getAudit(page, pageSize), placeholderData: keepPreviousData });
export const useAudit = (page: number, pageSize: number) => useQuery(auditQueryOptions(page, pageSize));
