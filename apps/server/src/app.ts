// Builds the HTTP app: /api/* (auth, profile, newsletter, ...), the dev mailbox and the built SPA.
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { CLIENT_IP_HEADER, clientIpOf, guardAuthRequest, signInWithLockout } from "./auth";
import { requireRole } from "./lib/session";
import { onlyFromThisMachine } from "./dev/dev-tools";
import { devJobsRoutes } from "./dev/jobs.routes";
import { mailboxApiRoutes, mailboxPageRoutes } from "./dev/mailbox.routes";
import { healthRoutes } from "./health/health.routes";
import type { AppEnv, Deps } from "./lib/context";
import { errorReply } from "./lib/error-reply";
import { allowedMethods } from "./lib/allowed-methods";
import { errorBody, PAYLOAD_TOO_LARGE_BODY } from "./lib/errors";
import { requestMetrics } from "./lib/metrics";
import { openApiRoutes } from "./openapi.routes";
import { originCheck, trustedOriginsOf } from "./lib/origin-check";
import { metricsRoutes } from "./lib/metrics.routes";
import { requestIdGenerator } from "./lib/request-id";
import { CSP_NONCE_PLACEHOLDER, pageNonce, pageSecurityHeaders, providerCspSources, securityHeaders } from "./lib/security-headers";
import { MAX_BODY_BYTES } from "./lib/validate";
import { meRoutes } from "./me/me.routes";
import { adminRefundRoutes, meMoneyRoutes, mePaymentRoutes, paymentLinkRoutes, paymentsRoutes } from "./payments";
import { newsletterRoutes } from "./newsletter";
import { adminCoreRoutes } from "./admin/admin-core.routes";
import { bookingsRoutes, callerBookingsRoutes } from "./checkout";
import { adminFleetRoutes, quotesRoutes, valetQuotesRoutes } from "./quotes";
import { adminFlightRoutes, adminOpsRoutes, staffRoutes } from "./rides";
import { adminCouponsRoutes } from "./coupons";
import { placesRoutes } from "./places/places.routes";
import { realtimeRoutes } from "./realtime/realtime.routes";
import { bookingTimesRoutes } from "./settings/booking-times.routes";
import { adminSettingsRoutes, publicSettingsRoutes } from "./settings/settings.routes";
import { pageSettings, settingsIntoPage } from "./settings/public-settings";
import { serverDrawnHome } from "./settings/server-drawn-home";
import { vehiclesRoutes } from "./vehicles";
import { adminValetRoutes, claimRoutes, MAX_UPLOAD_BODY_BYTES, UPLOAD_PATH_RE, valetRoutes } from "./valet";

