// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { apiError, renderApp, serveApi } from "@/test/render";
import { ForgotPasswordForm } from "./forgot-password-form";

function setup(routes: Parameters<typeof serveApi>[0] = {}) {
  const calls = serveApi({ "GET /api/auth/get-session": { json: null }, ...routes });
  return { ...renderApp(<ForgotPasswordForm onMode={vi.fn()} />), calls };
}

describe("ForgotPasswordForm", () => {
  it("sends the reset link and says it is on its way", async () => {
    const { user, screen, calls } = setup({ "POST /api/auth/request-password-reset": { json: { status: true } } });
    await user.type(screen.getByLabelText("Email"), "octavia@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Password Reset Email Sent")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/auth/request-password-reset")?.body).toMatchObject({ email: "octavia@example.com" });
  });

  it("refuses an invalid e-mail", async () => {
    const { user, screen, calls } = setup();
    await user.type(screen.getByLabelText("Email"), "octavia");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Invalid email address")).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/auth/request-password-reset")).toBe(false);
  });

  it("puts the server's message under the e-mail field", async () => {
    const { user, screen } = setup({
      "POST /api/auth/request-password-reset": apiError(400, "validation_error", "Please check the e-mail.", { email: "Use the e-mail you signed up with." }),
    });
    await user.type(screen.getByLabelText("Email"), "octavia@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Use the e-mail you signed up with.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
  });
});
