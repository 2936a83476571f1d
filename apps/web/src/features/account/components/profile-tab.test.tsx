// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { apiError, renderApp, serveApi, sessionOf } from "@/test/render";
import { ProfileTab } from "./profile-tab";

const PROFILE = {
  id: "u1",
  fullName: "Octavia Brandt",
  email: "octavia@example.com",
  phone: "+13105550123",
  role: "user",
  status: "active",
  emailVerified: true,
  createdAt: "2026-01-05T10:00:00.000Z",
};

function setup(patch: Parameters<typeof serveApi>[0][string] = (body) => ({ json: { ...PROFILE, ...(body as object) } })) {
  const calls = serveApi({ "GET /api/auth/get-session": { json: sessionOf() }, "GET /api/me/profile": { json: PROFILE }, "PATCH /api/me/profile": patch });
  return { ...renderApp(<ProfileTab />), calls };
}

/** Types `text` over the field's value and saves. */
async function retypeAndSave(app: ReturnType<typeof setup>, label: string, text: string) {
  const input = await app.screen.findByLabelText(label);
  await app.screen.findByDisplayValue("+13105550123");
  await app.user.clear(input);
  await app.user.type(input, text);
  await app.user.click(app.screen.getByRole("button", { name: "Save Changes" }));
  return input;
}

describe("ProfileTab", () => {
  it("shows the saved profile and saves a change", async () => {
    const app = setup();
    await retypeAndSave(app, "Full Name", "Octavia B. Brandt");
    expect(await app.screen.findByText("Profile Updated")).toBeTruthy();
    expect(app.calls.find((c) => c.method === "PATCH")?.body).toEqual({ fullName: "Octavia B. Brandt", phone: "+13105550123" });
    expect((app.screen.getByLabelText("Email") as HTMLInputElement).readOnly).toBe(true);
  });

  it("refuses a one-letter name", async () => {
    const app = setup();
    await retypeAndSave(app, "Full Name", "O");
    expect(await app.screen.findByText("Full name must be at least 2 characters")).toBeTruthy();
    expect(app.calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("refuses a phone number no country issues", async () => {
    const app = setup();
    const phone = await retypeAndSave(app, "Phone", "555-CALL-NOW");
    expect(await app.screen.findByText("Please enter a valid phone number")).toBeTruthy();
    expect(phone.getAttribute("aria-invalid")).toBe("true");
  });

  it("puts the server's message under the phone field", async () => {
    const app = setup(apiError(400, "validation_error", "Please check the highlighted fields.", { phone: "This number cannot receive texts." }));
    await app.screen.findByDisplayValue("+13105550123");
    await app.user.click(app.screen.getByRole("button", { name: "Save Changes" }));
    expect(await app.screen.findByText("This number cannot receive texts.")).toBeTruthy();
    expect(await app.screen.findByText("Update Failed")).toBeTruthy();
  });
});
