// Route guards: spinner while the session loads; no user -> "/" (a visitor who arrived signed out gets the sign-in
// modal there, and signing in goes on to the page asked for: an e-mail's link to a tip, a payment or a staff screen
// is not lost; signing out from a guarded page just goes home);
// non-admin on an admin route -> "/dashboard"; a customer on a staff route -> "/dashboard".
import { isStaffRole } from "@meridian/shared/roles";
import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-context";

/** The state "/" is given when a signed-out visitor asked for a guarded page: where signing in goes next. */
export type SignInThen = { signInThen: string };

/** Where a successful sign-in should go next (only a path on this site), or null. */
export function signInThenPath(state: unknown): string | null {
  const next = (state as Partial<SignInThen> | null)?.signInThen;
  return typeof next === "string" && next.startsWith("/") && !next.startsWith("//") ? next : null;
}

function SignInFirst() {
  const { pathname, search, hash } = useLocation();
  const { signedOutHere } = useAuth();
  if (signedOutHere) return <Navigate to="/" replace />; // signing out from a guarded page just goes home
  return <Navigate to="/" replace state={{ signInThen: pathname + search + hash } satisfies SignInThen} />;
}

export function RequireUser() {
  const { loading, user } = useAuth();
  if (loading) return <FullPageSpinner />;
  if (!user) return <SignInFirst />;
  return <Outlet />;
}

/** Staff screens: valet attendants, chauffeurs, dispatchers, and admins; a customer goes to the dashboard. */
export function RequireStaff() {
  const { loading, user } = useAuth();
  if (loading) return <FullPageSpinner />;
  if (!user) return <SignInFirst />;
  if (!(isStaffRole(user.role) || user.role === "admin")) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** The back office: admins, and dispatchers (who see only the desk's screens, see admin-nav.ts). */
export function RequireAdmin() {
  const { loading, user, isDesk } = useAuth();
  if (loading) return <FullPageSpinner />;
  if (!user) return <SignInFirst />;
  if (!isDesk) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
