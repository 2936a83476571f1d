import { queryOptions } from "@tanstack/react-query";
import type { Profile } from "@meridian/shared/profile";
import { api } from "@/lib/api";
import { meKeys } from "@/lib/query-keys";

export const profileQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: meKeys.profile(userId),
    queryFn: () => api<Profile>("/api/me/profile"),
    enabled: Boolean(userId),
  });
