// @vitest-environment happy-dom
// Settings → Operations (the page's first tab): what it saves, a field's message, the server's under its field.
import { DEFAULT_OPERATIONS_SETTINGS, type OperationsSettings } from "@meridian/shared/rides";
import { describe, expect, it } from "vitest";
import { apiError, fillAndSubmit, renderWithApi, type Routes } from "@/test/render";
import SettingsPage from "./settings-page";

/** The defaults, but for one value the page must show as the server holds it. */
const OPERATIONS: OperationsSettings = { ...DEFAULT_OPERATIONS_SETTINGS, overdueGraceMinutes: 60 };

function setup(routes: Routes = {}) {
  return renderWithApi(
    <SettingsPage />,
    {
      "GET /api/admin/settings": { json: { operations: OPERATIONS } },
      "PUT /api/admin/settings": (body) => ({ json: { operations: body } }),
      ...routes,
    },
    { path: "/admin/settings" },
  );
}



describe("Settings → Operations", () => {
  it("saves the changed rules", async () => {
    const app = setup();
    await fillAndSubmit(app.user, app.screen, { "Cancellation fee": "25", "Time zone": "America/New_York" }, "Save Settings");
    expect(await app.screen.findByText("Settings Saved")).toBeTruthy();
    expect(app.calls.find((c) => c.method === "PUT")?.body).toEqual({ ...OPERATIONS, cancellationFeePercent: 25, timeZone: "America/New_York" });
  });

  it("refuses a fee over 100 percent and an empty cut-off", async () => {
    const app = setup();
    await fillAndSubmit(app.user, app.screen, { "Cancellation fee": "120", "Free cancellation cut-off": "" }, "Save Settings");
    expect((await app.screen.findByText("Cancellation fee must be a whole number from 0 to 100.")).id).toBe("ops-cancellationFeePercent-error");
    expect(app.screen.getByText("Cancellation cut-off must be a whole number from 0 to 168.").id).toBe("ops-cancellationCutoffHours-error");
    expect(app.calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("refuses a time zone that does not exist", async () => {
    const app = setup();
    await fillAndSubmit(app.user, app.screen, { "Time zone": "Mars/Olympus_Mons" }, "Save Settings");
    expect((await app.screen.findByText("Choose a time zone such as America/Los_Angeles.")).id).toBe("ops-timeZone-error");
  });

  it("puts the server's message under the field it names", async () => {
    const app = setup({ "PUT /api/admin/settings": apiError(400, "validation_error", "Please check the highlighted fields.", { dispatchBufferMinutes: "Shorter than the longest ride's return." }) });
    await fillAndSubmit(app.user, app.screen, { "Dispatch buffer": "10" }, "Save Settings");
    expect((await app.screen.findByText("Shorter than the longest ride's return.")).id).toBe("ops-dispatchBufferMinutes-error");
    expect(await app.screen.findByText("Could not save settings")).toBeTruthy();
  });
});
