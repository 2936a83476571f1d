import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminUser, Paged } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { searchPageQuery, type SearchPageFilters } from "@/lib/search-page";
import { userKeys } from "@/lib/query-keys";

export type UserFilters = SearchPageFilters;

export function getUsers(f: UserFilters) {
  return api<Paged<"users", AdminUser>>(`/api/admin/users?${searchPageQuery(f)}`);
}
export const usersQueryOptions = (f: UserFilters) =>
  queryOptions({ queryKey: userKeys.list(f), queryFn: () => getUsers(f), placeholderData: keepPreviousData });
/** Every users query (for invalidation). */
export const useUsers = (f: UserFilters) => useQuery(usersQueryOptions(f));
