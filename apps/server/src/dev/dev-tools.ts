// The development tools (the dev mailbox at /dev/mailbox and /api/dev/mailbox, /api/dev/jobs) read every
// customer's verification and password-reset links and every valet claim link. They are on by default only for
// the quick start (listening on loopback, no SMTP, not production), and even then answer only requests that
// arrive on the loopback interface with no forwarding header (a reverse proxy on the same machine forwards
// strangers' requests from 127.0.0.1, and says so in those headers) and addressed to a loopback name (a stranger's
// web page whose name is made to resolve to 127.0.0.1, DNS rebinding, would otherwise read them from the
// developer's own browser: its requests carry the stranger's host name).
import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import type { Env } from "../env";
import type { AppEnv } from "../lib/context";
import { errorBody } from "../lib/errors";

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms; "localhost" for a HOST setting. */
export function isLoopback(address: string): boolean {
  const a = address.trim().toLowerCase().replace(/^\[|\]$/g, "").replace(/^::ffff:/, "");
  return a === "localhost" || a === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host", "x-forwarded-proto"];

/** Whether the dev tools are mounted, and why (the start-up banner says it). Never in production. */
export function devToolsSetting(env: Env): { enabled: boolean; reason: string } {
  if (env.NODE_ENV === "production") return { enabled: false, reason: "off in production" };
  if (env.MAILBOX === true) return { enabled: true, reason: "MAILBOX=on; they answer only requests from this machine" };
  if (env.MAILBOX === false) return { enabled: false, reason: "MAILBOX=off" };
  if (env.SMTP_URL) return { enabled: false, reason: "SMTP_URL is set (MAILBOX=on to keep them)" };
  if (!isLoopback(env.HOST)) return { enabled: false, reason: `HOST=${env.HOST} is reachable from other machines (MAILBOX=on to turn them on for this machine only)` };
  if (env.TRUSTED_PROXIES.length > 0) return { enabled: false, reason: "behind a proxy (TRUSTED_PROXIES) (MAILBOX=on to turn them on for this machine only)" };
  return { enabled: true, reason: "the quick start: listening on loopback, no SMTP_URL; they answer only requests from this machine" };
}

/** The host name a request is addressed to (its Host header, else its URL), without the port. */
function addressedTo(hostHeader: string | undefined, url: string): string {
  try {
    return new URL(hostHeader ? `http://${hostHeader}` : url).hostname;
  } catch {
    return "";
  }
}

/**
 * The socket's peer is loopback, the request carries no forwarding header and it is addressed to a loopback name
 * (localhost, 127.x.x.x, [::1]); else the tools do not exist (404).
 */
export const onlyFromThisMachine: MiddlewareHandler<AppEnv> = async (c, next) => {
  let peer: string | undefined = "127.0.0.1"; // app.request() in tests has no socket
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    /* no socket */
  }
  const forwarded = FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined);
  const toLoopback = isLoopback(addressedTo(c.req.header("host"), c.req.url));
  if (!peer || !isLoopback(peer) || forwarded || !toLoopback) return c.json(errorBody("not_found", `No API route ${c.req.method} ${c.req.path}.`), 404);
  await next();
};
