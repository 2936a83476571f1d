// @vitest-environment happy-dom
// Settings → Company: what it saves, each field's message, the server's under its field, Revert.
import { DEFAULT_COMPANY_SETTINGS } from "@meridian/shared/settings-public";
import { describe, expect, it } from "vitest";
import { apiError, fillAndSubmit, retype as typeIn, renderWithApi, type Routes } from "@/test/render";
import { CompanyPanel } from "./company-panel";

function setup(routes: Routes = {}) {
  return renderWithApi(<CompanyPanel />, {
    "GET /api/admin/settings/company": { json: { company: DEFAULT_COMPANY_SETTINGS } },
    "PUT /api/admin/settings/company": (body) => ({ json: { company: body } }),
    ...routes,
  });
}

const retype = async (app: ReturnType<typeof setup>, label: string, text: string) => typeIn(app.user, await app.screen.findByLabelText(label), text);

const saves = (app: ReturnType<typeof setup>) => app.calls.filter((c) => c.method === "PUT");

describe("CompanyPanel", () => {
  it("saves the changed details with the logo kept, the phone in E.164", async () => {
    const app = setup();
    await fillAndSubmit(app.user, app.screen, { "Display name": "Meridian LA", Phone: "(310) 555-0199" }, "Save Settings");
    expect(await app.screen.findByText("Settings Saved")).toBeTruthy();
    expect(saves(app)[0]?.body).toEqual({ ...DEFAULT_COMPANY_SETTINGS, displayName: "Meridian LA", phone: "+13105550199" });
    expect((app.screen.getByRole("button", { name: "Save Settings" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("keeps Save off until something changes, and Revert brings the saved values back", async () => {
    const app = setup();
    const name = await retype(app, "Legal name", "Someone Else LLC");
    expect((app.screen.getByRole("button", { name: "Save Settings" }) as HTMLButtonElement).disabled).toBe(false);
    await app.user.click(app.screen.getByRole("button", { name: "Revert" }));
    expect((name as HTMLInputElement).value).toBe(DEFAULT_COMPANY_SETTINGS.legalName);
    expect((app.screen.getByRole("button", { name: "Save Settings" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks for the display name and the address", async () => {
    const app = setup();
    await fillAndSubmit(app.user, app.screen, { "Display name": "", Address: "" }, "Save Settings");
    expect((await app.screen.findByText("Display name is required.")).id).toBe("company-displayName-error");
    expect(app.screen.getByText("Address is required.").id).toBe("company-address-error");
    expect(saves(app)).toHaveLength(0);
  });

  it("refuses a support e-mail, a phone and a website that are not ones", async () => {
    const app = setup();
    await fillAndSubmit(app.user, app.screen, { "Support e-mail": "concierge@", Phone: "555-CALL-NOW", Website: "meridian" }, "Save Settings");
    expect((await app.screen.findByText("Invalid email address")).id).toBe("company-supportEmail-error");
    expect(app.screen.getByText("Please enter a valid phone number").id).toBe("company-phone-error");
    expect(app.screen.getByText("Enter the website's address, such as https://meridian.example.").id).toBe("company-website-error");
    expect(saves(app)).toHaveLength(0);
  });

  it("puts the server's message under the field it names", async () => {
    const app = setup({ "PUT /api/admin/settings/company": apiError(400, "validation_error", "Please check the highlighted fields.", { legalName: "This name is reserved." }) });
    await fillAndSubmit(app.user, app.screen, { "Legal name": "Meridian Inc" }, "Save Settings");
    expect((await app.screen.findByText("This name is reserved.")).id).toBe("company-legalName-error");
    expect(await app.screen.findByText("Could not save settings")).toBeTruthy();
  });
});
