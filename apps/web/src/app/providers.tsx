import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import "sonner/dist/styles.css"; // as a file: the CSP refuses the <style> sonner would write (vite.config.ts)
import { AuthProvider } from "@/features/auth/auth-context";
import { TOAST_DURATION_MS } from "@/lib/notify";
import { UiStateProvider } from "./ui-state";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <UiStateProvider>
          {children}
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
              },
            }}
          />
        </UiStateProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
