import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { callerCustomersResponseSchema } from "@meridian/shared/caller-booking";
import { api } from "@/lib/api";
import { bookingKeys } from "@/lib/query-keys";

/** The desk's customer search (name, e-mail or phone) for New Booking; at least 2 characters. */
export const customersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: bookingKeys.customers(q),
    queryFn: () => api(`/api/admin/customers?q=${encodeURIComponent(q)}`, callerCustomersResponseSchema),
    select: (d) => d.customers,
    placeholderData: keepPreviousData,
  });
export const useCustomers = (q: string) => useQuery({ ...customersQueryOptions(q), enabled: q.trim().length >= 2 });
