// Who may call what, generated from the app's own route list: each /api route's route({ access }) is the one check
// (issue 22 point 4), so every role it does not name is refused with 403 on it, signed out with 401, and the roles
// it names get past it. No hand-kept list of routes: a route added tomorrow is in this matrix the day it is added.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roles, type Role } from "@meridian/shared/auth";
import { createTestApp, type TestApp } from "../test/harness";
import { rolesOf, type Access } from "./openapi";

let t: TestApp;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of roles) cookies[role] = (await t.userWithSession({ role })).cookie;
});
afterAll(() => t.close());

const ID = "00000000-0000-4000-8000-000000000000";

/** Every /api route of the app with the access its route({ access }) declares (paths with a stand-in id). */
function declaredRoutes() {
  const seen = new Map<string, { method: string; path: string; access: Access }>();
  for (const r of t.app.routes) {
    const access = (r.handler as { access?: Access }).access;
    if (access === undefined || !r.path.startsWith("/api/")) continue;
    const path = r.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, ID);
    seen.set(`${r.method} ${path}`, { method: r.method, path, access });
  }
  return [...seen.values()];
}

describe("route({ access }) is the one access check, on every route", () => {
  it("finds the routes of every kind of access, chauffeur-only included", () => {
    const routes = declaredRoutes();
    expect(routes.length).toBeGreaterThan(80);
    const kinds = new Set(routes.map((r) => JSON.stringify(rolesOf(r.access))));
    for (const kind of ['"public"', '"signed-in"', '["admin"]', '["dispatcher","admin"]', '["valet","admin"]', '["chauffeur"]']) expect(kinds).toContain(kind);
  });

  it("refuses a signed-out caller (401) and every role the route does not name (403), lets the named roles past the check", async () => {
    const checked = { refused: 0, admitted: 0 };
    for (const { method, path, access } of declaredRoutes()) {
      const allowed = rolesOf(access);
      if (allowed === "public") continue;
      const json = method === "GET" || method === "HEAD" ? undefined : {};
      const anon = await t.call(method, path, { json });
      expect(anon.status, `${method} ${path} signed out`).toBe(401);
      if (allowed === "signed-in") continue;
      for (const role of roles) {
        const res = await t.call(method, path, { json, cookie: cookies[role] });
        if (allowed.includes(role)) {
          // Past the check: whatever the handler says of an empty body or an unknown id, it is not the access check's 401/403.
          expect(["unauthorized", "forbidden"], `${method} ${path} as ${role}: ${res.status}`).not.toContain(res.body?.error?.code);
          checked.admitted++;
        } else {
          expect(res.status, `${method} ${path} as ${role}`).toBe(403);
          expect(res.body.error.code).toBe("forbidden");
          checked.refused++;
        }
      }
    }
    // Admin-only routes alone refuse four roles each: the matrix is not empty.
    expect(checked.refused).toBeGreaterThan(200);
    expect(checked.admitted).toBeGreaterThan(60);
  });

  it("refuses an admin a chauffeur's own step of a ride ({ only: ['chauffeur'] }) while the chauffeur passes the check", async () => {
    const path = `/api/staff/rides/${ID}/status`;
    expect((await t.call("POST", path, { json: { status: "en_route" }, cookie: cookies.admin })).status).toBe(403);
    expect((await t.call("POST", path, { json: { status: "en_route" }, cookie: cookies.chauffeur })).status).toBe(404);
    expect((await t.call("GET", "/api/staff/rides", { cookie: cookies.admin })).status).toBe(200);
  });
});
