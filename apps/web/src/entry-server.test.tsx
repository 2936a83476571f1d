// @vitest-environment happy-dom
// Home as the server draws it (entry-server.tsx) is the page the client takes over (main.tsx: App in the browser's router): the same markup,
// so React hydrates it in place (no node replaced, no recoverable error), with the company's details the page carries.
import { act, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { DEFAULT_COMPANY_SETTINGS, DEFAULT_FEATURES_SETTINGS, type PublicSettings } from "@meridian/shared/settings-public";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveApi } from "@/test/render";

const { logoKey: _logoKey, ...company } = DEFAULT_COMPANY_SETTINGS;
const SETTINGS: PublicSettings = {
  company: { ...company, address: "1 <Gold> & Co Way\nLos Angeles, CA 90001", logoUrl: null, phoneDisplay: "(213) 555-0199" },
  features: { ...DEFAULT_FEATURES_SETTINGS, valetBooking: false },
  tipPresetPercents: [15, 20, 25],
};

afterEach(() => {
  document.body.innerHTML = "";
  vi.resetModules();
});

/** The page as the server sends it: the settings block (read by the client when its modules load) and the drawn root. */
async function serverPage(settings: PublicSettings | null) {
  const { renderHome } = await import("./entry-server");
  const html = renderHome(settings);
  document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="public-settings">${JSON.stringify(settings)}</script>`;
  vi.resetModules(); // the client's modules load afresh, with the page's block there, as in the browser
  return html;
}

describe("the server-drawn home", () => {
  it("draws the hero, the sections and the footer with the page's settings, escaped", async () => {
    const html = await serverPage(SETTINGS);
    expect(html).toContain("The art of");
    for (const id of ["services", "about", "testimonials", "pricing"]) expect(html).toContain(`id="${id}"`);
    expect(html).toContain("1 &lt;Gold&gt; &amp; Co Way");
    expect(html).toContain("(213) 555-0199");
    expect(html).not.toContain("<Gold>");
    // The first screen's fonts, preloaded (the server moves them into the head).
    expect(html.match(/^(<link rel="preload"[^>]*as="font"[^>]*\/>){3}<section/)).not.toBeNull();
  });

  it.each([
    ["the page's settings", SETTINGS],
    ["no settings (the defaults)", null],
  ])("is taken over by the client's tree in place, with %s", async (_, settings) => {
    serveApi({ "GET /api/auth/get-session": { json: null }, "GET /api/settings/public": { json: settings } });
    window.history.replaceState(null, "", "/");
    await serverPage(settings);
    const root = document.getElementById("root")!;
    root.querySelectorAll('link[rel="preload"]').forEach((link) => document.head.append(link));
    const heading = root.querySelector("h1")!;
    const footer = root.querySelector("footer")!;
    const errors: unknown[] = [];
    const { App } = await import("./app/app");
    await act(async () => {
      hydrateRoot(
        root,
        <StrictMode>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </StrictMode>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(errors).toEqual([]);
    expect(root.querySelector("h1")).toBe(heading);
    expect(root.querySelector("footer")).toBe(footer);
    expect(footer.textContent).toContain(settings ? "1 <Gold> & Co Way" : DEFAULT_COMPANY_SETTINGS.address.split("\n")[0]);
  });
});
