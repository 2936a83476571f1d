// Every answer carries the security headers: the SPA's pages and assets, API answers and API errors. The
// CSP allows no inline script; HSTS only behind an https PUBLIC_URL; a configured provider's hosts join the CSP.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { buildConfig } from "../server";
import { loadEnv } from "../env";
import { createTestApp, type TestApp } from "../test/harness";
import { CSP_NONCE_PLACEHOLDER, securityHeaderList, securityHeadersOptions } from "./security-headers";

let t: TestApp;
let site: ReturnType<typeof createApp>;
let webDist: string;

beforeAll(async () => {
  t = await createTestApp(); // the embedded maps: real map images
  // A built client of three files, served by the app as the real build is.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-web-"));
  fs.mkdirSync(path.join(webDist, "assets"));
  fs.writeFileSync(path.join(webDist, "index.html"), `<!doctype html><meta name="csp-nonce" content="${CSP_NONCE_PLACEHOLDER}"><title>Meridian</title><script type="module" src="/assets/app.js"></script>`);
  fs.writeFileSync(path.join(webDist, "claim.html"), `<!doctype html><meta name="csp-nonce" content="${CSP_NONCE_PLACEHOLDER}"><title>Your car</title><script type="module" src="/assets/claim.js"></script>`);
  fs.writeFileSync(path.join(webDist, "assets", "app.js"), "console.log('hi')");
  site = createApp(t.deps, { webDist });
});
afterAll(async () => {
  fs.rmSync(webDist, { recursive: true, force: true });
  await t.close();
});

/** The CSP as a map of directive -> sources. */
function csp(res: { headers: Headers }): Record<string, string[]> {
  const value = res.headers.get("content-security-policy") ?? "";
  return Object.fromEntries(
    value
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectSecure(res: { headers: Headers }) {
  const policy = csp(res);
  expect(policy["default-src"]).toEqual(["'self'"]);
  expect(policy["script-src"]).toEqual(["'self'"]);
  expect(policy["style-src"]).toEqual(["'self'"]);
  expect(policy["frame-ancestors"]).toEqual(["'none'"]);
  expect(policy["object-src"]).toEqual(["'none'"]);
  expect(res.headers.get("content-security-policy")).not.toMatch(/unsafe-inline|unsafe-eval|nonce/);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("permissions-policy")).toBe("geolocation=(self), camera=(self), microphone=(), payment=()");
  expect(res.headers.get("strict-transport-security")).toBeNull(); // PUBLIC_URL is http here
}

describe("security headers", () => {
  it("are on the home page, a client route and an asset; a page's styles may also carry its own nonce", async () => {
    const nonces = new Set<string>();
    for (const url of ["/", "/index.html", "/dashboard", "/t/abc"]) {
      const res = await site.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      // The guest's claim ticket is its own small page; every other route is the app.
      expect(await res.clone().text()).toContain(url === "/t/abc" ? "/assets/claim.js" : "/assets/app.js");
      const nonce = csp(res)["style-src"]?.[1]?.match(/^'nonce-([A-Za-z0-9+/=]{20,})'$/)?.[1];
      expect(nonce, url).toBeDefined();
      expect(await res.text()).toContain(`<meta name="csp-nonce" content="${nonce}">`);
      nonces.add(nonce!);
      const policy = res.headers.get("content-security-policy")!.replace(` 'nonce-${nonce}'`, "");
      expectSecure({ headers: new Headers({ ...Object.fromEntries(res.headers), "content-security-policy": policy }) });
    }
    expect(nonces.size).toBe(4); // a fresh one for every answer
    const asset = await site.request("/assets/app.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expectSecure(asset);
  });

  it("are on API answers and API errors (404, 400, 401, 413 and better-auth's own)", async () => {
    const answers = [
      await t.app.request("/api/health"),
      await t.app.request("/api/vehicles"),
      await t.app.request("/api/nothing-here"),
      await t.call("POST", "/api/newsletter", { json: { email: "not-an-email" } }),
      await t.call("GET", "/api/me/profile"),
      await t.call("POST", "/api/newsletter", { body: "x".repeat(70 * 1024) }),
      await t.call("POST", "/api/auth/sign-in/email", { json: { email: "nobody@example.com", password: "wrong-password" } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 404, 400, 401, 413, 401]);
    for (const res of answers) expectSecure(res);
  });

  it("leave a handler's own stricter policy alone (the map image)", async () => {
    const res = await t.app.request("/api/places/emb:apt:LAX/map.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("let the dev mailbox page style itself inline, and still run no inline script", async () => {
    const res = await t.app.request("/dev/mailbox");
    expect(res.status).toBe(200);
    expect(csp(res)["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp(res)["script-src"]).toEqual(["'self'"]);
    expect(csp(res)["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("add HSTS when PUBLIC_URL is https", async () => {
    const config = buildConfig(loadEnv({ PUBLIC_URL: "https://meridian.example.com", AUTH_SECRET: "x".repeat(32) }));
    const headers = await securityHeaderList(config);
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("let a configured provider add its hosts (a payment provider's script and frames)", async () => {
    const stripe = { scriptSrc: ["https://js.stripe.com"], frameSrc: ["https://js.stripe.com", "https://hooks.stripe.com"], connectSrc: ["https://api.stripe.com"] };
    const withProvider = securityHeadersOptions(t.deps.config, { extra: [stripe] });
    expect(withProvider.contentSecurityPolicy.scriptSrc).toEqual(["'self'", "https://js.stripe.com"]);
    expect(withProvider.contentSecurityPolicy.frameSrc).toEqual(["https://js.stripe.com", "https://hooks.stripe.com"]);
    expect(withProvider.contentSecurityPolicy.connectSrc).toEqual(["'self'", "https://api.stripe.com"]);
    expect(withProvider.permissionsPolicy.payment).toEqual(["self"]);
    // None configured (the default here): no outside host at all.
    const none = securityHeadersOptions(t.deps.config);
    expect(JSON.stringify(none.contentSecurityPolicy)).not.toContain("https://");
    expect(none.contentSecurityPolicy.frameSrc).toEqual(["'none'"]);
  });
});
