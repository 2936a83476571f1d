// The OpenAPI document: every /api route of the app is in it (a route added without a description fails here),
// the better-auth endpoints are referenced, and real answers of the main routes match its response schemas
// (checked with a JSON Schema validator against the served document, not against the zod schemas).
import { Ajv2020 } from "ajv/dist/2020.js";
import { z } from "zod";
import { createApp } from "../app";
import { route } from "./openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authBodies, authGetPaths, authPageGetPaths } from "../auth/guard";
import { FAKE_PLACES } from "../test/fake-geo";
import type { TestApp } from "../test/harness";
import { createFleetTestApp, createTestFleet, giveCapacityForDays, rideInput } from "../test/factories";
import { outboxEmails } from "../db/schema";

type Doc = { openapi: string; paths: Record<string, Record<string, { summary?: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };

let t: TestApp;
let doc: Doc;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  await giveCapacityForDays(t);
  const res = await t.call("GET", "/api/openapi.json");
  expect(res.status).toBe(200);
  doc = res.body as Doc;
});
afterAll(() => t.close());

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}");

/** The app's /api routes (method, path) that the document lacks. */
function undocumented(app: TestApp["app"], document: Doc): string[] {
  const missing = new Set<string>();
  for (const { method, path } of app.routes) {
    if (method === "ALL" || !path.startsWith("/api")) continue; // middleware and the 404 catch-all
    if (path === "/api/auth/*") {
      // better-auth behind the gate: each endpoint the gate lets through is referenced.
      const subs = method === "POST" ? Object.keys(authBodies) : authGetPaths.filter((p) => !authPageGetPaths.includes(p));
      for (const sub of subs) if (!document.paths[toOpenApiPath(`/api/auth${sub}`)]?.[method.toLowerCase()]) missing.add(`${method} /api/auth${sub}`);
      continue;
    }
    if (!document.paths[toOpenApiPath(path)]?.[method.toLowerCase()]) missing.add(`${method} ${path}`);
  }
  return [...missing];
}

type JsonSchema = { $ref?: string; type?: string | string[]; properties?: object; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[]; const?: unknown; enum?: unknown[] };

/** A schema that says what the answer holds: properties, items of such, a union of such, a constant (not `{[key: string]: unknown}`). */
function typedSchema(document: Doc & { components?: { schemas?: Record<string, JsonSchema> } }, s: JsonSchema | undefined, seen = 0): boolean {
  if (!s || seen > 20) return false;
  if (s.$ref) return typedSchema(document, document.components?.schemas?.[s.$ref.replace("#/components/schemas/", "")], seen + 1);
  const union = s.anyOf ?? s.oneOf ?? s.allOf;
  if (union) return union.some((x) => typedSchema(document, x, seen + 1));
  if (s.properties && Object.keys(s.properties).length > 0) return true;
  if (s.type === "array") return typedSchema(document, s.items, seen + 1);
  return s.const !== undefined || s.enum !== undefined || (typeof s.type === "string" && !["object", "array"].includes(s.type));
}

/** Every 2xx answer of the document that is not typed: no content at all (204 aside), or JSON without a schema of its fields. */
function untypedAnswers(document: Doc): string[] {
  const untyped: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      for (const [status, answer] of Object.entries(op.responses)) {
        if (!status.startsWith("2") || status === "204") continue;
        const json = answer.content?.["application/json"];
        // Another media type (CSV, SVG, HTML, an event stream, a file) is described by its type.
        if (answer.content && !json) continue;
        if (!json || !typedSchema(document, json.schema as JsonSchema)) untyped.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
  }
  return untyped;
}

/** The app's /api routes (method, path) that no route({ access }) guards: nothing would check who calls them. */
function withoutAccess(app: TestApp["app"]): string[] {
  const guarded = new Set(app.routes.filter((r) => typeof (r.handler as { access?: unknown }).access !== "undefined").map((r) => `${r.method} ${r.path}`));
  const missing = new Set<string>();
  for (const { method, path } of app.routes) {
    // Middleware, the 404 catch-all, and better-auth behind its gate (auth/guard.ts) are not routes of ours.
    if (method === "ALL" || !path.startsWith("/api") || path === "/api/auth/*") continue;
    if (!guarded.has(`${method} ${path}`)) missing.add(`${method} ${path}`);
  }
  return [...missing];
}

