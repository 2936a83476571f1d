import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { SessionUser } from "@meridian/shared/identity/answers";
import { sessionKeys } from "@/lib/query-keys";

export type { SessionUser };

/** The session's schema, loaded only when there is a session to check: signed out (null, the home page's usual
 * answer) keeps zod off the page. */
const sessionAnswer = () => import("@meridian/shared/identity/answers").then((m) => m.authAnswers["/get-session"]);

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.session(),
  queryFn: () => api("/api/auth/get-session", sessionAnswer),
  staleTime: 30_000,
  // The server's cookie cache keeps this cheap; re-check when the tab regains focus.
  refetchOnWindowFocus: true,
  retry: (count, err) => count < 3 && [502, 503, 504].includes((err as { status?: number }).status ?? 0),
  retryDelay: (attempt) => 200 * (attempt + 1),
});
