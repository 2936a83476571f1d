import { useMutation } from "@tanstack/react-query";
import type { SignUpInput } from "@meridian/shared/auth";
import { api } from "@/lib/api";
import { authAnswers } from "@meridian/shared/identity/answers";

/** Where the verification link lands: the home page, which greets the guest and opens the sign-in modal. */
export const VERIFIED_CALLBACK_URL = "/?verified=1";

/** POST /api/auth/sign-up/email: creates the account and e-mails a verification link (no session until verified). */
export const signUp = (input: SignUpInput) =>
  api("/api/auth/sign-up/email", authAnswers["/sign-up/email"], {
    method: "POST",
    json: { name: input.fullName, email: input.email, password: input.password, callbackURL: VERIFIED_CALLBACK_URL },
  });

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