describe("access", () => {
  it("every route declares who may call it in route({ access }), the one check (no prefix middleware, no second list)", async () => {
    expect(withoutAccess(t.app)).toEqual([]);
    const other = createApp(t.deps);
    other.get("/api/admin/unguarded", (c) => c.json({}));
    expect(withoutAccess(other)).toEqual(["GET /api/admin/unguarded"]);
  });
});

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document with every /api route of the app, the better-auth endpoints included", async () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(undocumented(t.app, doc)).toEqual([]);
    // A sample of what it must hold, so an empty app could not pass.
    for (const [path, method] of [
      ["/api/quotes", "post"],
      ["/api/bookings", "post"],
      ["/api/me/profile", "patch"],
      ["/api/places/{id}", "get"],
      ["/api/admin/users/{id}", "patch"],
      ["/api/admin/pricing/simulate", "post"],
      ["/api/realtime", "get"],
      ["/api/auth/sign-in/email", "post"],
      ["/api/auth/get-session", "get"],
    ] as const) {
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
    }
    // The pages a browser opens from an e-mail are not API calls: not in the reference.
    expect(doc.paths["/api/auth/reset-password/{token}"]).toBeUndefined();
  });

  it("fails for a route added without a description", async () => {
    const other = createApp(t.deps);
    other.get("/api/undescribed", (c) => c.json({}));
    other.post("/api/me/undescribed/:id", (c) => c.json({}));
    const document = (await (await other.request("/api/openapi.json")).json()) as Doc;
    expect(undocumented(other, document)).toEqual(["GET /api/undescribed", "POST /api/me/undescribed/:id"]);
  });

  it("types every 2xx answer: each is a zod schema of packages/shared, never an untyped object", () => {
    expect(untypedAnswers(doc)).toEqual([]);
    // better-auth's endpoints too, each with an operationId and its real statuses.
    const signIn = doc.paths["/api/auth/sign-in/email"]!.post as unknown as { operationId: string; responses: Record<string, unknown> };
    expect(signIn.operationId).toBe("authSignInEmail");
    expect(Object.keys(signIn.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "429"]));
    const auth = Object.entries(doc.paths).filter(([p]) => p.startsWith("/api/auth/")).flatMap(([, ops]) => Object.values(ops) as unknown as { operationId?: string }[]);
    expect(auth.length).toBeGreaterThan(5);
    expect(new Set(auth.map((o) => o.operationId)).size, "one operationId each").toBe(auth.length);
  });

  it("lets every event stream take lastEventId: the live-updates client sends it when it reconnects by itself", () => {
    type Op = { parameters?: { in: string; name: string }[]; responses?: Record<string, { content?: Record<string, unknown> }> };
    const streams = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops as unknown as Record<string, Op>)
        // The valet queue is JSON unless asked for a stream (Accept: text/event-stream).
        .filter(([, op]) => op.responses?.["200"]?.content?.["text/event-stream"] || path === "/api/valet/queue")
        .map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, names: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name) })),
    );
    expect(streams.map((s) => s.at).sort()).toEqual(["GET /api/claim/{token}/events", "GET /api/realtime", "GET /api/valet/queue"]);
    for (const s of streams) expect(s.names, s.at).toContain("lastEventId");
  });

  it("fails for a route whose 2xx answer is untyped", async () => {
    const other = createApp(t.deps);
    other.get("/api/untyped", route({ summary: "Untyped", tags: ["Test"], access: "public", responses: { 200: { description: "A bag", schema: z.record(z.string(), z.unknown()) } } }), (c) => c.json({}));
    other.get("/api/unsaid", route({ summary: "Unsaid", tags: ["Test"], access: "public", responses: { 201: { description: "Words only" } } }), (c) => c.json({}, 201));
    const document = (await (await other.request("/api/openapi.json")).json()) as Doc;
    expect(untypedAnswers(document)).toEqual(["GET /api/untyped 200", "GET /api/unsaid 201"]);
  });

  it("carries the refinements JSON Schema can say: e-mail format, money in cents, patterns, bounds", () => {
    type Props = Record<string, Record<string, unknown>>;
    const body = (path: string, method: string) =>
      ((doc.paths[path]![method] as unknown as { requestBody: { content: Record<string, { schema: { properties: Props } }> } }).requestBody.content["application/json"]!.schema.properties);
    expect(body("/api/auth/sign-up/email", "post").email).toMatchObject({ format: "email" });
    expect(body("/api/admin/bookings/{id}/refunds", "post").amountUsd).toMatchObject({ multipleOf: 0.01, minimum: 0.01 });
    expect(body("/api/me/bookings/{id}/tip", "post").amountUsd).toMatchObject({ multipleOf: 0.01 });
    expect(body("/api/quotes", "post").time).toMatchObject({ pattern: expect.any(String) });
    expect(body("/api/quotes", "post").passengers).toMatchObject({ minimum: expect.any(Number), maximum: expect.any(Number) });
  });

  it("describes inputs from the routes' own schemas: body, query parameters, access and the error shape", () => {
    const quote = doc.paths["/api/quotes"]!.post as unknown as { requestBody: { content: Record<string, { schema: { properties: object; required: string[] } }> } };
    const body = quote.requestBody.content["application/json"]!.schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(["pickupPlaceId", "dropoffPlaceId", "vehicleTypeId", "passengers", "luggage", "date", "time"]));
    const users = doc.paths["/api/admin/users"]!.get as unknown as { parameters: { name: string; in: string }[]; security: unknown[]; responses: Record<string, unknown> };
    expect(users.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(["query:q", "query:page", "query:pageSize"]);
    expect(users.security.length).toBeGreaterThan(0);
    expect(Object.keys(users.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403"]));
    const booking = doc.paths["/api/bookings"]!.post as unknown as { parameters: { name: string; in: string }[] };
    expect(booking.parameters).toContainEqual(expect.objectContaining({ in: "header", name: "Idempotency-Key" }));
  });
});

