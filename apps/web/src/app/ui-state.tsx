// Which global modal is open: the booking dialog or the sign-in modal (and its mode).
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

export type SignInMode = "signIn" | "signUp" | "forgot";

type UiState = {
  bookingOpen: boolean;
  setBookingOpen: (open: boolean) => void;
  signInMode: SignInMode | null;
  openSignIn: (mode?: SignInMode) => void;
  closeSignIn: () => void;
};

const UiContext = createContext<UiState | null>(null);

export function UiStateProvider({ children }: { children: ReactNode }) {
  const [bookingOpen, setBookingOpen] = useState(false);
  const [signInMode, setSignInMode] = useState<SignInMode | null>(null);
  const value = useMemo<UiState>(
    () => ({
      bookingOpen,
      setBookingOpen,
      signInMode,
      openSignIn: (mode = "signIn") => setSignInMode(mode),
      closeSignIn: () => setSignInMode(null),
    }),
    [bookingOpen, signInMode],
  );
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

export function useUiState(): UiState {
  const ctx = useContext(UiContext);
  if (!ctx) throw new Error("useUiState must be used within a UiStateProvider");
  return ctx;
}
