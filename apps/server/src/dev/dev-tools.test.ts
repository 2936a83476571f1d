// The takeover path (issue 21): with the server on every interface, nobody but this machine's own browser can read
// a password-reset link from the dev mailbox. Requests go over real sockets, from a non-loopback address of this
// machine and from loopback with the headers a reverse proxy adds.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createUser } from "../seed/factories";
import { loadEnv } from "../env";
import { buildConfig } from "../server";
import { createTestApp, type TestApp } from "../test/harness";
import { linkIn, outboxFor } from "../test/helpers";
import { devToolsSetting, isLoopback } from "./dev-tools";

let t: TestApp;
let server: Server;
let port: number;
const admin = { email: "boss@meridian.test", password: "corner-office-77" };

/** This machine's own address on a real interface (a request from it is not a loopback one), else none. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

beforeAll(async () => {
  // HOST=0.0.0.0 and MAILBOX=on: the tools are mounted, and must still answer no one but this machine.
  t = await createTestApp({ HOST: "0.0.0.0", MAILBOX: "on" }, { mailbox: "auto" });
  await createUser(t.db, t.deps.auth, { ...admin, role: "admin" });
  server = createServer(getRequestListener(t.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const get = (host: string, path: string, headers: Record<string, string> = {}) => fetch(`http://${host}:${port}${path}`, { headers });

/** A GET over loopback addressed to `hostHeader` (fetch sends the URL's own Host): what a page on a rebound name sends. */
const getAddressedTo = (hostHeader: string, path: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host: hostHeader } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
    });
    req.on("error", reject).end();
  });

describe("the dev tools' exposure", () => {
  it("are on by default only for the quick start: loopback, no SMTP, no proxy, not production", () => {
    const on = (env: Record<string, string>) => devToolsSetting(loadEnv({ AUTH_SECRET: "x".repeat(32), ...env })).enabled;
    expect(on({})).toBe(true);
    expect(on({ HOST: "localhost" })).toBe(true);
    expect(on({ HOST: "::1" })).toBe(true);
    expect(on({ HOST: "0.0.0.0" })).toBe(false);
    expect(on({ HOST: "192.0.2.7" })).toBe(false);
    expect(on({ TRUSTED_PROXIES: "127.0.0.1" })).toBe(false);
    expect(on({ SMTP_URL: "smtp://127.0.0.1:2525" })).toBe(false);
    expect(on({ HOST: "0.0.0.0", MAILBOX: "on" })).toBe(true);
    expect(on({ NODE_ENV: "production" })).toBe(false);
    expect(on({ NODE_ENV: "production", MAILBOX: "on" })).toBe(false);
    expect(["127.0.0.1", "127.8.9.1", "::1", "::ffff:127.0.0.1"].every(isLoopback)).toBe(true);
    expect(["0.0.0.0", "::", "10.0.0.1", "::ffff:10.0.0.1", "128.0.0.1"].some(isLoopback)).toBe(false);
  });

  it("with HOST=0.0.0.0 alone, the mailbox does not exist, even for this machine", async () => {
    const config = buildConfig(loadEnv({ HOST: "0.0.0.0", AUTH_SECRET: "x".repeat(32), LOG_LEVEL: "silent" }));
    expect(config.mailboxEnabled).toBe(false);
    const app = createApp({ ...t.deps, config });
    expect((await app.request("/api/dev/mailbox")).status).toBe(404);
    expect((await app.request("/dev/mailbox")).status).toBe(404);
  });

  it("a password-reset link for the admin cannot be read from another address, nor from loopback through a proxy", async () => {
    const reset = await t.call("POST", "/api/auth/request-password-reset", { json: { email: admin.email, redirectTo: "/reset-password" } });
    expect(reset.status).toBe(200);
    const [mail] = await outboxFor(t.db, admin.email);
    const token = linkIn(mail!).url.pathname.split("/").pop()!;
    expect(token.length).toBeGreaterThan(10);

    const refused: Response[] = [];
    for (const path of ["/api/dev/mailbox", `/api/dev/mailbox?to=${encodeURIComponent(admin.email)}`, "/dev/mailbox", `/dev/mailbox/${mail!.id}`, "/api/dev/mailbox/sms"]) {
      if (outsideAddress) refused.push(await get(outsideAddress, path));
      const proxied: Record<string, string>[] = [{ "x-forwarded-for": "203.0.113.9" }, { forwarded: "for=203.0.113.9" }, { "x-real-ip": "203.0.113.9" }];
      for (const header of proxied) {
        refused.push(await get("127.0.0.1", path, header));
      }
    }
    expect(refused.length).toBeGreaterThanOrEqual(15);
    for (const res of refused) {
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(token);
    }
    // Running the dev jobs is refused the same way.
    const jobs = await fetch(`http://127.0.0.1:${port}/api/dev/jobs/run`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
      body: "{}",
    });
    expect(jobs.status).toBe(404);

    // This machine's own browser still reads it.
    const own = await get("127.0.0.1", `/api/dev/mailbox?to=${encodeURIComponent(admin.email)}`);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain(token);
  });

  it("a stranger's page whose name resolves to 127.0.0.1 (DNS rebinding) cannot read the admin's reset link; localhost names still can", async () => {
    const reset = await t.call("POST", "/api/auth/request-password-reset", { json: { email: admin.email, redirectTo: "/reset-password" } });
    expect(reset.status).toBe(200);
    const mails = await outboxFor(t.db, admin.email);
    const token = linkIn(mails.at(-1)!).url.pathname.split("/").pop()!;
    const inbox = `/api/dev/mailbox?to=${encodeURIComponent(admin.email)}`;
    for (const name of [`attacker.example:${port}`, "attacker.example", `127.0.0.1.nip.example:${port}`, `localhost.attacker.example:${port}`]) {
      for (const path of [inbox, "/dev/mailbox", "/api/dev/mailbox/sms"]) {
        const res = await getAddressedTo(name, path);
        expect(res.status, `${name} ${path}`).toBe(404);
        expect(res.text).not.toContain(token);
      }
    }
    for (const name of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`, "localhost"]) {
      const res = await getAddressedTo(name, inbox);
      expect(res.status, name).toBe(200);
      expect(res.text).toContain(token);
    }
  });

  it("the quick start still lets a new customer read the verification e-mail and verify", async () => {
    expect(buildConfig(loadEnv({ AUTH_SECRET: "x".repeat(32) })).mailboxEnabled).toBe(true);
    const email = "new.customer@example.com";
    const signUp = await t.call("POST", "/api/auth/sign-up/email", { json: { name: "New Customer", email, password: "a-long-password-1" } });
    expect(signUp.status).toBe(200);
    const res = await get("127.0.0.1", `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    const { emails } = (await res.json()) as { emails: { text: string }[] };
    const verify = await fetch(`http://127.0.0.1:${port}${linkIn(emails[0]!).path}`, { redirect: "manual" });
    expect(verify.status).toBe(302);
    const signIn = await t.call("POST", "/api/auth/sign-in/email", { json: { email, password: "a-long-password-1" } });
    expect(signIn.status).toBe(200);
  });
});