describe("real answers match the document's response schemas", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

  beforeAll(() => ajv.addSchema(doc as object, "doc"));

  /** Checks a real answer against the document's schema for its route, method and status. */
  function expectDocumented(route: string, method: string, res: { status: number; body: unknown }) {
    const media = doc.paths[route]?.[method]?.responses[String(res.status)]?.content?.["application/json"];
    expect(media, `${method} ${route} ${res.status} is documented with a JSON schema`).toBeDefined();
    const validate = ajv.getSchema(`doc#/${pointer("paths", route, method, "responses", String(res.status), "content", "application/json", "schema")}`)!;
    const ok = validate(res.body);
    expect(validate.errors ?? [], `${method} ${route} ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`).toEqual([]);
    expect(ok).toBe(true);
    if (route === "/api/vehicles") expect(validate({ vehicles: [{ id: 1, name: "Sedan" }] }), "a wrong answer fails").toBe(false);
  }

  it("for the customer's routes: fleet, places, quote, booking, profile, bookings, tickets, newsletter, health", async () => {
    const { cookie } = await t.userWithSession({ fullName: "Grace Hopper", phone: "3105550101" });
    expectDocumented("/api/health", "get", await t.call("GET", "/api/health"));
    expectDocumented("/api/health/ready", "get", await t.call("GET", "/api/health/ready"));
    expectDocumented("/api/vehicles", "get", await t.call("GET", "/api/vehicles"));
    expectDocumented("/api/places/suggest", "get", await t.call("GET", "/api/places/suggest?q=air"));
    expectDocumented("/api/places/{id}", "get", await t.call("GET", `/api/places/${encodeURIComponent(FAKE_PLACES.airport.placeId)}`));
    expectDocumented("/api/places/reverse", "get", await t.call("GET", "/api/places/reverse?lat=33.94&lng=-118.41"));
    const quote = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id) });
    expectDocumented("/api/quotes", "post", quote);
    const booking = await t.call("POST", "/api/bookings", { cookie, json: { service: "ride", quoteId: quote.body.quoteId, paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(booking.status).toBe(201);
    expectDocumented("/api/bookings", "post", booking);
    expectDocumented("/api/me/profile", "get", await t.call("GET", "/api/me/profile", { cookie }));
    expectDocumented("/api/me/profile", "patch", await t.call("PATCH", "/api/me/profile", { cookie, json: { fullName: "Grace B. Hopper", phone: "" } }));
    const mine = await t.call("GET", "/api/me/bookings", { cookie });
    expect(mine.body.bookings).toHaveLength(1);
    expectDocumented("/api/me/bookings", "get", mine);
    expectDocumented("/api/me/tickets", "get", await t.call("GET", "/api/me/tickets", { cookie }));
    expectDocumented("/api/newsletter", "post", await t.call("POST", "/api/newsletter", { json: { email: `n-${crypto.randomUUID()}@example.com` } }));
  });

  it("for the admin's main routes", async () => {
    const { cookie } = await t.userWithSession({ role: "admin" });
    const users = await t.call("GET", "/api/admin/users?pageSize=5", { cookie });
    expect(users.body.users.length).toBeGreaterThan(0);
    expectDocumented("/api/admin/users", "get", users);
    expectDocumented("/api/admin/bookings", "get", await t.call("GET", "/api/admin/bookings", { cookie }));
    expectDocumented("/api/admin/pricing/simulate", "post", await t.call("POST", "/api/admin/pricing/simulate", { cookie, json: { vehicleTypeId: fleet.sedan.id, miles: 12, minutes: 30 } }));
    const created = await t.call("POST", "/api/admin/users", { cookie, json: { fullName: "Ada Admin-Made", email: `a-${crypto.randomUUID()}@example.com`, role: "valet" } });
    expect(created.status).toBe(201);
    expectDocumented("/api/admin/users", "post", created);
    await t.db.delete(outboxEmails);
  });

  it("for errors: the one error shape, as documented", async () => {
    const bad = await t.call("POST", "/api/newsletter", { json: { email: "nope" } });
    expect(bad.status).toBe(400);
    expectDocumented("/api/newsletter", "post", bad);
    expectDocumented("/api/me/profile", "get", await t.call("GET", "/api/me/profile"));
    const { cookie } = await t.userWithSession();
    const forbidden = await t.call("GET", "/api/admin/users", { cookie });
    expect(forbidden.status).toBe(403);
    expectDocumented("/api/admin/users", "get", forbidden);
  });
});

