// @vitest-environment happy-dom
// The route guards: who reaches the customer, staff and admin pages, and where everyone else goes.
import { describe, expect, it, vi } from "vitest";
import { renderApp, serveApi, sessionOf } from "@/test/render";
import { RequireAdmin, RequireStaff, RequireUser, signInThenPath } from "./require-auth";

type Role = Parameters<typeof sessionOf>[0];

const routes = [
  { path: "/", element: <p>home</p> },
  { path: "/dashboard", element: <p>dashboard</p> },
  { element: <RequireUser />, children: [{ path: "/bookings/:id/payment", element: <p>payment page</p> }] },
  { element: <RequireStaff />, children: [{ path: "/staff/valet", element: <p>valet screen</p> }] },
  { element: <RequireAdmin />, children: [{ path: "/admin", element: <p>admin overview</p> }] },
];

async function visit(path: string, role: Role | null) {
  serveApi({ "GET /api/auth/get-session": { json: role ? sessionOf(role) : null }, "GET /api/me/profile": { json: null } });
  const app = renderApp(null, { path, routes });
  await vi.waitFor(() => expect(app.container.querySelector("p")).not.toBeNull());
  return app;
}

describe("route guards", () => {
  it("send a signed-out visitor home, remembering the page for after signing in", async () => {
    const app = await visit("/bookings/b1/payment?retry=1", null);
    expect(app.screen.getByText("home")).toBeTruthy();
    expect(signInThenPath(app.router.state.location.state)).toBe("/bookings/b1/payment?retry=1");
  });

  it("let a signed-in customer reach their own pages", async () => {
    const app = await visit("/bookings/b1/payment", "customer");
    expect(app.screen.getByText("payment page")).toBeTruthy();
  });

  it.each([
    ["/staff/valet", "customer", "dashboard"],
    ["/staff/valet", "valet", "valet screen"],
    ["/staff/valet", "admin", "valet screen"],
    ["/admin", "customer", "dashboard"],
    ["/admin", "valet", "dashboard"],
    ["/admin", "dispatcher", "admin overview"],
    ["/admin", "admin", "admin overview"],
    ["/admin", null, "home"],
  ] as const)("%s as %s shows %s", async (path, role, shown) => {
    const app = await visit(path, role);
    expect(app.screen.getByText(shown)).toBeTruthy();
  });

  it("only follow a sign-in to a path on this site", () => {
    expect(signInThenPath({ signInThen: "/admin" })).toBe("/admin");
    expect(signInThenPath({ signInThen: "//evil.example" })).toBeNull();
    expect(signInThenPath({ signInThen: "https://evil.example" })).toBeNull();
    expect(signInThenPath(null)).toBeNull();
  });
});
