import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ReportCsvCard } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { adminKeys } from "@/lib/query-keys";
import { filterQuery } from "@/lib/search-page";
import { adminReportsSchema } from "@meridian/shared/reports/answers";

export type ReportRange = { from: string; to: string };

/** ?from=&to= with blank ends left out. */
const rangeParams = (r: ReportRange) => filterQuery({ from: r.from, to: r.to });

export const getReports = (r: ReportRange) => api(`/api/admin/reports${rangeParams(r)}`, adminReportsSchema);
/** Every range's reports (what a change to bookings or payments invalidates). */
export const reportsQueryOptions = (r: ReportRange) =>
  queryOptions({ queryKey: adminKeys.report(r), queryFn: () => getReports(r), placeholderData: keepPreviousData });
/** `enabled` false (an inverted date range) asks the server nothing and keeps the figures shown. */
export const useReports = (r: ReportRange, enabled = true) => useQuery({ ...reportsQueryOptions(r), enabled });

/** One card's figures as a CSV download, for the same range. */
export const reportCsvUrl = (card: ReportCsvCard, r: ReportRange) => `/api/admin/reports/${card}.csv${rangeParams(r)}`;
