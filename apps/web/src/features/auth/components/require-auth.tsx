// Route guards: spinner while the session loads; no user -> "/"; non-admin on an admin route -> "/dashboard";
// a customer on a staff route -> "/dashboard".
import { isStaffRole } from "@meridian/shared/auth";
import { Navigate, Outlet } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useAuth } from "../auth-context";

export function RequireUser() {
  const { loading, user } = useAuth();
  if (loading) return <FullPageSpinner />;
  if (!user) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Staff screens: valet attendants, chauffeurs, dispatchers, and admins; a customer goes to the dashboard. */
export function RequireStaff() {
  const { loading, user } = useAuth();
  if (loading) return <FullPageSpinner />;
  if (!user) return <Navigate to="/" replace />;
  if (!(isStaffRole(user.role) || user.role === "admin")) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** The back office: admins, and dispatchers (who see only the desk's screens, see admin-nav.ts). */
export function RequireAdmin() {
  const { loading, user, isDesk } = useAuth();
  if (loading) return <FullPageSpinner />;
  if (!user) return <Navigate to="/" replace />;
  if (!isDesk) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
