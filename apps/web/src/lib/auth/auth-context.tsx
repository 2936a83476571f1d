// The auth context of the spec: loading until the first session check, then the user and their profile.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { isDeskRole } from "@meridian/shared/roles";
import type { Profile } from "@meridian/shared/profile";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { api } from "@/lib/api";
import { profileQueryOptions } from "./get-profile";
import { sessionQueryOptions, type SessionUser } from "./get-session";
import { sessionKeys, meKeys, adminKeys } from "@/lib/query-keys";

type AuthContextValue = {
  loading: boolean;
  user: SessionUser | null;
  profile: Profile | null;
  isAdmin: boolean;
  /** Admins and dispatchers: the people at the desk (dispatch board, bookings). */
  isDesk: boolean;
  /** Re-reads the session (after sign-in, sign-up, sign-out); answers the signed-in user, if any. */
  refresh: () => Promise<SessionUser | null>;
  signOut: () => Promise<void>;
  /** Signed out from this page (not a visitor who arrived signed out): the route guards just go home. */
  signedOutHere: boolean;
};

const signOutAnswer = () => import("@meridian/shared/identity/answers").then((m) => m.authAnswers["/sign-out"]);

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions);
  const user = session.data?.user ?? null;
  const profile = useQuery(profileQueryOptions(user?.id));
  const [signedOut, setSignedOut] = useState(false);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: sessionKeys.session() });
    await queryClient.refetchQueries({ queryKey: sessionKeys.session() });
    return queryClient.getQueryData(sessionQueryOptions.queryKey)?.user ?? null;
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await api("/api/auth/sign-out", signOutAnswer, { method: "POST", json: {} });
    setSignedOut(true);
    queryClient.setQueryData(sessionQueryOptions.queryKey, null);
    queryClient.removeQueries({ queryKey: meKeys.all() });
    queryClient.removeQueries({ queryKey: adminKeys.all() });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      loading: session.isPending,
      user,
      // A failed profile fetch is only logged; the profile is then empty.
      profile: profile.data ?? null,
      isAdmin: user?.role === "admin",
      isDesk: user ? isDeskRole(user.role) : false,
      refresh,
      signOut,
      signedOutHere: signedOut && !user,
    }),
    [session.isPending, user, profile.data, refresh, signOut, signedOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used within an AuthProvider");
  return ctx;
}
