import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type ResetPasswordRequest = { newPassword: string; token: string };

/** POST /api/auth/reset-password: sets the new password and revokes every existing session of the account. */
export const resetPassword = (input: ResetPasswordRequest) =>
  api<{ status: boolean }>("/api/auth/reset-password", { method: "POST", json: input });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
