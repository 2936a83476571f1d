// Which global modal is open: the booking dialog or the sign-in modal (and its mode, and where signing in goes next).
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

export type SignInMode = "signIn" | "signUp" | "forgot";

export type BookingService = "ride" | "valet";

type UiState = {
  bookingOpen: boolean;
  /** Opens (on the given tab, Ride Transport by default) or closes the booking dialog. */
  setBookingOpen: (open: boolean, service?: BookingService) => void;
  /** The tab the booking dialog opens on. */
  bookingService: BookingService;
  signInMode: SignInMode | null;
  /** `then`: where a successful sign-in goes next (a route guard's page), kept across modes until the modal closes. */
  openSignIn: (mode?: SignInMode, then?: string) => void;
  closeSignIn: () => void;
  signInThen: string | null;
};

const UiContext = createContext<UiState | null>(null);

export function UiStateProvider({ children }: { children: ReactNode }) {
  const [bookingOpen, setOpen] = useState(false);
  const [bookingService, setBookingService] = useState<BookingService>("ride");
  const [signInMode, setSignInMode] = useState<SignInMode | null>(null);
  const [signInThen, setSignInThen] = useState<string | null>(null);
  const value = useMemo<UiState>(
    () => ({
      bookingOpen,
      setBookingOpen: (open, service = "ride") => {
        if (open) setBookingService(service);
        setOpen(open);
      },
      bookingService,
      signInMode,
      openSignIn: (mode = "signIn", then) => {
        setSignInMode(mode);
        if (then !== undefined) setSignInThen(then); // kept while the modal switches modes; closing forgets it
      },
      closeSignIn: () => {
        setSignInMode(null);
        setSignInThen(null);
      },
      signInThen,
    }),
    [bookingOpen, bookingService, signInMode, signInThen],
  );
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

export function useUiState(): UiState {
  const ctx = useContext(UiContext);
  if (!ctx) throw new Error("useUiState must be used within a UiStateProvider");
  return ctx;
}
