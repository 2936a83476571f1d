import { useMutation } from "@tanstack/react-query";
import type { SignInInput } from "@meridian/shared/auth";
import { api } from "@/lib/api";

export type SignInResponse = { redirect: boolean; token: string; user: { id: string; email: string; name: string } };

/** POST /api/auth/sign-in/email: sets the session cookie. 403 for unverified or inactive accounts, 429 when rate-limited. */
export const signIn = (input: SignInInput) =>
  api<SignInResponse>("/api/auth/sign-in/email", { method: "POST", json: { email: input.email, password: input.password } });

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
