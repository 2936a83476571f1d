// @vitest-environment happy-dom
// Settings → Payments, the tip presets: what they save, the section schema's message for the set, the server's.
import { DEFAULT_FEATURES_SETTINGS } from "@meridian/shared/settings-public";
import { describe, expect, it } from "vitest";
import { apiError, renderApp, retype, serveApi, type Routes } from "@/test/render";
import { PaymentsPanel } from "./payments-panel";

const OVERVIEW = {
  payments: { tipPresetPercents: [15, 20, 25] },
  provider: { name: "embedded", mode: "embedded_test", modeLabel: "Test mode (embedded)", keys: [], testCharges: true },
  lastWebhook: null,
  cancellation: { cutoffHours: 24, feePercent: 50 },
  authorisationWindow: ["The card is authorised when the booking is made."],
  tipsOffered: true,
};

function setup(routes: Routes = {}) {
  const calls = serveApi({
    "GET /api/auth/get-session": { json: null },
    "GET /api/admin/settings/payments": { json: OVERVIEW },
    "GET /api/admin/settings/features": { json: { features: DEFAULT_FEATURES_SETTINGS } },
    "PUT /api/admin/settings/payments": (body) => ({ json: { ...OVERVIEW, payments: body } }),
    ...routes,
  });
  return { ...renderApp(<PaymentsPanel />), calls };
}

const preset = async (app: ReturnType<typeof setup>, n: number, text: string) => retype(app.user, await app.screen.findByLabelText(`Preset ${n}`), text);
const save = (app: ReturnType<typeof setup>) => app.user.click(app.screen.getByRole("button", { name: "Save Tip Presets" }));

describe("Tip presets", () => {
  it("saves the presets typed, in order, and says what the dialog offers", async () => {
    const app = setup();
    await preset(app, 4, "10");
    await save(app);
    expect(await app.screen.findByText("The tip dialog offers 10%, 15%, 20%, 25% and a custom amount.")).toBeTruthy();
    expect(app.calls.find((c) => c.method === "PUT")?.body).toEqual({ tipPresetPercents: [10, 15, 20, 25] });
  });

  it("refuses the same preset twice, and the message goes when a box is changed", async () => {
    const app = setup();
    await preset(app, 4, "25");
    await save(app);
    expect((await app.screen.findByText("Each tip preset must be different.")).id).toBe("tip-presets-error");
    expect(app.screen.getByLabelText("Preset 4").getAttribute("aria-invalid")).toBe("true");
    expect(app.calls.some((c) => c.method === "PUT")).toBe(false);
    await preset(app, 4, "");
    expect(app.screen.queryByText("Each tip preset must be different.")).toBeNull();
  });

  it("refuses a preset over 100 percent", async () => {
    const app = setup();
    await preset(app, 1, "150");
    await save(app);
    expect(await app.screen.findByText("Each tip preset is a whole percent from 1 to 100.")).toBeTruthy();
  });

  it("asks for at least one preset, and Revert brings the saved ones back", async () => {
    const app = setup();
    for (const n of [1, 2, 3]) await preset(app, n, "");
    await save(app);
    expect(await app.screen.findByText("Give 1 to 4 tip presets.")).toBeTruthy();
    await app.user.click(app.screen.getByRole("button", { name: "Revert" }));
    expect((app.screen.getByLabelText("Preset 2") as HTMLInputElement).value).toBe("20");
    expect(app.screen.queryByText("Give 1 to 4 tip presets.")).toBeNull();
  });

  it("shows the server's message for the presets", async () => {
    const app = setup({ "PUT /api/admin/settings/payments": apiError(400, "validation_error", "Please check the highlighted fields.", { tipPresetPercents: "Presets above 50% are not allowed." }) });
    await preset(app, 4, "60");
    await save(app);
    expect((await app.screen.findByText("Presets above 50% are not allowed.")).id).toBe("tip-presets-error");
    expect(await app.screen.findByText("Could not save settings")).toBeTruthy();
  });
});
