// With SMTP_URL set, e-mail leaves through a real SMTP conversation (here: a local smtp-server on an
// ephemeral port), the embedded outbox stays empty and the dev mailbox is not mounted. When the SMTP server
// is down or refuses, the e-mail waits in the mail queue and a retry delivers it, once, even with two workers.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConfig } from "../server";
import { loadEnv } from "../env";
import { openDatabase } from "../db/client";
import { mailQueue, outboxEmails } from "../db/schema";
import type { Logger } from "../lib/logger";
import { createFakeGeo } from "../test/fake-geo";
import { countRows, freePort } from "../test/helpers";
import { createTestFleet, giveCapacityForDays, rideInput } from "../test/factories";
import { createTestApp, openTestDatabase, type TestApp } from "../test/harness";
import { parseMail, startSmtp, type Received, type TestSmtp } from "../test/smtp";
import { createMailer, MAIL_RETRY_DELAYS_MS, startMailRetry } from "./mailer";

let smtp: TestSmtp;
let received: Received[];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  received = smtp.received;
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Meridian <concierge@meridian.test>" }, { mailbox: "auto" });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const parse = parseMail;

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
    await waitForMail(email); // delivery runs after the response; let the verification e-mail arrive first
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
  it("is on by default without SMTP outside production, off with SMTP, never in production, and MAILBOX overrides", () => {
    expect(buildConfig(loadEnv({ ...base })).mailboxEnabled).toBe(true);
    expect(buildConfig(loadEnv({ ...base, SMTP_URL: "smtp://127.0.0.1:2525" })).mailboxEnabled).toBe(false);
    expect(buildConfig(loadEnv({ ...base, NODE_ENV: "production" })).mailboxEnabled).toBe(false);
    expect(buildConfig(loadEnv({ ...base, NODE_ENV: "production", MAILBOX: "true" })).mailboxEnabled).toBe(false);
    expect(buildConfig(loadEnv({ ...base, MAILBOX: "off" })).mailboxEnabled).toBe(false);
  });
});

// ---- Durable delivery: SMTP down or refusing, retries, two workers.

const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });
const queuedFor = (t: TestApp, to: string) => t.db.select().from(mailQueue).where(eq(mailQueue.to, to));
const MINUTE = 60_000;

/** A clock the test moves forward, so retries become due without waiting minutes. */
function testClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) };
}

