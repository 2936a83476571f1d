import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { Role } from "@meridian/shared/roles";
import { sessionKeys } from "@/lib/query-keys";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  banned: boolean;
};

export type SessionResponse = { session: { id: string; expiresAt: string }; user: SessionUser } | null;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.session(),
  queryFn: () => api<SessionResponse>("/api/auth/get-session"),
  staleTime: 30_000,
  // The server's cookie cache keeps this cheap; re-check when the tab regains focus.
  refetchOnWindowFocus: true,
  retry: (count, err) => count < 3 && [502, 503, 504].includes((err as { status?: number }).status ?? 0),
  retryDelay: (attempt) => 200 * (attempt + 1),
});
