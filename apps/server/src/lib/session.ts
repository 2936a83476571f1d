// Server-side authorisation: every route asks here, never trusts the UI.
import type { Context } from "hono";
import type { Role } from "@meridian/shared/auth";
import { forbidden, unauthorized } from "./errors";
import type { AppEnv, Deps } from "./context";
import type { AuthSessionUser, SessionUser } from "./auth-port";
import { lookupSessionUser } from "./session-lookup";

/** better-auth's session user as the `user` row it was read from (its admin plugin's fields always set). */
const toSessionUser = (u: AuthSessionUser): SessionUser => ({
  ...u,
  role: u.role ?? "user",
  banned: u.banned ?? false,
  banReason: u.banReason ?? null,
  banExpires: u.banExpires ?? null,
  phone: u.phone ?? null,
  image: u.image ?? null,
});

/** The signed-in, active user of these request headers (a cookie or a bearer token), or null. */
export async function userFromHeaders(deps: Deps, headers: Headers): Promise<SessionUser | null> {
  const user = await lookupSessionUser(deps, headers);
  if (user !== undefined) return user;
  const session = await deps.auth.api.getSession({ headers });
  if (session?.user) return session.user.banned ? null : toSessionUser(session.user);
  // An Authorization header that signs nobody in (a stale or junk token) does not hide a valid session cookie.
  if (headers.has("authorization") && headers.has("cookie")) {
    const cookieOnly = new Headers(headers);
    cookieOnly.delete("authorization");
    return userFromHeaders(deps, cookieOnly);
  }
  return null;
}

export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get("sessionUser");
  if (cached !== undefined) return cached;
  const user = await userFromHeaders(c.get("deps"), c.req.raw.headers);
  c.set("sessionUser", user);
  return user;
}

export async function requireUser(c: Context<AppEnv>, message?: string): Promise<SessionUser> {
  const user = await currentUser(c);
  if (!user) throw unauthorized(message);
  return user;
}

export async function requireRole(c: Context<AppEnv>, ...roles: Role[]): Promise<SessionUser> {
  const user = await requireUser(c);
  if (!roles.includes((user.role ?? "user") as Role)) throw forbidden();
  return user;
}
