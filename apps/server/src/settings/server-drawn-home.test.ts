// Home drawn by the server (issue 24: the hero paints before the app's JavaScript): at "/" the page's root holds the
// client's drawing for the current public settings, with its preloads in the head; every other page keeps the empty
// root the client draws; a drawing that fails, or no drawing built, leaves home to the client. Pages go out gzipped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_SETTINGS } from "@meridian/shared/settings";
import { createApp } from "../app";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let dir: string;
let admin: { cookie: string };

/** A stand-in for apps/web/dist-ssr/entry-server.js: draws the company's name and the year, counts its drawings, fails on "Broken". */
const ENTRY = `
globalThis.homeDrawings = 0;
export function renderHome(settings) {
  globalThis.homeDrawings++;
  const name = settings ? settings.company.displayName : "(none)";
  if (name === "Broken") throw new Error("cannot draw");
  const escaped = name.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return '<link rel="preload" href="/assets/a.woff2" as="font" crossorigin="" type="font/woff2"/><main><h1>The art of arrival</h1><p>' + escaped + '</p><small>' + new Date().getFullYear() + '</small></main>';
}`;
const drawings = () => (globalThis as { homeDrawings?: number }).homeDrawings ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithSession({ role: "admin" });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-home-"));
  fs.mkdirSync(path.join(dir, "dist"));
  fs.writeFileSync(
    path.join(dir, "dist", "index.html"),
    `<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"><title>Meridian</title><link rel="modulepreload" crossorigin href="/assets/main-1.js"></head><body><div id="root"></div><script type="application/json" id="public-settings">__PUBLIC_SETTINGS__</script></body></html>`,
  );
  fs.writeFileSync(path.join(dir, "dist", "claim.html"), "<!doctype html><title>Your car</title>");
  fs.writeFileSync(path.join(dir, "entry-server.mjs"), ENTRY);
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const site = (homeEntry = path.join(dir, "entry-server.mjs")) => createApp(t.deps, { webDist: path.join(dir, "dist"), homeEntry });
const rootOf = (html: string) => html.match(/<div id="root">([\s\S]*?)<\/div><script/)?.[1];
const headOf = (html: string) => html.match(/<head>([\s\S]*)<\/head>/)?.[1] ?? "";
const setName = async (displayName: string) =>
  expect((await t.call("PUT", "/api/admin/settings/company", { cookie: admin.cookie, json: { ...DEFAULT_SETTINGS.company, displayName } })).status).toBe(200);

describe("home drawn by the server", () => {
  it("fills home's root with the drawing for the current settings and puts its preloads in the head; client routes keep the empty root", async () => {
    await setName("Aurum <Cars>");
    const app = site();
    for (const page of ["/", "/index.html"]) {
      const html = await (await app.request(page)).text();
      expect(rootOf(html)).toBe(`<main><h1>The art of arrival</h1><p>Aurum &lt;Cars></p><small>${new Date().getFullYear()}</small></main>`);
      expect(headOf(html)).toContain('<link rel="preload" href="/assets/a.woff2" as="font"');
      // The app's modules come after home's first paint (public/boot.js), not beside its fonts and styles.
      expect(html).not.toContain("modulepreload");
      // The page's own nonce and settings are still written.
      expect(html).not.toContain("__CSP_NONCE__");
      expect(html).toContain('"displayName":"Aurum \\u003cCars>"');
    }
    for (const page of ["/dashboard", "/admin/bookings"]) {
      const html = await (await app.request(page)).text();
      expect(rootOf(html)).toBe("");
      expect(html).not.toContain('rel="preload"');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/main-1.js">');
    }
  });

  it("draws once per settings: the same settings reuse the drawing, a saved change draws anew", async () => {
    await setName("Once");
    const app = site();
    await app.request("/");
    const before = drawings();
    await app.request("/");
    await app.request("/");
    expect(drawings()).toBe(before);
    await setName("Twice");
    expect(rootOf(await (await app.request("/")).text())).toContain("<p>Twice</p>");
    expect(drawings()).toBe(before + 1);
  });

  it("draws anew when the year turns: the footer's copyright is this year's, as the client's is", async () => {
    await setName("Yearly");
    const app = site();
    const year = new Date().getFullYear();
    // Drawn on the last evening of last year (the clock set back: nothing cached is dated in the future)...
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(year - 1, 11, 31, 23, 59, 55));
    expect(rootOf(await (await app.request("/")).text())).toContain(`<small>${year - 1}</small>`);
    // ...and asked for again this year.
    vi.useRealTimers();
    expect(rootOf(await (await app.request("/")).text())).toContain(`<small>${year}</small>`);
  });

  it("leaves home to the client when the drawing fails or was not built, and still answers 200", async () => {
    await setName("Broken");
    const broken = await site().request("/");
    expect(broken.status).toBe(200);
    expect(rootOf(await broken.text())).toBe("");
    await setName("Meridian");
    const unbuilt = await site(path.join(dir, "missing", "entry-server.js")).request("/");
    expect(unbuilt.status).toBe(200);
    expect(rootOf(await unbuilt.text())).toBe("");
  });

  it("sends the pages gzipped to a browser that accepts it", async () => {
    const res = await site().request("/", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8");
    expect(rootOf(html)).toContain("<h1>The art of arrival</h1>");
  });
});
