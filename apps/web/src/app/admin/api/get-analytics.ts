import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AnalyticsPeriod } from "@meridian/shared/analytics";
import { api } from "@/lib/api";
import { adminKeys } from "@/lib/query-keys";
import { adminAnalyticsSchema } from "@meridian/shared/reports/answers";

export const getAnalytics = (days: AnalyticsPeriod) => api(`/api/admin/analytics?days=${days}`, adminAnalyticsSchema);
export const analyticsQueryOptions = (days: AnalyticsPeriod) =>
  queryOptions({ queryKey: adminKeys.analytics(days), queryFn: () => getAnalytics(days), placeholderData: keepPreviousData });
export const useAnalytics = (days: AnalyticsPeriod) => useQuery(analyticsQueryOptions(days));

/** The same period's figures as a CSV download (a row per day, then the totals). */
export const analyticsCsvUrl = (days: AnalyticsPeriod) => `/api/admin/analytics.csv?days=${days}`;
