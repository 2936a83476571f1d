// GET /api/openapi.json: the OpenAPI 3.1 document, assembled by hono-openapi from the app's routes (each described
// by its `route()` middleware, lib/openapi.ts) plus the better-auth endpoints the auth gate lets through.
// GET /api/docs: an interactive reference (Swagger UI, served from this origin under the page CSP: no inline script).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import { z } from "zod";
import { apiErrorSchema } from "@meridian/shared/api-error";
import { authAnswers } from "@meridian/shared/identity/answers";
import { authBodies, authGetPaths, authPageGetPaths } from "./auth";
import type { AppConfig } from "./env";
import type { AppEnv } from "./lib/context";
import { notFound } from "./lib/errors";
import { openApiDocumentSchema } from "@meridian/shared/openapi";
import { route } from "./lib/openapi";
import { securityHeaders } from "./lib/security-headers";

const BETTER_AUTH_DOCS = "https://www.better-auth.com/docs/concepts/api";
const tags = ["Reference"];

/** Failures better-auth answers (in the API's error shape, app.ts toErrorEnvelope), per endpoint. */
const AUTH_FAILURES: Record<string, Record<number, string>> = {
  "/sign-up/email": { 422: "An account with this e-mail address exists" },
  "/sign-in/email": { 401: "Wrong e-mail or password", 403: "The e-mail address is not verified yet (a new link is sent)" },
  "/reset-password": { 400: "The reset link is invalid or has expired" },
};
/** "/sign-in/email" → "authSignInEmail". */
const operationId = (method: string, sub: string) =>
  `auth${method === "get" && !sub.startsWith("/get") ? "Get" : ""}${sub
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("")}`;

/** The better-auth endpoints behind /api/auth, from the gate's own list and body schemas (auth/guard.ts). */
function authPaths() {
  const paths: Record<string, Record<string, object>> = {};
  const error = (description: string) => ({ description, content: { "application/json": { schema: z.toJSONSchema(apiErrorSchema, { io: "output" }) } } });
  const responses = (sub: string): Record<string, object> => {
    const answer = authAnswers[sub as keyof typeof authAnswers];
    return {
      200: { description: `better-auth's answer (${BETTER_AUTH_DOCS})`, ...(answer ? { content: { "application/json": { schema: z.toJSONSchema(answer, { io: "output" }) } } } : {}) },
      ...Object.fromEntries(Object.entries({ 400: "The input is not valid: error.fields says which field and why", ...AUTH_FAILURES[sub], 429: "Too many attempts (Retry-After says when to try again)" }).map(([status, d]) => [status, error(d)])),
    };
  };
  for (const [sub, schema] of Object.entries(authBodies)) {
    // The output side: each field is a string piped into the shared schema (auth/guard.ts), whose checks (the
    // e-mail format, a password's length) are what a client must meet; no field has a default or a transform.
    paths[`/api/auth${sub}`] = {
      post: {
        tags: ["Sign-in (better-auth)"],
        summary: `better-auth ${sub.slice(1)}`,
        operationId: operationId("post", sub),
        externalDocs: { url: BETTER_AUTH_DOCS },
        requestBody: { required: true, content: { "application/json": { schema: z.toJSONSchema(schema, { io: "output" }) } } },
        responses: responses(sub),
      },
    };
  }
  // The GET endpoints an API client calls (the session); the e-mail links' targets and better-auth's own pages
  // (verify-email, reset-password/:token, ok, error) are for browsers and stay out. (Past 150 tags and operations
  // Swagger UI 5 draws the list virtually, only the rows in view: see START_JS.)
  for (const sub of authGetPaths.filter((p) => !authPageGetPaths.includes(p))) {
    const params = [...sub.matchAll(/:([a-z]+)/g)].map((m) => ({ in: "path", name: m[1], required: true, schema: { type: "string" } }));
    const { 400: _noBody, ...answers } = responses(sub);
    paths[`/api/auth${sub.replace(/:([a-z]+)/g, "{$1}")}`] = {
      get: { tags: ["Sign-in (better-auth)"], summary: `better-auth ${sub.slice(1)}`, operationId: operationId("get", sub), externalDocs: { url: BETTER_AUTH_DOCS }, parameters: params, responses: answers },
    };
  }
  return paths;
}

/** The document for `app` (built once, on first request: every route is registered by then). */
export function openApiDocument(app: Hono<AppEnv>) {
  return generateSpecs(app, {
    excludeStaticFile: false, // /api/openapi.json and /api/admin/bookings/export.csv are routes, not files
    documentation: {
      info: {
        title: "Meridian API",
        version: "1",
        description:
          "Valet parking and chauffeur bookings. Errors answer { error: { code, message, fields? } } with a 4xx status. Sign in with POST /api/auth/sign-in/email: the session cookie, or the set-auth-token header as a Bearer token, authorises the other calls.",
      },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "better-auth.session_token", description: "The session cookie set by sign-in" },
          bearer: { type: "http", scheme: "bearer", description: "The set-auth-token header of a sign-in answer" },
        },
      },
      paths: authPaths(),
    },
  });
}

const here = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const ASSETS: Record<string, string> = { "swagger-ui.css": "text/css; charset=utf-8", "swagger-ui-bundle.js": "text/javascript; charset=utf-8" };

const DOCS_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Meridian API reference</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div><script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/start.js"></script></body></html>`;
// From 150 tags and operations on, Swagger UI 5 draws only the rows in view (a virtual list: the rest appear as the
// page scrolls; that is what looked like "stops drawing past ~127 operations"). The filter box (by tag) narrows it.
const START_JS = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true, tryItOutEnabled: false, filter: true });\n`;

export function openApiRoutes(app: Hono<AppEnv>, config: AppConfig) {
  let document: ReturnType<typeof openApiDocument> | undefined;
  const files = new Map<string, Buffer>();
  // Swagger UI styles some parts with <style> elements it writes: the reference page alone allows inline styles.
  const docsHeaders = securityHeaders(config, { csp: { styleSrc: ["'self'", "'unsafe-inline'"] } });

  return new Hono<AppEnv>()
    .get("/openapi.json", route({ summary: "This document (OpenAPI 3.1)", tags, access: "public", responses: { 200: openApiDocumentSchema } }), async (c) => {
      document ??= openApiDocument(app);
      return c.json(await document);
    })
    .get(
      "/docs",
      route({ summary: "The interactive API reference", tags, access: "public", responses: { 200: { description: "An HTML page", contentType: "text/html" } } }),
      docsHeaders,
      (c) => c.html(DOCS_HTML),
    )
    .get(
      "/docs/:file",
      route({ summary: "The reference page's script and styles", tags, access: "public", responses: { 200: { description: "A file", contentType: "text/javascript" }, 404: { description: "No such file" } } }),
      (c) => {
        const file = c.req.param("file");
        if (file === "start.js") return c.body(START_JS, 200, { "content-type": "text/javascript; charset=utf-8" });
        const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
        if (!type) throw notFound("No such file.");
        if (!files.has(file)) files.set(file, fs.readFileSync(path.join(here, file)));
        return c.body(new Uint8Array(files.get(file)!), 200, { "content-type": type, "cache-control": "public, max-age=86400" });
      },
    );
}
