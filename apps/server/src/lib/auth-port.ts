// The identity provider's port (Deps.auth): what the rest of the server asks of better-auth, typed without identity's
// options. auth/auth.ts makes the instance (createAuth), and the type checker holds it to this port there.
import type { user } from "../db/schema";

/** The signed-in user of a request: their `user` row (role and banned always set). */
export type SessionUser = typeof user.$inferSelect;

/** The user better-auth's own session read answers (its admin plugin's fields may be absent). */
export type AuthSessionUser = Omit<SessionUser, "role" | "banned" | "banReason" | "banExpires" | "phone" | "image"> & {
  role?: string | null;
  banned?: boolean | null;
  banReason?: string | null;
  banExpires?: Date | null;
  phone?: string | null;
  image?: string | null;
};

export interface Auth {
  /** better-auth's HTTP handler for /api/auth/*. */
  handler(request: Request): Promise<Response>;
  api: { getSession(context: { headers: Headers }): Promise<{ user: AuthSessionUser } | null> };
  $context: Promise<{
    password: { hash(password: string): Promise<string>; verify(data: { hash: string; password: string }): Promise<boolean> };
    authCookies: { sessionToken: { name: string }; dontRememberToken: { name: string } };
    sessionConfig: { expiresIn: number; updateAge: number };
    /** A set-password link's token (an account made by the desk). */
    internalAdapter: { createVerificationValue(data: { value: string; identifier: string; expiresAt: Date }): Promise<unknown> };
  }>;
}
