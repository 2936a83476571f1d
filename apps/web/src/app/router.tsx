// The app's routes, in React Router's declarative mode (<BrowserRouter> in main.tsx): its data router
// (createBrowserRouter: loaders, actions, fetchers, revalidation) is ~15 KB of brotli JavaScript that every page,
// the home page first, loaded and none used. Pages other than home load on first visit (React.lazy); while one
// loads, the page on screen stays (React Router's updates are transitions), or on a first load a spinner shows
// under the header (root-layout.tsx).
import { lazy } from "react";
import { Route, Routes } from "react-router";
import { RequireAdmin, RequireStaff, RequireUser } from "@/features/account/components/require-auth";
import { HomePage } from "@/features/marketing/home-page";
import { RootLayout } from "./root-layout";

// Built as its own page (claim.html): the server answers /t/* with it. This route serves the dev server.
const ClaimRoute = lazy(() => import("@/features/valet/claim/claim-route"));
const BookingPaymentPage = lazy(() => import("@/features/payments/booking-payment-page"));
const ResetPasswordPage = lazy(() => import("@/features/account/reset-password-page"));
const DashboardPage = lazy(() => import("@/app/dashboard/dashboard-page"));
const StaffApp = lazy(() => import("@/app/staff/staff-app"));
const AdminApp = lazy(() => import("@/app/admin/admin-app"));
const NotFound = lazy(() => import("./not-found"));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/t/:token" element={<ClaimRoute />} />
        <Route path="/pay/:token" element={<BookingPaymentPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route element={<RequireUser />}>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/bookings/:id/payment" element={<BookingPaymentPage />} />
        </Route>
        <Route element={<RequireStaff />}>
          <Route path="/staff/*" element={<StaffApp />} />
        </Route>
        <Route element={<RequireAdmin />}>
          <Route path="/admin/*" element={<AdminApp />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
