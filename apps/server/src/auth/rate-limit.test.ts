// Sign-in is rate-limited per client IP, taken from the socket: a client cannot dodge the limit by
// sending a different X-Forwarded-For each time. Behind a configured proxy (TRUSTED_PROXIES) the
// forwarded address is the client. Runs the real HTTP server on an ephemeral port.
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "../seed/factories";
import { rateLimit } from "../db/schema";
import { createTestApp, type TestApp } from "../test/harness";

const running: { t: TestApp; server: ServerType }[] = [];
afterAll(async () => {
  for (const { t, server } of running) {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ("closeAllConnections" in server) server.closeAllConnections(); // idle keep-alive sockets
    });
    await t.close();
  }
});

async function startServer(env: Record<string, string>) {
  const t = await createTestApp({ SIGN_IN_PER_MINUTE: "3", ...env });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  running.push({ t, server });
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const signIn = async (headers: Record<string, string> = {}, email = "nobody@example.com") => {
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", ...headers }, // as a browser sends
      body: JSON.stringify({ email, password: "wrong-password" }),
    });
    return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } };
  };
  return { t, base, signIn };
}

let direct: Awaited<ReturnType<typeof startServer>>;
let proxied: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  direct = await startServer({});
  proxied = await startServer({ TRUSTED_PROXIES: "127.0.0.1" });
});
// Each test starts with a clean slate (as a minute later would).
beforeEach(async () => {
  for (const { t } of running) await t.db.delete(rateLimit);
});

describe("sign-in rate limit", () => {
  it("after 3 failed sign-ins the 4th is refused with 429 rate_limited, whatever X-Forwarded-For says", async () => {
    const { signIn } = direct;
    for (let i = 1; i <= 3; i++) {
      const res = await signIn({ "x-forwarded-for": `203.0.113.${i}` });
      expect(res.status, `attempt ${i}`).toBe(401);
      expect(res.body.error?.code).toBe("invalid_email_or_password");
    }
    for (const spoof of ["198.51.100.7", "10.0.0.1, 198.51.100.8", ""]) {
      const res = await signIn({ "x-forwarded-for": spoof, "x-real-ip": "198.51.100.9", "cf-connecting-ip": "198.51.100.10" });
      expect(res.status, `spoofed ${spoof}`).toBe(429);
      expect(res.body.error).toEqual({ code: "rate_limited", message: "Too many attempts. Please wait a minute and try again." });
    }
    // Also our own internal header cannot be forged from outside.
    const forged = await signIn({ "x-meridian-client-ip": "192.0.2.55" });
    expect(forged.status).toBe(429);
  });

  it("a correct password is also refused while limited (no guessing around the limit)", async () => {
    const { t, signIn, base } = direct;
    const user = await createUser(t.db, t.deps.auth);
    for (let i = 0; i < 3; i++) expect((await signIn({}, user.email)).status).toBe(401);
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("with TRUSTED_PROXIES=127.0.0.1, each forwarded client address has its own limit", async () => {
    const { signIn } = proxied;
    for (let i = 0; i < 3; i++) expect((await signIn({ "x-forwarded-for": "203.0.113.10" })).status).toBe(401);
    expect((await signIn({ "x-forwarded-for": "203.0.113.10" })).status).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await signIn({ "x-forwarded-for": "203.0.113.11" })).status).toBe(401);
    // The proxy appends the real peer: a client-supplied first hop does not change who it is.
    expect((await signIn({ "x-forwarded-for": "1.2.3.4, 203.0.113.10" })).status).toBe(429);
  });

  it("reading the session is never limited: 250 page loads a minute from one address all answer", async () => {
    const { t, base } = direct;
    const { cookie } = await t.userWithSession();
    for (let i = 0; i < 250; i++) {
      const res = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } });
      expect(res.status, `read ${i + 1}`).toBe(200);
      expect(((await res.json()) as { user?: unknown } | null)?.user, `read ${i + 1}`).toBeTruthy();
    }
  });

  it("the limit is per endpoint: a limited sign-in does not block reading the session", async () => {
    const { signIn, base } = direct;
    for (let i = 0; i < 4; i++) await signIn();
    expect((await signIn()).status).toBe(429);
    const res = await fetch(`${base}/api/auth/get-session`);
    expect(res.status).toBe(200);
  });
});

describe("e-mail sending endpoints", () => {
  it("verification e-mails can be asked for 3 times a minute per client; the 4th is refused and sends nothing", async () => {
    const { t, base } = direct;
    const user = await createUser(t.db, t.deps.auth, { emailVerified: false });
    const resend = () =>
      fetch(`${base}/api/auth/send-verification-email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: JSON.stringify({ email: user.email, callbackURL: "/" }),
      });
    const mails = async () => {
      await t.deps.mailer.drain();
      const res = await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(user.email)}`);
      return ((await res.json()) as { emails: unknown[] }).emails.length;
    };
    for (let i = 1; i <= 3; i++) expect((await resend()).status, `request ${i}`).toBe(200);
    expect(await mails()).toBe(3);
    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect(await mails()).toBe(3);
  });
});
