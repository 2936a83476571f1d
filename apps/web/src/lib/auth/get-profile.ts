import { queryOptions } from "@tanstack/react-query";
import type { Profile } from "@meridian/shared/profile";
import { api } from "@/lib/api";

export const profileQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ["me", "profile", userId],
    queryFn: () => api<Profile>("/api/me/profile"),
    enabled: Boolean(userId),
  });