/** `webDist`: the built client; `homeEntry`: its server drawing of home (apps/web/dist-ssr/entry-server.js), if built. */
export function createApp(deps: Deps, opts: { webDist?: string; homeEntry?: string } = {}) {
  const app = new Hono<AppEnv>();

  const nextRequestId = requestIdGenerator();
  app.use("*", async (c, next) => {
    const requestId = nextRequestId();
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("clientIp", clientIpOf(c, deps.config.env.TRUSTED_PROXIES));
    c.set("sessionUser", undefined);
    // Under @hono/node-server the header goes on the Node response, which merges it into whatever the
    // handler returns: touching c.res.headers instead turns a plain-object response into a Headers one
    // that the adapter has to copy (a slow path on every request).
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && typeof outgoing.setHeader === "function") {
      outgoing.setHeader("x-request-id", requestId);
      return next();
    }
    await next(); // app.request() in tests: no Node response
    try {
      c.res.headers.set("x-request-id", requestId);
    } catch {
      c.header("x-request-id", requestId); // immutable headers (a fetched response)
    }
  });

  // Every answer counted and timed by route and status (/metrics); the quote fast path does the same itself.
  app.use("*", requestMetrics(deps.metrics));
  // CSP, frame, sniffing, referrer, permissions and (https) HSTS headers on every answer, errors included.
  const providers = providerCspSources(deps);
  app.use("*", securityHeaders(deps.config, { extra: providers }));
  if (deps.config.mailboxEnabled) {
    // The dev mailbox page styles itself inline (and so may the e-mails it shows): styles only, never scripts.
    app.use("/dev/mailbox/*", securityHeaders(deps.config, { extra: providers, csp: { styleSrc: ["'self'", "'unsafe-inline'"] } }));
  }

  // A state-changing request from another site's page is refused on every route (lib/origin-check.ts).
  app.use("*", originCheck(trustedOriginsOf(deps.config.publicUrl)));

  // JSON APIs need no more than this; larger bodies are refused before they are read. A declared
  // Content-Length is checked from the header alone: touching c.req.raw.body would make @hono/node-server
  // build a full Request for every call (about 150 µs of CPU each), the hot quote path included.
  // Photo uploads (multipart) get room for six photos; their size and count are checked again per photo.
  // 413 closes the connection: the rest of the body is never read, so nothing more on this socket is a request.
  const tooLarge = (c: Context) => c.json(PAYLOAD_TOO_LARGE_BODY, 413, { connection: "close" });
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  const limitUpload = bodyLimit({ maxSize: MAX_UPLOAD_BODY_BYTES, onError: tooLarge });
  app.use("/api/*", async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const upload = c.req.method === "POST" && UPLOAD_PATH_RE.test(c.req.path);
    const max = upload ? MAX_UPLOAD_BODY_BYTES : MAX_BODY_BYTES;
    const declared = c.req.header("content-length");
    if (declared === undefined || !/^\d+$/.test(declared) || c.req.header("transfer-encoding") !== undefined) return (upload ? limitUpload : limitBody)(c, next);
    if (Number(declared) > max) return tooLarge(c);
    await next();
  });

  app.onError((err, c) => {
    const { status, body, retryAfter } = errorReply(err, deps.logger, { requestId: c.get("requestId"), path: c.req.path });
    return c.json(body, status, retryAfter ? { "retry-after": String(retryAfter) } : undefined);
  });

  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    // Only our socket-derived address reaches better-auth's rate limiter.
    const headers = new Headers(c.req.raw.headers);
    for (const h of ["x-forwarded-for", "x-real-ip", "cf-connecting-ip", "x-client-ip", CLIENT_IP_HEADER]) headers.delete(h);
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    const req = await guardAuthRequest(c, headers); // allow-listed endpoints, validated JSON bodies
    if (req.method === "POST" && new URL(req.url).pathname.replace(/\/+$/, "") === "/api/auth/sign-in/email") {
      return signInWithLockout(deps, req, async (r) => toErrorEnvelope(await deps.auth.handler(r))); // per-account lockout
    }
    return toErrorEnvelope(await deps.auth.handler(req));
  });

  app.route("/api/me", meRoutes);
  app.route("/api/me", mePaymentRoutes);
  app.route("/api/me", meMoneyRoutes);
  app.route("/api/newsletter", newsletterRoutes);
  app.route("/api/places", placesRoutes);
  app.route("/api/vehicles", vehiclesRoutes);
  app.route("/api/quotes", quotesRoutes);
  app.route("/api/booking-times", bookingTimesRoutes);
  app.route("/api/settings", publicSettingsRoutes);
  app.route("/api/valet", valetQuotesRoutes);
  app.route("/api/bookings", bookingsRoutes);
  app.route("/api/realtime", realtimeRoutes);
  app.route("/api/payments", paymentsRoutes);
  app.route("/api/payment-links", paymentLinkRoutes);
  app.route("/api/valet", valetRoutes);
  app.route("/api/claim", claimRoutes);
  // Who may call each route is its route({ access }) (lib/openapi.ts), the one check; a test holds every route to it.
  app.route("/api/admin", adminCoreRoutes);
  app.route("/api/admin", callerBookingsRoutes);
  app.route("/api/admin", adminFleetRoutes);
  app.route("/api/admin", adminCouponsRoutes);
  app.route("/api/admin", adminValetRoutes);
  app.route("/api/admin", adminOpsRoutes);
  app.route("/api/admin", adminSettingsRoutes);
  app.route("/api/admin", adminRefundRoutes);
  app.route("/api/admin", adminFlightRoutes);
  app.route("/api/staff", staffRoutes);
  app.route("/metrics", metricsRoutes(deps.config.env.METRICS_TOKEN));
  app.route("/api/health", healthRoutes);
  app.route("/api", openApiRoutes(app, deps.config));

  if (deps.config.mailboxEnabled) {
    // Only for this machine's own browser: never a request from elsewhere or passed on by a proxy (dev-tools.ts).
    app.use("/api/dev/*", onlyFromThisMachine);
    app.use("/dev/*", onlyFromThisMachine);
    app.route("/api/dev/mailbox", mailboxApiRoutes);
    app.route("/api/dev/jobs", devJobsRoutes);
    app.route("/dev/mailbox", mailboxPageRoutes);
  }

  const allowed = allowedMethods(app);
  app.all("/api/*", async (c) => {
    // No route discovery: an unknown admin path is refused to anyone but an admin before it is said not to exist.
    if (c.req.path.startsWith("/api/admin/")) await requireRole(c, "admin");
    // A known path called with a method it does not have: 405 with the methods it has.
    const methods = allowed(c.req.path);
    if (methods.length) return c.json(errorBody("method_not_allowed", `${c.req.method} is not allowed on ${c.req.path}: use ${methods.join(", ")}.`), 405, { allow: methods.join(", ") });
    return c.json(errorBody("not_found", `No API route ${c.req.method} ${c.req.path}.`), 404);
  });

  const webDist = opts.webDist;
  if (webDist && fs.existsSync(path.join(webDist, "index.html"))) {
    const indexHtml = fs.readFileSync(path.join(webDist, "index.html"), "utf8");
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("cache-control", "public, max-age=31536000, immutable");
    });
    // The page itself (at / and every client-side route) carries a fresh CSP nonce for the styles the client
    // writes at run time; everything else under the build is a static file.
    // The company's details and feature switches go in with it (settingsIntoPage): the first render needs no request.
    // Home comes drawn (serverDrawnHome): its hero shows before the app's JavaScript has loaded.
    const drawHome = opts.homeEntry ? serverDrawnHome(opts.homeEntry, deps.logger) : null;
    const pageHandler = (drawn: boolean) => async (c: Context<AppEnv>) => {
      const { settings, json } = await pageSettings(deps.database.db);
      const html = settingsIntoPage(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, pageNonce(c)), json);
      return c.html(drawn && drawHome ? await drawHome(html, settings, json) : html);
    };
    // The pages carry a fresh nonce each, so they are compressed as they go out (home drawn is about 75 KB, 12 gzipped).
    const headers = [compress(), pageSecurityHeaders(deps.config, providers)] as const;
    const page = [...headers, pageHandler(false)] as const;
    app.get("/", ...headers, pageHandler(true));
    app.get("/index.html", ...headers, pageHandler(true));
    // The guest's claim ticket is a page of its own (a few kilobytes for a phone at the curb), not the app.
    const claimHtml = fs.readFileSync(path.join(webDist, "claim.html"), "utf8");
    app.get("/t/*", pageSecurityHeaders(deps.config, providers), (c) => c.html(claimHtml.replaceAll(CSP_NONCE_PLACEHOLDER, pageNonce(c))));
    // precompressed: the build writes .br/.gz next to each file (scripts/compress-assets.mjs)
    app.use("*", serveStatic({ root: path.relative(process.cwd(), webDist), precompressed: true }));
    app.get("*", ...page); // client-side routes
  }
  return app;
}

/** better-auth answers errors as { code, message }; give them the API's one error shape too. */
async function toErrorEnvelope(res: Response): Promise<Response> {
  if (res.status < 400 || !res.headers.get("content-type")?.includes("application/json")) return res;
  const text = await res.text();
  let body: { code?: string; message?: string; fields?: Record<string, string> } = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    /* keep empty */
  }
  const code = (body.code ?? (res.status === 429 ? "rate_limited" : "auth_error")).toLowerCase();
  const message =
    res.status === 429 ? "Too many attempts. Please wait a minute and try again." : (body.message ?? "Something went wrong");
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(errorBody(code, message, body.fields)), { status: res.status, headers });
}
