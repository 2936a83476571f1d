// /staff/*: the phone-first screens of valet attendants and chauffeurs (the route is behind RequireStaff).
// Each staff screen adds one entry to STAFF_SCREENS and one <Route> below.
import type { Role } from "@meridian/shared/roles";
import { homePathFor, ROLE_LABELS } from "@meridian/shared/roles";
import { lazy, Suspense } from "react";
import { Navigate, NavLink, Route, Routes } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-context";
import { cn } from "@/lib/utils";

/** The staff screens and who may open them (admins may open all of them). */
const STAFF_SCREENS: { path: string; label: string; roles: Role[] }[] = [
  { path: "valet", label: "Valet", roles: ["valet"] },
  { path: "rides", label: "Rides", roles: ["chauffeur"] },
];

const ValetScreen = lazy(() => import("@/features/valet/valet-screen"));
const RidesScreen = lazy(() => import("@/features/rides/staff/rides-screen"));

export default function StaffApp() {
  const { user, profile } = useAuth();
  const role = user?.role ?? "user";
  const screens = STAFF_SCREENS.filter((s) => role === "admin" || s.roles.includes(role));
  const home = role === "admin" ? (screens[0] ? `/staff/${screens[0].path}` : "/admin") : homePathFor(role);
  return (
    // data-staff-screen: on phones the toasts sit at the bottom, clear of the staff header (theme.css).
    <div data-staff-screen className="mx-auto min-h-dvh w-full max-w-[560px] px-4 pb-16 pt-[88px]">
      <div data-testid="staff-identity" className="mb-5 flex items-baseline justify-between gap-3">
        <p className="text-sm text-muted">
          <span className="font-medium text-foreground">{profile?.fullName?.trim() || user?.name || "Staff"}</span> · {ROLE_LABELS[role]}
        </p>
      </div>
      {screens.length > 1 ? (
        <nav aria-label="Staff screens" className="mb-6 grid auto-cols-fr grid-flow-col gap-2">
          {screens.map((s) => (
            <NavLink
              key={s.path}
              to={`/staff/${s.path}`}
              className={({ isActive }) =>
                cn(
                  "flex min-h-12 items-center justify-center rounded-xl border text-sm font-medium transition-colors",
                  isActive ? "border-gold/60 bg-gold/10 text-gold" : "border-border text-foreground/80 hover:border-gold/40",
                )
              }
            >
              {s.label}
            </NavLink>
          ))}
        </nav>
      ) : null}
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          {screens.some((s) => s.path === "valet") ? <Route path="valet/*" element={<ValetScreen />} /> : null}
          {screens.some((s) => s.path === "rides") ? <Route path="rides/*" element={<RidesScreen />} /> : null}
          <Route path="*" element={<Navigate to={home} replace />} />
        </Routes>
      </Suspense>
    </div>
  );
}
