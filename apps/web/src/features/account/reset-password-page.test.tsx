// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { apiError, renderApp, serveApi } from "@/test/render";
import ResetPasswordPage from "./reset-password-page";

function setup(path: string, routes: Parameters<typeof serveApi>[0] = {}) {
  const calls = serveApi({ "GET /api/auth/get-session": { json: null }, ...routes });
  return { ...renderApp(<ResetPasswordPage />, { path, routePath: "/reset-password" }), calls };
}

async function choose(app: ReturnType<typeof setup>, password: string, confirm = password) {
  await app.user.type(app.screen.getByLabelText("New Password"), password);
  await app.user.type(app.screen.getByLabelText("Confirm Password"), confirm);
  await app.user.click(app.screen.getByRole("button", { name: "Update Password" }));
}

describe("ResetPasswordPage", () => {
  it("sets the new password with the link's token and goes home", async () => {
    const app = setup("/reset-password?token=tok123", { "POST /api/auth/reset-password": { json: { status: true } } });
    await choose(app, "a-new-password");
    expect(await app.screen.findByText("Password Updated")).toBeTruthy();
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe("/"));
    expect(app.calls.find((c) => c.path === "/api/auth/reset-password")?.body).toEqual({ newPassword: "a-new-password", token: "tok123" });
  });

  it("refuses a short password", async () => {
    const app = setup("/reset-password?token=tok123");
    await choose(app, "short");
    expect(await app.screen.findByText("Password must be at least 8 characters")).toBeTruthy();
  });

  it("refuses a confirmation that does not match", async () => {
    const app = setup("/reset-password?token=tok123");
    await choose(app, "a-new-password", "another-password");
    expect(await app.screen.findByText("Passwords do not match")).toBeTruthy();
    expect(app.screen.getByLabelText("Confirm Password").getAttribute("aria-invalid")).toBe("true");
  });

  it("puts the server's newPassword message under New Password", async () => {
    const app = setup("/reset-password?token=tok123", {
      "POST /api/auth/reset-password": apiError(400, "validation_error", "Please check the password.", { newPassword: "Password is too common." }),
    });
    await choose(app, "password123");
    expect(await app.screen.findByText("Password is too common.")).toBeTruthy();
    expect(app.screen.getByLabelText("New Password").getAttribute("aria-describedby")).toBe("reset-password-error");
  });

  it("shows the stale link page when the server refuses the token", async () => {
    const app = setup("/reset-password?token=old", { "POST /api/auth/reset-password": apiError(400, "invalid_token", "This link is invalid.") });
    await choose(app, "a-new-password");
    expect(await app.screen.findByRole("heading", { name: "This Link Is No Longer Valid" })).toBeTruthy();
  });

  it("asks for a welcome password on a staff member's first link", async () => {
    const app = setup("/reset-password?token=tok&welcome=1");
    expect(await app.screen.findByRole("heading", { name: "Set Your Password" })).toBeTruthy();
    expect(app.screen.getByRole("button", { name: "Set Password" })).toBeTruthy();
  });
});