function captureLogger(): Logger & { lines: { level: string; msg: string; data?: Record<string, unknown> }[] } {
  const lines: { level: string; msg: string; data?: Record<string, unknown> }[] = [];
  const at = (level: string) => (msg: string, data?: Record<string, unknown>) => void lines.push({ level, msg, data });
  return { lines, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

describe("when the SMTP server is down", () => {
  it("sign-up still succeeds, the e-mail waits in the queue, and the retry delivers it once the server is up", async () => {
    const down = await freePort();
    const clock = testClock();
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${down}`, MAIL_FROM: "Meridian <concierge@meridian.test>" }, { mailbox: "auto", mailer: { now: clock.now } });
    let up: TestSmtp | undefined;
    try {
      const email = `queued-${Date.now()}@example.com`;
      const res = await app.call("POST", "/api/auth/sign-up/email", { json: { name: "Grace Kelly", email, password: "to-catch-a-thief" } });
      expect(res.status).toBe(200);

      await app.deps.mailer.drain(); // the first attempt, made in the background, has failed
      const [queued] = await queuedFor(app, email);
      expect(queued).toMatchObject({ status: "pending", attempts: 1, subject: "Verify your Meridian account" });
      expect(queued!.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(queued!.nextAttemptAt.getTime() - clock.now().getTime()).toBeGreaterThan(50_000); // retry in about a minute
      expect(await countRows(app.db, outboxEmails)).toBe(0);

      // Not due yet: nothing is attempted.
      expect(await app.deps.mailer.retryDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });

      up = await startSmtp({ port: down });
      clock.advance(MINUTE + 1000);
      expect(await app.deps.mailer.retryDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(up.received.filter((m) => m.to.includes(email))).toHaveLength(1);
      const [sent] = await queuedFor(app, email);
      expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null });
      expect(sent!.sentAt).toBeInstanceOf(Date);

      // Later passes send nothing again.
      clock.advance(24 * 60 * MINUTE);
      expect(await app.deps.mailer.retryDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(up.received).toHaveLength(1);

      // The delivered link works.
      const link = parse(up.received[0]!.raw).text.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^\s]+/)?.[0];
      expect(link).toBeTruthy();
      const url = new URL(link!);
      expect((await app.app.request(url.pathname + url.search)).status).toBe(302);
    } finally {
      await app.close();
      await up?.close();
    }
  });

  it("admin New User answers 201 while the server refuses (4xx), and the set-password e-mail follows once it accepts", async () => {
    let refusing = true;
    const server = await startSmtp({ refuse: () => (refusing ? refusal(451, "Try again later") : null) });
    const clock = testClock();
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${server.port}` }, { mailbox: "auto", mailer: { now: clock.now } });
    try {
      const admin = await app.userWithSession({ role: "admin", fullName: "Ava Admin" });
      const email = `new.hire.smtp.${Date.now()}@example.com`;
      const res = await app.call("POST", "/api/admin/users", { cookie: admin.cookie, json: { fullName: "Nina New", email, role: "valet" } });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ email, role: "valet" });

      await app.deps.mailer.drain();
      const [queued] = await queuedFor(app, email);
      expect(queued).toMatchObject({ status: "pending", attempts: 1, subject: "Your Meridian account" });
      expect(queued!.lastError).toMatch(/451/);
      expect(server.received).toHaveLength(0);

      // Still refusing at the first retry: it waits longer (5 minutes).
      clock.advance(MINUTE + 1000);
      expect(await app.deps.mailer.retryDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const [again] = await queuedFor(app, email);
      expect(again).toMatchObject({ status: "pending", attempts: 2 });
      expect(again!.nextAttemptAt.getTime() - clock.now().getTime()).toBeGreaterThan(4 * MINUTE);

      refusing = false;
      clock.advance(5 * MINUTE + 1000);
      expect(await app.deps.mailer.retryDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(await app.deps.mailer.retryDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(server.received).toHaveLength(1);
      const { header, text } = parse(server.received[0]!.raw);
      expect(header("Subject")).toBe("Your Meridian account");
      const token = new URL(text.match(/http:\/\/localhost:3000\/reset-password\?token=\S+/)![0]).searchParams.get("token");
      expect((await app.call("POST", "/api/auth/reset-password", { json: { newPassword: "chosen-password-1", token } })).status).toBe(200);
    } finally {
      await app.close();
      await server.close();
    }
  });

  it("a booking's confirmation, written with the booking itself, is sent at once, else retried like any e-mail", async () => {
    const down = await freePort();
    const clock = testClock();
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${down}`, MAIL_FROM: "Meridian <concierge@meridian.test>" }, { mailbox: "auto", mailer: { now: clock.now }, geo: createFakeGeo() });
    let up: TestSmtp | undefined;
    try {
      const fleet = await createTestFleet(app.db);
      await giveCapacityForDays(app);
      const { cookie, user } = await app.userWithSession();
      const book = async () => {
        const quote = await app.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id) });
        expect(quote.status).toBe(200);
        const json = { service: "ride", paymentMethod: "pm_card_visa", quoteId: quote.body.quoteId };
        return app.call("POST", "/api/bookings", { cookie, json, headers: { "Idempotency-Key": crypto.randomUUID() } });
      };

      // The server is down: the booking stands, its confirmation waits in the queue after one attempt.
      const first = await book();
      expect(first.status).toBe(201);
      await app.deps.mailer.drain();
      const [queued] = await queuedFor(app, user.email);
      expect(queued).toMatchObject({ status: "pending", attempts: 1, subject: `Booking Confirmed! Ticket ${first.body.ticket.ticketCode}` });
      expect(queued!.text).toContain(first.body.ticket.ticketCode);
      expect(queued!.lastError).toMatch(/ECONNREFUSED|connect/i);

      up = await startSmtp({ port: down });
      clock.advance(MINUTE + 1000);
      expect(await app.deps.mailer.retryDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      expect(up.received).toHaveLength(1);
      expect(parse(up.received[0]!.raw).text).toContain(first.body.ticket.ticketCode);
      // The Message-ID the first attempt used (the row's id and creation time): a receiver can tell a repeat.
      expect(parse(up.received[0]!.raw).header("Message-ID")).toBe(`<mail-${queued!.id}.${queued!.createdAt.getTime()}@meridian.test>`);

      // The server is up: the next booking's confirmation is delivered straight away, no retry pass needed.
      const second = await book();
      expect(second.status).toBe(201);
      await app.deps.mailer.drain();
      expect(up.received).toHaveLength(2);
      expect(parse(up.received[1]!.raw).text).toContain(second.body.ticket.ticketCode);
      expect((await queuedFor(app, user.email)).map((m) => m.status)).toEqual(["sent", "sent"]);
      expect(await countRows(app.db, outboxEmails)).toBe(0);
    } finally {
      await app.close();
      await up?.close();
    }
  });

  it("gives up after the last retry, marks the e-mail failed and logs it at error level", async () => {
    const server = await startSmtp({ refuse: () => refusal(550, "No such user here") });
    const clock = testClock();
    const logger = captureLogger();
    const { database, cleanup } = await openTestDatabase();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${server.port}`, from: "x@meridian.test", db: database.db, logger, now: clock.now, retryDelaysMs: [1000, 2000] });
    try {
      await mailer.send({ to: "nobody@example.com", subject: "Booking Confirmed!", text: "Hi" });
      await mailer.drain();
      expect(logger.lines.filter((l) => l.level === "warn").map((l) => l.msg)).toEqual(["mail delivery failed; queued for retry"]);
      clock.advance(1001);
      expect(await mailer.retryDue()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      clock.advance(2001);
      expect(await mailer.retryDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });
      const [row] = await database.db.select().from(mailQueue);
      expect(row).toMatchObject({ status: "failed", attempts: 3 });
      expect(row!.lastError).toMatch(/550/);
      const errors = logger.lines.filter((l) => l.level === "error");
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ msg: "mail delivery failed for good; giving up", data: { mailId: row!.id, to: "nobody@example.com", attempt: 3 } });
      clock.advance(24 * 60 * MINUTE);
      expect(await mailer.retryDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    } finally {
      await mailer.drain();
      await cleanup();
      await server.close();
    }
  });

  it("the default schedule retries for about a day", () => {
    const total = MAIL_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(MAIL_RETRY_DELAYS_MS[0]).toBe(MINUTE);
    expect(total).toBeGreaterThan(22 * 60 * MINUTE);
    expect(total).toBeLessThanOrEqual(24 * 60 * MINUTE);
  });
});

