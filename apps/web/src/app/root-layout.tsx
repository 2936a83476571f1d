import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/auth-context";
import { signInThenPath } from "@/features/account/components/require-auth";
import { Header } from "@/components/layout/header";
import { useVerifiedGreeting } from "@/features/account/components/use-verified-greeting";
import { RealtimeListener } from "@/app/realtime/realtime-listener";
import { routeTitle } from "@/lib/route-title";
import { useScrollRestoration } from "./scroll-restoration";
import { useUiState } from "@/lib/ui-state";

const BookingModal = lazy(() => import("@/features/bookings/components/booking-modal"));
const SignInModal = lazy(() => import("@/features/account/components/sign-in-modal"));

export function RootLayout() {
  const { bookingOpen, signInMode, openSignIn } = useUiState();
  useVerifiedGreeting();
  useScrollRestoration();
  // Sent home by a route guard: the sign-in modal opens, and signing in goes on to the page asked for. The
  // request is taken out of the history entry, so a reload or a visit back to "/" does not open it again.
  const location = useLocation();
  const navigate = useNavigate();
  const { loading, user } = useAuth();
  const signInThen = signInThenPath(location.state);
  // Each route has its own title (a screen reader announces it; tabs and history tell pages apart).
  useEffect(() => {
    document.title = routeTitle(location.pathname);
  }, [location.pathname]);
  useEffect(() => {
    if (!signInThen || loading) return;
    if (!user) openSignIn("signIn", signInThen);
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [signInThen, loading, user, openSignIn, navigate, location.pathname, location.search, location.hash]);
  // Mount the sign-in modal on first use and keep it, so it can animate closed.
  const [signInUsed, setSignInUsed] = useState(false);
  if (signInMode !== null && !signInUsed) setSignInUsed(true);
  return (
    <>
      <Header />
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
      {signInUsed ? (
        <Suspense fallback={null}>
          <SignInModal />
        </Suspense>
      ) : null}
      <RealtimeListener />
      {bookingOpen ? (
        <Suspense fallback={null}>
          <BookingModal />
        </Suspense>
      ) : null}
    </>
  );
}
