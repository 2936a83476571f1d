import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { authAnswers } from "@meridian/shared/identity/answers";

export type ResetPasswordRequest = { newPassword: string; token: string };

/** POST /api/auth/reset-password: sets the new password and revokes every existing session of the account. */
export const resetPassword = (input: ResetPasswordRequest) =>
  api("/api/auth/reset-password", authAnswers["/reset-password"], { method: "POST", json: input });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
