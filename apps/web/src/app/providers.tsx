import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import { focusFirstInvalidOnSubmit } from "@/components/ui/focus-first-invalid";
import { AuthProvider } from "@/features/auth/auth-context";
import { TOAST_DURATION_MS } from "@/lib/notify";
import { UiStateProvider } from "./ui-state";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  useEffect(() => focusFirstInvalidOnSubmit(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <UiStateProvider>
          {/* First in the page, as on screen (top). Sonner sends focus that leaves a toast back to where it came
              from: after the page's last link that made Tab cycle between that link and the toast. */}
          <Toaster
            theme="dark"
            position="top-center"
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
