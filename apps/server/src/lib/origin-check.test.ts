// Cross-site requests (issue 21): every state-changing route refuses a request another site's page sends (Origin
// or Sec-Fetch-Site), and a JSON body is recognised by its media type, not by a substring of the header.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withQuoteFastPath } from "../quotes/quote-fast-path";
import { createTestApp, type TestApp } from "../test/harness";
import { mediaType } from "./validate";

let t: TestApp;
let adminCookie: string;
/** A chauffeur's own steps admit chauffeurs only (admins get 403 before the body is read). */
let chauffeurCookie: string;
const UNSAFE = ["POST", "PUT", "PATCH", "DELETE"];
const SOME_ID = "7b0c2f0e-2d6a-4a53-9a57-3c1b8f0f4e21";

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await t.userWithSession({ role: "admin" })).cookie;
  chauffeurCookie = (await t.userWithSession({ role: "chauffeur" })).cookie;
});
afterAll(() => t.close());

/** Every state-changing /api route of the app, its parameters filled in. */
function unsafeRoutes(): { method: string; path: string; pattern: string }[] {
  const seen = new Set<string>();
  const routes: { method: string; path: string; pattern: string }[] = [];
  for (const { method, path } of t.app.routes) {
    if (!UNSAFE.includes(method) || !path.startsWith("/api") || seen.has(`${method} ${path}`)) continue;
    seen.add(`${method} ${path}`);
    routes.push({ method, pattern: path, path: path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, SOME_ID) });
  }
  // better-auth behind the gate (mounted as /api/auth/*)
  for (const sub of ["/sign-up/email", "/sign-in/email", "/sign-out", "/request-password-reset", "/reset-password"]) {
    routes.push({ method: "POST", pattern: `/api/auth${sub}`, path: `/api/auth${sub}` });
  }
  return routes;
}

describe("a state-changing request from another site", () => {
  it("is refused with 403 on every POST, PUT, PATCH and DELETE route, uploads and sign-in included", async () => {
    const routes = unsafeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => r.pattern)).toEqual(expect.arrayContaining(["/api/quotes", "/api/bookings", "/api/auth/sign-in/email", "/api/valet/tickets/:id/photos"]));
    const passed: string[] = [];
    for (const { method, path } of routes) {
      const variants: Record<string, string>[] = [
        { origin: "https://evil.example", "content-type": "application/json", cookie: adminCookie },
        { origin: "null", "content-type": "application/json", cookie: adminCookie },
        { "sec-fetch-site": "cross-site", "content-type": "application/json", cookie: adminCookie },
        { origin: "https://evil.example", "content-type": "multipart/form-data; boundary=x", cookie: adminCookie },
      ];
      for (const headers of variants) {
        const res = await t.app.request(path, { method, headers, body: method === "DELETE" ? undefined : "{}" });
        const body = (await res.json()) as { error?: { code?: string } };
        if (res.status !== 403 || body.error?.code !== "cross_origin") passed.push(`${method} ${path} ${JSON.stringify(headers)} → ${res.status}`);
      }
    }
    expect(passed).toEqual([]);
  });

  it("passes from the site itself, and from clients that are not a browser page (no Origin): the Stripe webhook, API tools", async () => {
    const own = await t.call("POST", "/api/newsletter", { json: { email: "own.site@example.com" }, headers: { "sec-fetch-site": "same-origin" } });
    expect(own.status).toBeLessThan(300);
    const tool = await t.app.request("/api/newsletter", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "curl@example.com" }) });
    expect(tool.status).toBeLessThan(300);
    const webhook = await t.app.request("/api/payments/stripe/webhook", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(webhook.status).not.toBe(403);
  });

  it("is refused on the quote route's fast path too (a real server)", async () => {
    const server: Server = createServer(withQuoteFastPath(t.deps, getRequestListener(t.app.fetch), {}));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/quotes`, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("cross_origin");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("a JSON body", () => {
  it("is recognised by its media type: 'text/plain; x=application/json' (sent by any page without a preflight) is refused on every JSON route", async () => {
    const doc = (await t.call("GET", "/api/openapi.json")).body as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
    const jsonRoutes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([m, op]) => UNSAFE.includes(m.toUpperCase()) && op.requestBody?.content?.["application/json"])
        .map(([m]) => ({ method: m.toUpperCase(), path: path.replace(/\{[^}]+\}/g, SOME_ID) })),
    );
    expect(jsonRoutes.length).toBeGreaterThan(30);
    const accepted: string[] = [];
    for (const { method, path } of jsonRoutes) {
      for (const type of ["text/plain; x=application/json", "text/plain;application/json", "application/x-www-form-urlencoded; a=application/json"]) {
        const send = (cookie: string) => t.call(method, path, { body: '{"email":"x@example.com"}', cookie, headers: { "content-type": type } });
        let res = await send(adminCookie);
        if (res.status === 403) res = await send(chauffeurCookie);
        if (res.status !== 400 || res.body?.error?.code !== "unsupported_media_type") accepted.push(`${method} ${path} (${type}) → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    }
    expect(accepted).toEqual([]);
    // A well-formed JSON media type with parameters or other case is still JSON.
    const ok = await t.call("POST", "/api/newsletter", { body: JSON.stringify({ email: "case@example.com" }), headers: { "content-type": "Application/JSON; charset=utf-8" } });
    expect(ok.status).toBeLessThan(300);
    expect(mediaType(" text/plain ; x=application/json")).toBe("text/plain");
  });
});
