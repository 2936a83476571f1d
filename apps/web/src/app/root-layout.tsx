import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { useAuth } from "@/features/auth/auth-context";
import { signInThenPath } from "@/features/auth/components/require-auth";
import { Header } from "@/components/layout/header";
import { useVerifiedGreeting } from "@/features/auth/components/use-verified-greeting";
import { RealtimeListener } from "@/features/realtime/realtime-listener";
import { useUiState } from "./ui-state";

const BookingModal = lazy(() => import("@/features/booking/components/booking-modal"));
const SignInModal = lazy(() => import("@/features/auth/components/sign-in-modal"));

export function RootLayout() {
  const { bookingOpen, signInMode, openSignIn } = useUiState();
  useVerifiedGreeting();
  // Sent home by a route guard: the sign-in modal opens, and signing in goes on to the page asked for.
  const location = useLocation();
  const { loading, user } = useAuth();
  const signInThen = signInThenPath(location.state);
  const opened = useRef<string | null>(null); // once per visit: closing the modal keeps it closed
  useEffect(() => {
    if (!signInThen || loading || user || opened.current === location.key) return;
    opened.current = location.key;
    openSignIn("signIn");
  }, [signInThen, loading, user, location.key, openSignIn]);
  // Mount the sign-in modal on first use and keep it, so it can animate closed.
  const [signInUsed, setSignInUsed] = useState(false);
  if (signInMode !== null && !signInUsed) setSignInUsed(true);
  return (
    <>
      <Header />
      <Outlet />
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
      <ScrollRestoration />
    </>
  );
}
