import { useMutation } from "@tanstack/react-query";
import type { ForgotPasswordInput } from "@meridian/shared/auth";
import { api } from "@/lib/api";
import { authAnswers } from "@meridian/shared/identity/answers";

export const RESET_PASSWORD_PATH = "/reset-password";

/** POST /api/auth/request-password-reset: e-mails a link that lands on /reset-password?token=... */
export const requestPasswordReset = (input: ForgotPasswordInput) =>
  api("/api/auth/request-password-reset", authAnswers["/request-password-reset"], {
    method: "POST",
    json: { email: input.email, redirectTo: `${window.location.origin}${RESET_PASSWORD_PATH}` },
  });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
