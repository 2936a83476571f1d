// The page carries the public settings (issue 24: no request and no schema before the home page shows the company):
// what GET /api/settings/public answers, current at each page load, with nothing in a value able to end the block.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "@meridian/shared/settings";
import { publicSettingsSchema } from "@meridian/shared/settings/answers";
import { createApp } from "../app";
import { createTestApp, type TestApp } from "../test/harness";
import { PUBLIC_SETTINGS_PLACEHOLDER } from "./public-settings";

let t: TestApp;
let site: ReturnType<typeof createApp>;
let webDist: string;
let admin: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithSession({ role: "admin" });
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-web-"));
  // The real page's block, as apps/web/index.html has it.
  const block = fs.readFileSync(path.resolve(import.meta.dirname, "../../../web/index.html"), "utf8").match(/<script type="application\/json" id="public-settings">[^<]*<\/script>/)![0];
  expect(block).toContain(PUBLIC_SETTINGS_PLACEHOLDER);
  fs.writeFileSync(path.join(webDist, "index.html"), `<!doctype html><title>Meridian</title><div id="root"></div>${block}`);
  fs.writeFileSync(path.join(webDist, "claim.html"), "<!doctype html><title>Your car</title>");
  site = createApp(t.deps, { webDist });
});
afterAll(async () => {
  fs.rmSync(webDist, { recursive: true, force: true });
  await t.close();
});

/** The JSON block of the page at `pagePath`, parsed as the client does (the element's text). */
async function settingsInPage(pagePath: string) {
  const html = await (await site.request(pagePath)).text();
  const text = html.match(/<script type="application\/json" id="public-settings">([^<]*)<\/script>/)?.[1];
  expect(text, html).toBeDefined();
  return JSON.parse(text!);
}

describe("the page's public settings", () => {
  it("are GET /api/settings/public's answer, on the home page and on a client route, and fit its schema", async () => {
    const answer = (await t.call("GET", "/api/settings/public")).body;
    for (const page of ["/", "/dashboard", "/index.html"]) expect(await settingsInPage(page)).toEqual(answer);
    expect(publicSettingsSchema.safeParse(answer).success).toBe(true);
  });

  it("follow a saved change at the next load, and a value with markup cannot end the block", async () => {
    const displayName = "Aurum </script><script>alert(1)</script> Cars";
    const put = await t.call("PUT", "/api/admin/settings/company", { cookie: admin.cookie, json: { ...DEFAULT_SETTINGS.company, displayName } });
    expect(put.status).toBe(200);
    const html = await (await site.request("/")).text();
    expect(html).not.toContain("<script>alert(1)");
    expect((await settingsInPage("/")).company.displayName).toBe(displayName);
  });
});