describe("two retry workers on one database", () => {
  it("deliver each queued e-mail exactly once", async () => {
    const { database, url, cleanup } = await openTestDatabase();
    // On PostgreSQL the second worker has its own connection pool, as a second server process would.
    const second = url ? await openDatabase({ url }) : database;
    const server = await startSmtp({ delayMs: 5 });
    const smtpUrl = `smtp://127.0.0.1:${server.port}`;
    const logger = captureLogger();
    const workers = [database, second].map((d) => createMailer({ smtpUrl, from: "Meridian <concierge@meridian.test>", db: d.db, logger }));
    try {
      // Thirty e-mails queued while the server was down, all due now.
      const n = 30;
      await database.db.insert(mailQueue).values(
        Array.from({ length: n }, (_, i) => ({ to: `guest${i}@example.com`, subject: `Booking ${i}`, text: `Ticket ${i}`, attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) })),
      );

      // Both workers race, several passes each at once, then as retry loops.
      await Promise.all([...workers, ...workers, ...workers].map((w) => w.retryDue()));
      const stops = workers.map((w) => startMailRetry(w, logger, 10));
      const until = Date.now() + 10_000;
      while ((await database.db.select().from(mailQueue).where(eq(mailQueue.status, "pending"))).length && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
      }
      stops.forEach((stop) => stop());
      await Promise.all(workers.map((w) => w.drain()));

      const rows = await database.db.select().from(mailQueue);
      expect(rows.map((r) => r.status)).toEqual(Array(n).fill("sent"));
      expect(rows.map((r) => r.attempts)).toEqual(Array(n).fill(2));
      expect(server.received).toHaveLength(n);
      const recipients = server.received.map((m) => m.to[0]!).sort();
      expect(new Set(recipients).size).toBe(n);
      expect(logger.lines.filter((l) => l.level === "error" || l.level === "warn")).toEqual([]);
    } finally {
      await Promise.all(workers.map((w) => w.drain()));
      if (second !== database) await second.close();
      await cleanup();
      await server.close();
    }
  });
});
