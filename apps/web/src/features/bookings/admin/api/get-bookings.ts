import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminBookingsPageSchema } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { bookingKeys } from "@/lib/query-keys";
import { filterQuery } from "@/lib/search-page";

export type BookingFilters = { q: string; status: string; service: string; from: string; to: string; page: number; pageSize: number };

/** The query string both the list and the CSV export use. Blank filters are left out. */
export const bookingFilterParams = (f: Partial<BookingFilters>) => filterQuery(f);

export const getBookings = (f: BookingFilters) => api(`/api/admin/bookings${bookingFilterParams(f)}`, adminBookingsPageSchema);
export const bookingsQueryOptions = (f: BookingFilters) =>
  queryOptions({ queryKey: bookingKeys.list(f), queryFn: () => getBookings(f), placeholderData: keepPreviousData });
/** `enabled` false (e.g. an inverted date range) asks the server nothing and keeps the rows shown. */
export const useBookings = (f: BookingFilters, enabled = true) => useQuery({ ...bookingsQueryOptions(f), enabled });

/** The export link for the same filters (no paging: every filtered row). */
export const bookingsExportUrl = (f: Partial<BookingFilters>) =>
  `/api/admin/bookings/export.csv${bookingFilterParams({ q: f.q, status: f.status, service: f.service, from: f.from, to: f.to })}`;
