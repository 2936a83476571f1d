// Server-side authorisation: every route asks here, never trusts the UI.
import type { Context } from "hono";
import type { Role } from "@meridian/shared/auth";
import { forbidden, unauthorized } from "../lib/errors";
import type { AppEnv } from "../lib/context";
import type { SessionUser } from "./auth";
import { lookupSessionUser } from "./session-lookup";

export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const cached = c.get("sessionUser");
  if (cached !== undefined) return cached;
  const deps = c.get("deps");
  let user = await lookupSessionUser(deps, c.req.raw.headers);
  if (user === undefined) {
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    user = session?.user && !session.user.banned ? session.user : null;
  }
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
