import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminUser } from "@meridian/shared/admin";
import { api } from "@/lib/api";

export const getUsers = (q: string) => api<{ users: AdminUser[]; total: number; limit: number }>(`/api/admin/users${q ? `?q=${encodeURIComponent(q)}` : ""}`);
export const usersQueryOptions = (q: string) =>
  queryOptions({ queryKey: ["admin", "users", { q }], queryFn: () => getUsers(q), placeholderData: keepPreviousData });
/** Every users query (for invalidation). */
export const allUsersQueryKey = ["admin", "users"] as const;
export const useUsers = (q: string) => useQuery(usersQueryOptions(q));
