import { createBrowserRouter } from "react-router";
import { RequireAdmin, RequireStaff, RequireUser } from "@/features/auth/components/require-auth";
import { HomePage } from "@/features/marketing/home-page";
import { FullPageSpinner } from "@/components/ui/spinner";
import { RootLayout } from "./root-layout";

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // Shown while the first page's lazy module loads (without it React Router warns on every page load).
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: "/", element: <HomePage /> },
      // Built as its own page (claim.html): the server answers /t/* with it. This route serves the dev server.
      { path: "/t/:token", lazy: async () => ({ Component: (await import("@/features/claim/claim-route")).default }) },
      { path: "/pay/:token", lazy: async () => ({ Component: (await import("@/features/payments/booking-payment-page")).default }) },
      { path: "/reset-password", lazy: async () => ({ Component: (await import("@/features/auth/reset-password-page")).default }) },
      {
        element: <RequireUser />,
        children: [
          { path: "/dashboard", lazy: async () => ({ Component: (await import("@/features/dashboard/dashboard-page")).default }) },
          { path: "/bookings/:id/payment", lazy: async () => ({ Component: (await import("@/features/payments/booking-payment-page")).default }) },
        ],
      },
      {
        element: <RequireStaff />,
        children: [{ path: "/staff/*", lazy: async () => ({ Component: (await import("@/features/staff/staff-app")).default }) }],
      },
      {
        element: <RequireAdmin />,
        children: [{ path: "/admin/*", lazy: async () => ({ Component: (await import("@/features/admin/admin-app")).default }) }],
      },
      { path: "*", lazy: async () => ({ Component: (await import("./not-found")).default }) },
    ],
  },
]);
