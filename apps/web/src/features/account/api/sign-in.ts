import { useMutation } from "@tanstack/react-query";
import type { SignInInput } from "@meridian/shared/auth";
import { api } from "@/lib/api";
import { authAnswers } from "@meridian/shared/identity/answers";

/** POST /api/auth/sign-in/email: sets the session cookie. 403 for unverified or inactive accounts, 429 when rate-limited. */
export const signIn = (input: SignInInput) =>
  api("/api/auth/sign-in/email", authAnswers["/sign-in/email"], { method: "POST", json: { email: input.email, password: input.password } });

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
