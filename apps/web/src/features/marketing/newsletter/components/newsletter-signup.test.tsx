// @vitest-environment happy-dom
// Newsletter sign-up: what it sends and the success toast, the shared schema's message under the field (the address
// stays, nothing sent), and the server's refusal under the field with the spec's one failure toast.
import { EMAIL_MESSAGE } from "@meridian/shared/email";
import { describe, expect, it } from "vitest";
import { apiError, renderApp, serveApi, type Routes } from "@/test/render";
import { NewsletterSignup, SUBSCRIBE_FAILED_TEXT, SUBSCRIBED_TEXT } from "./newsletter-signup";

function open(routes: Routes = {}) {
  const calls = serveApi({ "GET /api/auth/get-session": { json: null }, "POST /api/newsletter": { status: 201, json: { subscribed: true } }, ...routes });
  const app = renderApp(<NewsletterSignup />);
  const field = app.screen.getByRole("textbox", { name: "Email address" }) as HTMLInputElement;
  const subscribe = () => app.user.click(app.screen.getByRole("button", { name: /Subscribe/ }));
  return { ...app, calls, field, subscribe, posts: () => calls.filter((c) => c.method === "POST") };
}

describe("NewsletterSignup", () => {
  it("subscribes the trimmed address and clears the field", async () => {
    const app = open();
    await app.user.type(app.field, " guest@example.com ");
    await app.subscribe();
    expect(await app.screen.findByText(SUBSCRIBED_TEXT)).toBeTruthy();
    expect(app.posts()[0]?.body).toEqual({ email: "guest@example.com" });
    expect(app.field.value).toBe("");
  });

  it("shows the shared schema's message under the field for an address it refuses, and sends nothing", async () => {
    const app = open();
    await app.user.type(app.field, "guest@localhost");
    await app.subscribe();
    const message = await app.screen.findByText(EMAIL_MESSAGE);
    expect(message.id).toBe(`${app.field.id}-error`);
    expect(app.field.getAttribute("aria-invalid")).toBe("true");
    expect(app.field.getAttribute("aria-describedby")).toBe(message.id);
    expect(app.screen.getByText(SUBSCRIBE_FAILED_TEXT)).toBeTruthy();
    expect(app.posts()).toHaveLength(0);
    expect(app.field.value).toBe("guest@localhost");
    await app.user.type(app.field, ".com");
    expect(app.screen.queryByText(EMAIL_MESSAGE)).toBeNull();
  });

  it("puts the server's refusal under the field, with the spec's failure toast", async () => {
    const app = open({ "POST /api/newsletter": apiError(400, "validation_error", "Invalid email address", { email: "This domain does not receive e-mail." }) });
    await app.user.type(app.field, "guest@example.invalid");
    await app.subscribe();
    expect((await app.screen.findByText("This domain does not receive e-mail.")).id).toBe(`${app.field.id}-error`);
    expect(app.screen.getByText(SUBSCRIBE_FAILED_TEXT)).toBeTruthy();
  });

  it("a duplicate is the spec's one failure toast, with nothing under the field", async () => {
    const app = open({ "POST /api/newsletter": apiError(409, "already_subscribed", SUBSCRIBE_FAILED_TEXT) });
    await app.user.type(app.field, "guest@example.com");
    await app.subscribe();
    expect(await app.screen.findByText("Subscription Failed")).toBeTruthy();
    expect(app.screen.queryByRole("alert")).toBeNull();
    expect(app.field.value).toBe("guest@example.com");
  });
});
