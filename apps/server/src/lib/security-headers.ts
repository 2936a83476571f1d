// The security headers of every answer (pages, assets, API, errors), built with Hono's secureHeaders. The
// Content-Security-Policy allows no inline script: scripts, styles, fonts, images (the map previews are
// served by /api/places/:id/map.svg) and fetches come from this origin only. A provider that needs more
// (e.g. a payment provider's script and frames) declares its hosts on its port (`cspSources`) while it is
// configured, and the app adds them (`providerCspSources`). A handler that sets one of these headers itself keeps
// its own (overwrite: false), as the map image and the dev mailbox do.
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { NONCE, secureHeaders, type ContentSecurityPolicyOptionHandler } from "hono/secure-headers";
import type { AppConfig } from "../env";
import type { Deps } from "./context";

/** Hosts one provider adds to the CSP, by directive. */
export type CspSources = { scriptSrc?: string[]; frameSrc?: string[]; connectSrc?: string[]; imgSrc?: string[] };

/** The configured providers' extra CSP sources (Stripe's script, frames and API while stripe is the payment provider). */
export const providerCspSources = (deps: Pick<Deps, "payments">): CspSources[] => (deps.payments.cspSources ? [deps.payments.cspSources] : []);

const SELF = "'self'";

/** `extra`: the configured providers' sources (providerCspSources); `csp`: directives a page replaces (e.g. the dev mailbox's inline styles). */
export function securityHeadersOptions(
  config: AppConfig,
  { extra = [], csp = {} }: { extra?: CspSources[]; csp?: Record<string, (string | ContentSecurityPolicyOptionHandler)[]> } = {},
) {
  const add = (base: string[], key: keyof CspSources) => [...new Set([...base, ...extra.flatMap((s) => s[key] ?? [])])];
  const frameSrc = add([], "frameSrc");
  const https = config.publicUrl.startsWith("https://");
  return {
    contentSecurityPolicy: {
      defaultSrc: [SELF],
      scriptSrc: add([SELF], "scriptSrc"),
      styleSrc: [SELF],
      // data: for the inline SVG favicon of index.html; blob: for the attendant's previews of the photos about to be uploaded
      imgSrc: add([SELF, "data:", "blob:"], "imgSrc"),
      fontSrc: [SELF],
      connectSrc: add([SELF], "connectSrc"),
      frameSrc: frameSrc.length ? frameSrc : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: [SELF],
      formAction: [SELF],
      frameAncestors: ["'none'"],
      ...csp,
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    permissionsPolicy: { geolocation: ["self"], camera: ["self"], microphone: [], payment: extra.some((s) => s.frameSrc?.length) ? ["self"] : [] },
    overwrite: false,
  } satisfies Parameters<typeof secureHeaders>[0];
}

export function securityHeaders(config: AppConfig, options?: Parameters<typeof securityHeadersOptions>[1]): MiddlewareHandler {
  return secureHeaders(securityHeadersOptions(config, options));
}

/** The placeholder in the client's index.html that each page answer replaces with its CSP nonce. */
export const CSP_NONCE_PLACEHOLDER = "__CSP_NONCE__";

/**
 * For the client's HTML pages: styles may also come from <style> elements that carry this answer's nonce. The
 * dialogs' scroll lock (react-remove-scroll) writes one as it opens; the page's index.html hands the nonce to it
 * (apps/web/src/lib/csp.ts). Scripts stay 'self' only. The handler reads the nonce with `pageNonce(c)`.
 */
export function pageSecurityHeaders(config: AppConfig, extra: CspSources[]): MiddlewareHandler {
  return securityHeaders(config, { extra, csp: { styleSrc: [SELF, NONCE] } });
}

export const pageNonce = (c: Context) => (c.get("secureHeadersNonce" as never) as string | undefined) ?? "";

/**
 * The same headers as plain name/value pairs, for answers written on node:http without Hono (the quote fast
 * path): the middleware's own output on an empty answer.
 */
export async function securityHeaderList(config: AppConfig, options?: Parameters<typeof securityHeadersOptions>[1]): Promise<Record<string, string>> {
  const probe = new Hono().use(securityHeaders(config, options)).get("/", (c) => c.body(null, 204));
  const res = await probe.request("/");
  return Object.fromEntries(res.headers);
}

const appLists = new WeakMap<object, Promise<Record<string, string>>>();

/**
 * The app's own security headers (app.ts: `securityHeaders(config, { extra: providerCspSources(deps) })` on every
 * answer) as a list, worked out once per app's dependencies: for the answers written on node:http directly (the
 * quote pre-dispatch, the event streams' direct path).
 */
export function appSecurityHeaderList(deps: Pick<Deps, "config" | "payments">): Promise<Record<string, string>> {
  let list = appLists.get(deps);
  if (!list) appLists.set(deps, (list = securityHeaderList(deps.config, { extra: providerCspSources(deps) })));
  return list;
}
