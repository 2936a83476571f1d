// Every /api/admin route, core and fleet, enumerated from the app itself: signed out -> 401,
// a customer or a staff (e.g. chauffeur) account -> 403, whatever the method, path or body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let userCookie: string;
let staffCookie: string;
let adminCookie: string;
let dispatcherCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  userCookie = (await t.userWithSession({ role: "user" })).cookie;
  staffCookie = (await t.userWithSession({ role: "chauffeur" })).cookie;
  adminCookie = (await t.userWithSession({ role: "admin" })).cookie;
  dispatcherCookie = (await t.userWithSession({ role: "dispatcher" })).cookie;
});
afterAll(() => t.close());

function adminRoutes() {
  const seen = new Set<string>();
  const routes: { method: string; path: string }[] = [];
  for (const r of t.app.routes) {
    if (r.method === "ALL" || !r.path.startsWith("/api/admin/") || r.path.includes("*")) continue;
    const path = r.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "00000000-0000-4000-8000-000000000000");
    const key = `${r.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: r.method, path });
  }
  return routes;
}

describe("admin authorisation", () => {
  it("finds the core routes (and any fleet routes) in the app", () => {
    const keys = adminRoutes().map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      "GET /api/admin/overview",
      "GET /api/admin/users",
      "POST /api/admin/users",
      "GET /api/admin/bookings",
      "GET /api/admin/bookings/export.csv",
      "PATCH /api/admin/bookings/00000000-0000-4000-8000-000000000000/status",
      "GET /api/admin/tickets",
      "PATCH /api/admin/tickets/00000000-0000-4000-8000-000000000000",
      "GET /api/admin/reports",
      "GET /api/admin/audit",
    ]) {
      expect(keys).toContain(expected);
    }
  });

  it("answers 401 to a signed-out client and 403 to user and staff accounts on every admin route", async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(13);
    for (const { method, path } of routes) {
      const json = method === "GET" || method === "HEAD" ? undefined : { status: "confirmed", fullName: "Eve", role: "admin" };
      const anon = await t.call(method, path, { json });
      expect(anon.status, `${method} ${path} signed out`).toBe(401);
      expect(anon.body.error.code).toBe("unauthorized");
      for (const [who, cookie] of [
        ["user", userCookie],
        ["chauffeur", staffCookie],
      ] as const) {
        const res = await t.call(method, path, { json, cookie });
        expect(res.status, `${method} ${path} as ${who}`).toBe(403);
        expect(res.body.error.code).toBe("forbidden");
      }
    }
  });

  it("lets an admin through (the same routes answer something other than 401/403)", async () => {
    for (const { method, path } of adminRoutes().filter((r) => r.method === "GET")) {
      const res = await t.call(method, path, { cookie: adminCookie });
      expect([401, 403], `${method} ${path} as admin`).not.toContain(res.status);
      expect(res.status, `${method} ${path} as admin`).toBeLessThan(500);
    }
  });

  it("lets a dispatcher reach exactly the desk's routes (dispatch board, assignment, reading bookings, booking for a caller) and refuses the rest", async () => {
    const desk = new Set([
      "GET /api/admin/dispatch",
      "GET /api/admin/bookings",
      "POST /api/admin/bookings",
      "GET /api/admin/customers",
      "GET /api/admin/bookings/00000000-0000-4000-8000-000000000000",
      "PUT /api/admin/bookings/00000000-0000-4000-8000-000000000000/assignment",
      "DELETE /api/admin/bookings/00000000-0000-4000-8000-000000000000/assignment",
    ]);
    const routes = adminRoutes();
    for (const key of desk) expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(key);
    for (const { method, path } of routes) {
      const json = method === "GET" || method === "HEAD" ? undefined : { chauffeurId: "nobody", status: "confirmed", fullName: "Eve", role: "admin" };
      const res = await t.call(method, path, { json, cookie: dispatcherCookie });
      if (desk.has(`${method} ${path}`)) expect([401, 403], `${method} ${path} as dispatcher`).not.toContain(res.status);
      else expect(res.status, `${method} ${path} as dispatcher`).toBe(403);
    }
  });

  it("refuses unknown admin paths to non-admins too (no route discovery)", async () => {
    expect((await t.call("GET", "/api/admin/does-not-exist")).status).toBe(401);
    expect((await t.call("GET", "/api/admin/does-not-exist", { cookie: userCookie })).status).toBe(403);
  });
});