describe("every path and query parameter the document describes, and no other", () => {
  const METHODS = ["get", "post", "put", "patch", "delete"] as const;
  const ID = "00000000-0000-4000-8000-000000000000";
  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, ID);
  // The development tools answer only this machine's own sockets (dev-tools.ts): app.request has none.
  const ours = () => Object.entries(doc.paths).filter(([path]) => !path.startsWith("/api/auth/") && !path.startsWith("/api/dev/"));

  it("answers a known path called with a method it does not have with 405 and Allow", async () => {
    const { cookie } = await t.userWithSession({ role: "admin" });
    const refused: string[] = [];
    for (const [path, operations] of ours()) {
      const documented = METHODS.filter((m) => operations[m]).map((m) => m.toUpperCase());
      const missing = METHODS.find((m) => !operations[m]);
      if (!missing) continue;
      const res = await t.call(missing.toUpperCase(), concrete(path), { cookie, ...(missing === "get" ? {} : { json: {} }) });
      const allow = res.headers.get("allow")?.split(", ") ?? [];
      if (res.status !== 405 || res.body?.error?.code !== "method_not_allowed" || !documented.every((m) => allow.includes(m))) refused.push(`${missing.toUpperCase()} ${path}: ${res.status} ${allow.join(",")}`);
    }
    expect(refused).toEqual([]);
    const res = await t.call("DELETE", "/api/me/profile", { cookie });
    expect([res.status, res.headers.get("allow")]).toEqual([405, "GET, HEAD, PATCH"]);
    expect(res.body).toEqual({ error: { code: "method_not_allowed", message: "DELETE is not allowed on /api/me/profile: use GET, HEAD, PATCH." } });
    // An unknown path is still not found.
    expect((await t.call("GET", "/api/no-such-thing")).status).toBe(404);
  }, 300_000);

  it("refuses an unknown or an empty query parameter on every route with a 400 on that parameter", async () => {
    const { cookie: admin } = await t.userWithSession({ role: "admin" });
    const { cookie: chauffeur } = await t.userWithSession({ role: "chauffeur" });
    const wrong: string[] = [];
    for (const [path, operations] of ours()) {
      for (const method of METHODS) {
        const op = operations[method] as unknown as { parameters?: { in: string; name: string }[]; "x-access"?: string } | undefined;
        if (!op) continue;
        // Admins pass every role check but a chauffeur's own step of a ride ({ only: ["chauffeur"] }).
        const cookie = op["x-access"] === "chauffeur" ? chauffeur : admin;
        const asked = [["zzUnknown", "1"], ...(op.parameters ?? []).filter((p) => p.in === "query").map((p) => [p.name, ""])];
        for (const [name, value] of asked) {
          const res = await t.call(method.toUpperCase(), `${concrete(path)}?${name}=${value}`, { cookie, ...(method === "get" || method === "delete" ? {} : { json: {} }) });
          if (res.status !== 400 || res.body?.error?.code !== "validation_error" || !res.body.error.fields?.[name!]) wrong.push(`${method.toUpperCase()} ${path} ?${name}=${value}: ${res.status} ${JSON.stringify(res.body?.error ?? res.body).slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});

describe("GET /api/docs", () => {
  it("serves the reference page with its script and styles from this origin, and no inline script", async () => {
    const page = await t.app.request("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    for (const file of ["swagger-ui-bundle.js", "swagger-ui.css", "start.js"]) {
      const res = await t.app.request(`/api/docs/${file}`);
      expect(res.status, file).toBe(200);
    }
    expect((await t.app.request("/api/docs/package.json")).status).toBe(404);
  });

  it("a file named like an object's own members is not found either (it was a 500 to anyone)", async () => {
    for (const file of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const res = await t.app.request(`/api/docs/${file}`);
      expect(res.status, file).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code, file).toBe("not_found");
    }
  });
});
