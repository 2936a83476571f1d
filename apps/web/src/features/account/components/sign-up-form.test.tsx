// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { apiError, renderApp, serveApi } from "@/test/render";
import { SignUpForm } from "./sign-up-form";

function setup(routes: Parameters<typeof serveApi>[0] = {}) {
  const calls = serveApi({ "GET /api/auth/get-session": { json: null }, ...routes });
  const app = renderApp(<SignUpForm onMode={vi.fn()} />);
  return { ...app, calls };
}

async function fill(user: ReturnType<typeof setup>["user"], screen: ReturnType<typeof setup>["screen"], v: { name?: string; email?: string; password?: string }) {
  if (v.name) await user.type(screen.getByLabelText("Full Name"), v.name);
  if (v.email) await user.type(screen.getByLabelText("Email"), v.email);
  if (v.password) await user.type(screen.getByLabelText("Password"), v.password);
  await user.click(screen.getByRole("button", { name: "Create Account" }));
}

describe("SignUpForm", () => {
  it("creates the account and says to check the inbox", async () => {
    const { user, screen, calls } = setup({ "POST /api/auth/sign-up/email": { json: { token: null, user: { id: "u2", email: "alex@example.com", name: "Alexandra Reyes", emailVerified: false } } } });
    await fill(user, screen, { name: "Alexandra Reyes", email: "alex@example.com", password: "long-enough" });
    expect(await screen.findByText("Account Created!")).toBeTruthy();
    expect(await screen.findByText("alex@example.com")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/auth/sign-up/email")?.body).toMatchObject({ name: "Alexandra Reyes", email: "alex@example.com", password: "long-enough" });
  });

  it("refuses a one-letter name", async () => {
    const { user, screen, calls } = setup();
    await fill(user, screen, { name: "A", email: "alex@example.com", password: "long-enough" });
    expect(await screen.findByText("Full name must be at least 2 characters")).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/auth/sign-up/email")).toBe(false);
  });

  it("refuses an invalid e-mail", async () => {
    const { user, screen } = setup();
    await fill(user, screen, { name: "Alexandra Reyes", email: "alex@", password: "long-enough" });
    expect(await screen.findByText("Invalid email address")).toBeTruthy();
  });

  it("refuses a short password", async () => {
    const { user, screen } = setup();
    await fill(user, screen, { name: "Alexandra Reyes", email: "alex@example.com", password: "short" });
    expect(await screen.findByText("Password must be at least 8 characters")).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
  });

  it("puts the server's message under the e-mail field", async () => {
    const { user, screen } = setup({
      "POST /api/auth/sign-up/email": apiError(422, "user_exists", "An account with this e-mail already exists.", { email: "An account with this e-mail already exists." }),
    });
    await fill(user, screen, { name: "Alexandra Reyes", email: "alex@example.com", password: "long-enough" });
    expect(await screen.findByText("Sign up Failed")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-describedby")).toBe("signup-email-error");
    expect(document.getElementById("signup-email-error")?.textContent).toBe("An account with this e-mail already exists.");
  });
});
