import { lazy, Suspense, useState } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Header } from "@/components/layout/header";
import { useVerifiedGreeting } from "@/features/auth/components/use-verified-greeting";
import { RealtimeListener } from "@/features/realtime/realtime-listener";
import { useUiState } from "./ui-state";

const BookingModal = lazy(() => import("@/features/booking/components/booking-modal"));
const SignInModal = lazy(() => import("@/features/auth/components/sign-in-modal"));

export function RootLayout() {
  const { bookingOpen, signInMode } = useUiState();
  useVerifiedGreeting();
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
