// The session of a request in one query (shared with the requests of the same moment), for the common case: a
// browser's signed session cookie whose session is valid and needs no refresh. better-auth's getSession does the same
// check (the same signed cookie, the same session row, every request: decision 005) but verifies two cookies with
// WebCrypto (a thread-pool hop each), builds an endpoint context and reads session and user separately; on the booking
// path that was a fifth of the server's work. Anything else (a bearer token, a "don't remember me" session, an expired
// session or one due for refresh) is left to better-auth: `undefined` means "ask better-auth".
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { session as sessionTable, user as userTable } from "../db/schema";
import type { Deps } from "./context";
import type { SessionUser } from "./auth-port";
import { batched } from "./batched";

type CookieNames = { session: string; dontRemember: string; expiresInMs: number; updateAgeMs: number };
const cookieNames = new WeakMap<Deps["auth"], Promise<CookieNames>>();

function namesFor(auth: Deps["auth"]): Promise<CookieNames> {
  let names = cookieNames.get(auth);
  if (!names) {
    names = auth.$context.then((ctx) => ({
      session: ctx.authCookies.sessionToken.name,
      dontRemember: ctx.authCookies.dontRememberToken.name,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    }));
    cookieNames.set(auth, names);
  }
  return names;
}

/**
 * The sessions' expiries and users by token. The tokens of the requests of a moment are read together, one query
 * (lib/batched.ts): under load, one round trip signs in every request that arrived while the last one was out.
 */
const sessionLoaders = new WeakMap<Db, (token: string) => Promise<SessionRow | undefined>>();
const buildSessionUsersQuery = (db: Db) =>
  db
    .select({ token: sessionTable.token, expiresAt: sessionTable.expiresAt, user: userTable })
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .where(sql`${sessionTable.token} = any(${sql.placeholder("tokens")}::text[])`)
    .prepare("session_users_by_tokens");
type SessionRow = Awaited<ReturnType<ReturnType<typeof buildSessionUsersQuery>["execute"]>>[number];

function sessionByToken(db: Db, token: string): Promise<SessionRow | undefined> {
  let load = sessionLoaders.get(db);
  if (!load) {
    const query = buildSessionUsersQuery(db);
    load = batched(async (tokens: string[]) => {
      const rows = await query.execute({ tokens: [...new Set(tokens)] });
      const byToken = new Map(rows.map((row) => [row.token, row]));
      return tokens.map((t) => ({ value: byToken.get(t) }));
    }, 100);
    sessionLoaders.set(db, load);
  }
  return load(token);
}

/** The value of cookie `name` in a Cookie header (the first one, URL-decoded as better-call does), or null. */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The token of a cookie value `token.base64(HMAC-SHA256(secret, token))` when the signature holds, else null. */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = crypto.createHmac("sha256", secret).update(token).digest();
  return signature.length === expected.length && crypto.timingSafeEqual(signature, expected) ? token : null;
}

/** The signed-in user (null: nobody, or deactivated), or undefined when better-auth must decide. */
export async function lookupSessionUser(deps: Deps, headers: Headers): Promise<SessionUser | null | undefined> {
  const cookie = headers.get("cookie");
  if (!cookie || headers.has("authorization")) return undefined;
  const names = await namesFor(deps.auth);
  const value = cookieValue(cookie, names.session);
  if (!value) return undefined;
  if (cookieValue(cookie, names.dontRemember) !== null) return undefined;
  const token = verifiedToken(value, deps.config.authSecret);
  if (!token) return null; // a forged or foreign cookie signs nobody in (better-auth answers the same)
  const row = await sessionByToken(deps.database.db, token);
  if (!row) return null;
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  // Expired (better-auth deletes it) or due for its refresh (better-auth extends it): better-auth's business.
  if (expiresAt <= now || expiresAt - names.expiresInMs + names.updateAgeMs <= now) return undefined;
  return row.user.banned ? null : row.user;
}
