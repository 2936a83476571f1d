// Cross-site request forgery: a state-changing request (POST, PUT, PATCH, DELETE) that a browser sends from
// another site is refused (403) on every route, multipart uploads and better-auth's included. Browsers say
// where a request comes from (Origin, Sec-Fetch-Site); a request with neither is not from a browser page
// (curl, an API client with a Bearer token, Stripe's webhook) and passes: it carries no victim's cookie.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { errorBody } from "./errors";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const CROSS_ORIGIN_BODY = errorBody("cross_origin", "This request came from another site and was refused.");

/** PUBLIC_URL's origin, and on localhost the same port and the Vite dev server's on both loopback names. */
export function trustedOriginsOf(publicUrl: string): string[] {
  const origin = new URL(publicUrl);
  const trusted = [origin.origin];
  if (["localhost", "127.0.0.1"].includes(origin.hostname)) {
    for (const host of ["localhost", "127.0.0.1"]) {
      for (const port of [origin.port || "80", "5173"]) trusted.push(`${origin.protocol}//${host}:${port}`);
    }
  }
  return [...new Set(trusted)];
}

/** Whether a request with this method and these headers must be refused as cross-site. */
export function isCrossSite(trusted: readonly string[], method: string | undefined, origin: string | undefined, fetchSite: string | undefined): boolean {
  if (!method || !UNSAFE.has(method)) return false;
  if (origin !== undefined) return !trusted.includes(origin); // "null" included: a sandboxed page, a data: URL
  // No Origin: only a browser navigation or a non-browser client; a browser still says the site.
  return fetchSite === "cross-site" || fetchSite === "same-site";
}

export function originCheck(trusted: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isCrossSite(trusted, c.req.method, c.req.header("origin"), c.req.header("sec-fetch-site"))) return c.json(CROSS_ORIGIN_BODY, 403);
    await next();
  };
}
