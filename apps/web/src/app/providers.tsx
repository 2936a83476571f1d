import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type CSSProperties, type ReactNode } from "react";
import { Toaster } from "sonner";
import { focusFirstInvalidOnSubmit } from "@/components/ui/focus-first-invalid";
import "sonner/dist/styles.css"; // as a file: the CSP refuses the <style> sonner would write (vite.config.ts)
import { AuthProvider } from "@/lib/auth/auth-context";
import { TOAST_DURATION_MS } from "@/lib/notify";
import { UiStateProvider } from "@/lib/ui-state";

export const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/** `client`: the server's drawing of a page gives one with the page's data in it (entry-server.tsx). */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? newQueryClient());
  useEffect(() => focusFirstInvalidOnSubmit(), []);
  useEffect(() => letTabLeaveToasts(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <UiStateProvider>
          {/* First in the page, as on screen (top). */}
          <Toaster
            theme="dark"
            // Below the fixed 72 px header, at the right: 280 px wide and 16 px in, a toast clears a centred 672 px
            // dialog (the booking dialog) from a 1264 px wide window up, so it never covers the dialog's title or
            // close button on a laptop. Phones (under 600 px) get it full width below the header, or at the bottom
            // while a dialog is open and on the staff screens (theme.css).
            position="top-right"
            offset={{ top: 84, right: 16 }}
            mobileOffset={{ top: 80 }}
            style={{ "--width": "280px" } as CSSProperties}
            visibleToasts={1}
            duration={TOAST_DURATION_MS}
            closeButton
            toastOptions={{
              classNames: {
                toast: "!bg-surface-2 !border !border-border !text-foreground !font-sans",
                title: "!font-semibold !text-[0.95rem]",
                description: "!text-muted",
                error: "!border-danger/60",
                success: "!border-gold/50",
                // WCAG 2.5.8: a 24 px target (sonner draws it at 20 px).
                closeButton: "!size-6",
              },
            }}
          />
          {children}
        </UiStateProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

/**
 * Sonner sends focus that leaves its toasts back to the element focused before them (made for its Alt+T
 * shortcut). For Tab and Shift+Tab that is a loop (the toast, back where the user came from, the toast again)
 * with no visible focus. Sonner learns of focus arriving only from focusin events reaching React: keep them
 * inside the toasts' region and it never records a place to go back to, so Tab moves on through the page.
 */
function letTabLeaveToasts() {
  const region = document.querySelector("section[aria-live][aria-label^='Notifications']");
  const hide = (e: Event) => e.stopPropagation();
  region?.addEventListener("focusin", hide);
  return () => region?.removeEventListener("focusin", hide);
}
