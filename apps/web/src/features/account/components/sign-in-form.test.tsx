// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { apiError, fillAndSubmit, renderWithApi, sessionOf, type Routes } from "@/test/render";
import { SignInForm } from "./sign-in-form";

function setup(routes: Routes = {}) {
  const onDone = vi.fn();
  const onMode = vi.fn();
  return { ...renderWithApi(<SignInForm onMode={onMode} onDone={onDone} />, routes), onDone, onMode };
}

describe("SignInForm", () => {
  it("signs in with valid details, greets and closes", async () => {
    let signedIn = false;
    const { user, screen, calls, onDone } = setup({
      "GET /api/auth/get-session": () => ({ json: signedIn ? sessionOf("customer") : null }),
      "POST /api/auth/sign-in/email": () => {
        signedIn = true;
        return { json: { redirect: false, token: "t", user: { id: "u1", email: "octavia@example.com", name: "Octavia", emailVerified: true } } };
      },
    });
    await fillAndSubmit(user, screen, { Email: "octavia@example.com", Password: "correct-horse" }, "Sign In");
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.path === "/api/auth/sign-in/email")?.body).toEqual({ email: "octavia@example.com", password: "correct-horse" });
    expect(await screen.findByText("Welcome back!")).toBeTruthy();
  });

  it("refuses an invalid e-mail at the field, without asking the server", async () => {
    const { user, screen, calls } = setup();
    await fillAndSubmit(user, screen, { Email: "not-an-email", Password: "whatever1" }, "Sign In");
    expect(await screen.findByText("Invalid email address")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.path === "/api/auth/sign-in/email")).toBe(false);
  });

  it("asks for the password", async () => {
    const { user, screen } = setup();
    await fillAndSubmit(user, screen, { Email: "octavia@example.com" }, "Sign In");
    expect(await screen.findByText("Password is required")).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-describedby")).toBe("signin-password-error");
  });

  it("puts the server's field message under its field and says Sign in Failed", async () => {
    const { user, screen, onDone } = setup({
      "POST /api/auth/sign-in/email": apiError(400, "validation_error", "Please check the highlighted fields.", { email: "This e-mail is not allowed." }),
    });
    await fillAndSubmit(user, screen, { Email: "octavia@example.com", Password: "correct-horse" }, "Sign In");
    expect(await screen.findByText("This e-mail is not allowed.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(await screen.findByText("Sign in Failed")).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("offers to resend the verification e-mail to an unverified account", async () => {
    const { user, screen, calls } = setup({
      "POST /api/auth/sign-in/email": apiError(403, "email_not_verified", "Please verify your email address first."),
      "POST /api/auth/send-verification-email": { json: { status: true } },
    });
    await fillAndSubmit(user, screen, { Email: "new@example.com", Password: "correct-horse" }, "Sign In");
    await user.click(await screen.findByRole("button", { name: "Resend verification e-mail" }));
    expect(await screen.findByText("Verification Email Sent")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/auth/send-verification-email")?.body).toMatchObject({ email: "new@example.com" });
  });
});
