import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api";
import { searchPageQuery, type SearchPageFilters } from "@/lib/search-page";
import { userKeys } from "@/lib/query-keys";
import { adminUsersPageSchema } from "@meridian/shared/admin";

export type UserFilters = SearchPageFilters;

export function getUsers(f: UserFilters) {
  return api(`/api/admin/users?${searchPageQuery(f)}`, adminUsersPageSchema);
}
export const usersQueryOptions = (f: UserFilters) =>
  queryOptions({ queryKey: userKeys.list(f), queryFn: () => getUsers(f), placeholderData: keepPreviousData });
/** Every users query (for invalidation). */
export const useUsers = (f: UserFilters) => useQuery(usersQueryOptions(f));
