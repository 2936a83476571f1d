// /admin/*: the sidebar shell and the admin screens (the route itself is behind RequireAdmin).
import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-context";
import { AdminMobileNav, AdminSidebar } from "./components/admin-sidebar";

const OverviewPage = lazy(() => import("./overview/overview-page"));
const UsersPage = lazy(() => import("@/features/account/admin/users-page"));
const BookingsPage = lazy(() => import("@/features/bookings/admin/bookings-page"));
const TicketsPage = lazy(() => import("@/features/valet/admin/tickets/tickets-page"));
const PricingPage = lazy(() => import("@/features/pricing/rates/pricing-page"));
const VehiclesPage = lazy(() => import("@/features/pricing/vehicles/vehicles-page"));
const FleetPage = lazy(() => import("@/features/pricing/fleet/fleet-page"));
const StaffPage = lazy(() => import("@/features/rides/admin/staff/staff-page"));
const DispatchPage = lazy(() => import("@/features/rides/admin/dispatch/dispatch-page"));
const CouponsPage = lazy(() => import("@/features/pricing/coupons/coupons-page"));
const ReportsPage = lazy(() => import("./reports/reports-page"));
const IncidentsPage = lazy(() => import("@/features/valet/admin/incidents/incidents-page"));
const LotBoardPage = lazy(() => import("@/features/valet/admin/lot-board/lot-board-page"));
const SettingsPage = lazy(() => import("./settings/settings-page"));
const AuditPage = lazy(() => import("./audit/audit-page"));

export default function AdminApp() {
  const { profile, isAdmin } = useAuth();
  const name = profile?.fullName?.trim() || "Admin";
  return (
    <div className="min-h-dvh bg-[radial-gradient(ellipse_at_top_right,rgba(201,163,92,0.07),transparent_55%)] pt-[72px]">
      <div className="flex">
        <AdminSidebar />
        <main className="min-w-0 flex-1 px-4 pb-20 pt-6 sm:px-8 lg:px-12 lg:pt-8">
          <div className="mb-8 flex items-center justify-between gap-3 border-b border-border/60 pb-5">
            <p className="text-sm text-muted">
              Welcome, <span className="font-medium text-foreground">{name}</span>
            </p>
            <AdminMobileNav />
          </div>
          <div className="mx-auto max-w-[1240px]">
            <Suspense fallback={<FullPageSpinner />}>
              {isAdmin ? (
              <Routes>
                <Route index element={<OverviewPage />} />
                <Route path="dispatch" element={<DispatchPage />} />
                <Route path="users" element={<UsersPage />} />
                <Route path="bookings" element={<BookingsPage />} />
                <Route path="tickets" element={<TicketsPage />} />
                <Route path="valet" element={<LotBoardPage />} />
                <Route path="pricing" element={<PricingPage />} />
                <Route path="vehicles" element={<VehiclesPage />} />
                <Route path="fleet" element={<FleetPage />} />
                <Route path="staff" element={<StaffPage />} />
                <Route path="coupons" element={<CouponsPage />} />
                <Route path="reports" element={<ReportsPage />} />
                <Route path="incidents" element={<IncidentsPage />} />
                <Route path="settings" element={<SettingsPage />} />
                <Route path="audit" element={<AuditPage />} />
                <Route path="*" element={<Navigate to="/admin" replace />} />
              </Routes>
              ) : (
                // A dispatcher: the desk's screens only.
                <Routes>
                  <Route path="dispatch" element={<DispatchPage />} />
                  <Route path="bookings" element={<BookingsPage />} />
                  <Route path="*" element={<Navigate to="/admin/dispatch" replace />} />
                </Routes>
              )}
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
