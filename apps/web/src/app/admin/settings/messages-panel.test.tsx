// @vitest-environment happy-dom
// Settings → Email/SMS, a message's editor: what it saves and tests, each field's message (the section schema's), the server's under its field.
import { within } from "@testing-library/react";
import { DEFAULT_MESSAGES_SETTINGS, MESSAGE_DEFINITIONS, unknownPlaceholderMessage } from "@meridian/shared/settings";
import { describe, expect, it } from "vitest";
import { apiError, renderApp, retype, serveApi, type Routes } from "@/test/render";
import { MessagesPanel } from "./messages-panel";

const OVERVIEW = {
  messages: DEFAULT_MESSAGES_SETTINGS,
  senders: { email: { from: "Meridian <concierge@meridian.test>", transport: "outbox", label: "Kept in the outbox" }, sms: { from: null, provider: "outbox", label: "Kept in the outbox" } },
  delivery: { queued: 0, failed: 0, lastFailure: null },
  smsOn: true,
};
const REMINDER = MESSAGE_DEFINITIONS.find((d) => d.kind === "ride_reminder")!;

function setup(routes: Routes = {}) {
  const calls = serveApi({
    "GET /api/auth/get-session": { json: null },
    "GET /api/admin/settings/messages": { json: OVERVIEW },
    "PUT /api/admin/settings/messages": (body) => ({ json: { ...OVERVIEW, messages: body } }),
    "POST /api/admin/settings/messages/ride_reminder/test": { json: { sent: { channel: "email", to: "admin@meridian.test", subject: "See you soon" } } },
    ...routes,
  });
  const app = renderApp(<MessagesPanel />);
  return { ...app, calls };
}

/** Opens the ride reminder's editor. */
async function openReminder(app: ReturnType<typeof setup>) {
  await app.user.click(await app.screen.findByRole("button", { name: `Edit “${REMINDER.label}”` }));
  return within(app.screen.getByTestId("message-ride_reminder"));
}

describe("MessageEditor", () => {
  it("saves the new wording of one message inside the whole section", async () => {
    const app = setup();
    const editor = await openReminder(app);
    await retype(app.user, editor.getByLabelText("Subject"), "See you soon, {{customerName}") // {{: a typed "{";
    await app.user.click(editor.getByRole("button", { name: "Save Message" }));
    expect(await app.screen.findByText("Settings Saved")).toBeTruthy();
    expect(app.calls.find((c) => c.method === "PUT")?.body).toEqual({ ...DEFAULT_MESSAGES_SETTINGS, ride_reminder: { enabled: true, subject: "See you soon, {customerName}", intro: "" } });
  });

  it("sends a test with the unsaved wording", async () => {
    const app = setup();
    const editor = await openReminder(app);
    await retype(app.user, editor.getByLabelText("Intro (first paragraph)"), "Good evening {{customerName},");
    await app.user.click(editor.getByRole("button", { name: "Send Me a Test" }));
    expect(await app.screen.findByText("Test Sent")).toBeTruthy();
    expect(app.calls.find((c) => c.path.endsWith("/test"))?.body).toEqual({ intro: "Good evening {customerName}," });
    expect(app.calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("refuses a placeholder the message does not offer, in the subject", async () => {
    const app = setup();
    const editor = await openReminder(app);
    await retype(app.user, editor.getByLabelText("Subject"), "Hello {{custmerName}");
    await app.user.click(editor.getByRole("button", { name: "Save Message" }));
    expect((await editor.findByText(unknownPlaceholderMessage(REMINDER, "custmerName"))).id).toBe("message-ride_reminder-subject-error");
    expect(app.calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("refuses an intro over 500 characters, and sends no test with it", async () => {
    const app = setup();
    const editor = await openReminder(app);
    const intro = editor.getByLabelText("Intro (first paragraph)");
    await app.user.click(intro);
    await app.user.paste("x".repeat(501));
    await app.user.click(editor.getByRole("button", { name: "Send Me a Test" }));
    expect((await editor.findByText("Intro can be at most 500 characters.")).id).toBe("message-ride_reminder-intro-error");
    expect(app.calls.some((c) => c.path.endsWith("/test"))).toBe(false);
  });

  it("puts the server's message under the field it names", async () => {
    const app = setup({
      "PUT /api/admin/settings/messages": apiError(400, "validation_error", "Please check the highlighted fields.", { intro: "This wording is not allowed." }),
    });
    const editor = await openReminder(app);
    await retype(app.user, editor.getByLabelText("Intro (first paragraph)"), "Hi {{customerName}");
    await app.user.click(editor.getByRole("button", { name: "Save Message" }));
    expect((await editor.findByText("This wording is not allowed.")).id).toBe("message-ride_reminder-intro-error");
    expect(await app.screen.findByText("Could not save settings")).toBeTruthy();
  });
});
