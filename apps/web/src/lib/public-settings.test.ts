// @vitest-environment happy-dom
// The public settings the server writes into the page serve the first render without a request (issue 24: zod stays
// off the home page); without them (the dev server's unreplaced placeholder, or null) the query asks the server.
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS } from "@meridian/shared/settings";

const SETTINGS = {
  company: { ...DEFAULT_SETTINGS.company, displayName: "Aurum Cars", logoKey: undefined, logoUrl: null, phoneDisplay: "(213) 555-0199" },
  features: DEFAULT_SETTINGS.features,
  tipPresetPercents: [15, 20],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  document.body.innerHTML = "";
});

/** The module as a page with `block` (the text of index.html's #public-settings) loads it. */
async function loadWithPage(block: string | null) {
  document.body.innerHTML = block === null ? "" : `<script type="application/json" id="public-settings">${block}</script>`;
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ...SETTINGS, company: { ...SETTINGS.company, displayName: "From the API" } }), { status: 200 }));
  vi.stubGlobal("fetch", fetchMock);
  const { publicSettingsQueryOptions } = await import("./public-settings");
  const settings = await new QueryClient().fetchQuery(publicSettingsQueryOptions);
  return { settings, fetchMock };
}

describe("the public settings", () => {
  it("come from the page when the server wrote them there, with no request", async () => {
    const { settings, fetchMock } = await loadWithPage(JSON.stringify(SETTINGS));
    expect(settings.company.displayName).toBe("Aurum Cars");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ["the unreplaced placeholder (the dev server)", "__PUBLIC_SETTINGS__"],
    ["null (the server could not read them)", "null"],
    ["no block at all", null],
  ])("are asked of the server with %s", async (_label, block) => {
    const { settings, fetchMock } = await loadWithPage(block);
    expect(fetchMock).toHaveBeenCalledWith("/api/settings/public", expect.anything());
    expect(settings.company.displayName).toBe("From the API");
  });
});
