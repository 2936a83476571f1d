// @vitest-environment happy-dom
// Settings → Maps, the service area: what Save sends for counties and for a radius, each field's message under it
// (the shared mapsSettingsSchema's), and the server's refusal under its field.
import { describe, expect, it } from "vitest";
import { apiError, renderApp, retype, serveApi, type Routes } from "@/test/render";
import { MapsTab } from "./maps-tab";

const check = { ok: true, ms: 12, summary: "Found LAX." };
const overview = (serviceArea: unknown) => ({
  json: { maps: { serviceArea }, provider: { name: "embedded", label: "Embedded" }, health: { provider: "embedded", lookup: check, route: check }, knownCounties: ["Los Angeles", "Orange", "Ventura"] },
});
const COUNTIES = { kind: "counties", counties: ["Los Angeles", "Orange"] };

function open(routes: Routes = {}, area: unknown = COUNTIES) {
  const calls = serveApi({
    "GET /api/auth/get-session": { json: null },
    "GET /api/admin/settings/maps": overview(area),
    "PUT /api/admin/settings/maps": (body) => overview((body as { serviceArea: unknown }).serviceArea),
    ...routes,
  });
  const app = renderApp(<MapsTab />);
  const save = () => app.user.click(app.screen.getByRole("button", { name: "Save Service Area" }));
  return { ...app, calls, save, puts: () => calls.filter((c) => c.method === "PUT") };
}

describe("MapsTab, service area", () => {
  it("saves the counties ticked", async () => {
    const app = open();
    await app.user.click(await app.screen.findByRole("checkbox", { name: "Ventura County" }));
    await app.user.click(app.screen.getByRole("checkbox", { name: "Orange County" }));
    await app.save();
    expect(await app.screen.findByText("Settings Saved")).toBeTruthy();
    expect(app.puts()[0]?.body).toEqual({ serviceArea: { kind: "counties", counties: ["Los Angeles", "Ventura"] } });
  });

  it("saves a radius from the base, and only the radius", async () => {
    const app = open();
    await app.user.click(await app.screen.findByRole("radio", { name: "A radius from the base" }));
    await retype(app.user, app.screen.getByLabelText("Radius"), "45");
    await retype(app.user, app.screen.getByLabelText("Base"), "Santa Monica");
    await retype(app.user, app.screen.getByLabelText("Base latitude"), "34.0195");
    await retype(app.user, app.screen.getByLabelText("Base longitude"), "-118.4912");
    await app.save();
    expect(await app.screen.findByText("Settings Saved")).toBeTruthy();
    expect(app.puts()[0]?.body).toEqual({ serviceArea: { kind: "radius", radiusMiles: 45, base: { label: "Santa Monica", lat: 34.0195, lng: -118.4912 } } });
  });

  it("asks for at least one county", async () => {
    const app = open();
    await app.user.click(await app.screen.findByRole("checkbox", { name: "Los Angeles County" }));
    await app.user.click(app.screen.getByRole("checkbox", { name: "Orange County" }));
    await app.save();
    expect((await app.screen.findByText("Choose at least one county.")).id).toBe("area-counties-error");
    expect(app.puts()).toHaveLength(0);
  });

  it("refuses a radius that is not a whole number of miles from 1 to 500, and asks for the base", async () => {
    const app = open({}, { kind: "radius", radiusMiles: 30, base: { label: "Downtown Los Angeles", lat: 34.0522, lng: -118.2437 } });
    await retype(app.user, await app.screen.findByLabelText("Radius"), "600");
    await retype(app.user, app.screen.getByLabelText("Base"), "");
    await app.save();
    expect((await app.screen.findByText("The radius is a whole number of miles from 1 to 500.")).id).toBe("area-radius-error");
    expect(app.screen.getByText("Base is required.").id).toBe("area-base-error");
    expect(app.puts()).toHaveLength(0);
  });

  it("puts the server's refusal under its field", async () => {
    const app = open(
      { "PUT /api/admin/settings/maps": apiError(400, "validation_error", "Please check the highlighted fields.", { "serviceArea.base.label": "No such place near Los Angeles." }) },
      { kind: "radius", radiusMiles: 30, base: { label: "Downtown Los Angeles", lat: 34.0522, lng: -118.2437 } },
    );
    await retype(app.user, await app.screen.findByLabelText("Base"), "Atlantis");
    await app.save();
    expect((await app.screen.findByText("No such place near Los Angeles.")).id).toBe("area-base-error");
    expect(await app.screen.findByText("Could not save settings")).toBeTruthy();
  });
});
