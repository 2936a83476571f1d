import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { meKeys } from "@/lib/query-keys";

/** Loaded with the first profile read (signed in), not with the home page. */
const profileAnswer = () => import("@meridian/shared/profile").then((m) => m.profileSchema);

export const profileQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: meKeys.profile(userId),
    queryFn: () => api("/api/me/profile", profileAnswer),
    enabled: Boolean(userId),
  });
