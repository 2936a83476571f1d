// With SMTP_URL set, e-mail leaves through a real SMTP conversation (here: a local smtp-server on an
// ephemeral port), the embedded outbox stays empty and the dev mailbox is not mounted.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConfig } from "../server";
import { loadEnv } from "../env";
import { outboxEmails } from "../db/schema";
import { countRows } from "../test/helpers";
import { createTestApp, type TestApp } from "../test/harness";

type Received = { from: string; to: string[]; raw: string };

let smtp: SMTPServer;
let port: number;
const received: Received[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Meridian <concierge@meridian.test>" }, { mailbox: "auto" });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Header value and the decoded text/plain part of a raw RFC 822 message. */
function parse(raw: string) {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim();
  const body = rest.join("\n\n");
  // The text/plain part (nodemailer sends multipart/alternative when there is HTML).
  const part = body.match(/Content-Type: text\/plain[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?:\r?\n--)/i);
  const encoding = body.match(/Content-Type: text\/plain[\s\S]*?Content-Transfer-Encoding: (\S+)/i)?.[1]?.toLowerCase();
  let text = part?.[1] ?? body;
  if (encoding === "quoted-printable") {
    text = text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    text = Buffer.from(text, "latin1").toString("utf8");
  } else if (encoding === "base64") {
    text = Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return { header, text };
}

async function waitForMail(to: string, timeoutMs = 5000): Promise<Received> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const hit = received.find((m) => m.to.includes(to));
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`No e-mail to ${to} reached the SMTP server`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("mail over SMTP", () => {
  it("reports SMTP as the mail transport", async () => {
    const res = await t.call("GET", "/api/health");
    expect(res.body).toMatchObject({ ok: true, mail: "smtp" });
  });

  it("delivers the verification e-mail to the SMTP server, with a link that verifies the account", async () => {
    const email = `smtp-${Date.now()}@example.com`;
    const res = await t.call("POST", "/api/auth/sign-up/email", {
      json: { name: "Cary Grant", email, password: "north-by-northwest" },
    });
    expect(res.status).toBe(200);

    const mail = await waitForMail(email);
    expect(mail.from).toBe("concierge@meridian.test");
    const { header, text } = parse(mail.raw);
    expect(header("To")).toBe(email);
    expect(header("From")).toBe("Meridian <concierge@meridian.test>");
    expect(header("Subject")).toBe("Verify your Meridian account");
    expect(text).toContain("Welcome to Meridian, Cary Grant.");
    const link = text.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^\s]+/)?.[0];
    expect(link).toBeTruthy();

    // Nothing went to the embedded outbox.
    expect(await countRows(t.db, outboxEmails)).toBe(0);

    // The link from the real e-mail works.
    const url = new URL(link!);
    const verify = await t.app.request(url.pathname + url.search);
    expect(verify.status).toBe(302);
    const signIn = await t.call("POST", "/api/auth/sign-in/email", { json: { email, password: "north-by-northwest" } });
    expect(signIn.status).toBe(200);
  });

  it("delivers the password reset e-mail too", async () => {
    const email = `smtp-reset-${Date.now()}@example.com`;
    await t.call("POST", "/api/auth/sign-up/email", { json: { name: "Cary Grant", email, password: "north-by-northwest" } });
    received.length = 0;
    const res = await t.call("POST", "/api/auth/request-password-reset", { json: { email, redirectTo: "/reset-password" } });
    expect(res.status).toBe(200);
    const { header, text } = parse((await waitForMail(email)).raw);
    expect(header("Subject")).toBe("Reset your Meridian password");
    expect(text).toMatch(/http:\/\/localhost:3000\/api\/auth\/reset-password\/\S+/);
    expect(await countRows(t.db, outboxEmails)).toBe(0);
  });

  it("does not mount the dev mailbox when SMTP_URL is set", async () => {
    expect(t.deps.config.mailboxEnabled).toBe(false);
    const page = await t.app.request("/dev/mailbox");
    expect(page.status).toBe(404);
    const api = await t.call("GET", "/api/dev/mailbox");
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe("not_found");
  });
});

describe("when the dev mailbox is mounted", () => {
  const base = { AUTH_SECRET: "x".repeat(32), LOG_LEVEL: "silent" };
  it("is on by default without SMTP outside production, off with SMTP or in production, and MAILBOX overrides", () => {
    expect(buildConfig(loadEnv({ ...base })).mailboxEnabled).toBe(true);
    expect(buildConfig(loadEnv({ ...base, SMTP_URL: "smtp://127.0.0.1:2525" })).mailboxEnabled).toBe(false);
    expect(buildConfig(loadEnv({ ...base, NODE_ENV: "production" })).mailboxEnabled).toBe(false);
    expect(buildConfig(loadEnv({ ...base, NODE_ENV: "production", MAILBOX: "true" })).mailboxEnabled).toBe(true);
    expect(buildConfig(loadEnv({ ...base, MAILBOX: "off" })).mailboxEnabled).toBe(false);
  });
});
