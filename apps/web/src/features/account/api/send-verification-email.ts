import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { authAnswers } from "@meridian/shared/identity/answers";
import { VERIFIED_CALLBACK_URL } from "./sign-up";

/** POST /api/auth/send-verification-email: sends a fresh verification link (for a guest whose link expired). */
export const sendVerificationEmail = (email: string) =>
  api("/api/auth/send-verification-email", authAnswers["/send-verification-email"], {
    method: "POST",
    json: { email, callbackURL: VERIFIED_CALLBACK_URL },
  });

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
