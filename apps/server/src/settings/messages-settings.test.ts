// Settings → Email/SMS (issue 25, point 4): every message is listed with its switch and wording; a message
// switched off is not sent, an edited subject and intro are in the next real message (text and HTML), the senders
// and the mail queue's depth and last failure are shown, and "Send me a test" reaches the signed-in admin (the
// embedded outbox, and a real SMTP server).
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MESSAGES_SETTINGS, MESSAGE_DEFINITIONS, type MessagesSettings } from "@meridian/shared/settings";
import { auditLogs, outboxEmails, outboxSms, user } from "../db/schema";
import { createAdminTestApp, createTestApp, type AdminSession, type TestApp } from "../test/harness";
import { countRows, outboxFor } from "../test/helpers";
import { paidBookingWithReceipt } from "../test/factories";
import { parseMail, startSmtp } from "../test/smtp";

let t: TestApp, admin: AdminSession;
beforeAll(async () => ({ t, admin } = await createAdminTestApp()));
afterAll(() => t.close());

const saveMessages = async (change: Partial<MessagesSettings>, app = t, cookie = admin.cookie) => {
  const res = await app.call("PUT", "/api/admin/settings/messages", { cookie, json: { ...DEFAULT_MESSAGES_SETTINGS, ...change } });
  expect(res.status).toBe(200);
  return res.body;
};
const off = { enabled: false, subject: "", intro: "" };
const resetPassword = async (email: string, app = t) => {
  const res = await app.call("POST", "/api/auth/request-password-reset", { json: { email, redirectTo: "/reset-password" } });
  expect(res.status).toBe(200);
};

describe("the tab", () => {
  it("lists every message with its switch, the senders, and the delivery status (embedded outbox)", async () => {
    const res = await t.call("GET", "/api/admin/settings/messages", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.messages)).toEqual(MESSAGE_DEFINITIONS.map((d) => d.kind));
    expect(res.body.senders.email).toMatchObject({ from: "Meridian <concierge@meridian.local>", transport: "outbox" });
    expect(res.body.senders.sms).toMatchObject({ from: null, provider: "outbox" });
    expect(res.body.delivery).toEqual({ queued: 0, failed: 0, lastFailure: null });
    expect(res.body.smsOn).toBe(true);
  });

  it("refuses a subject on a text message and a subject on two lines; audits what changed", async () => {
    const sms = await t.call("PUT", "/api/admin/settings/messages", { cookie: admin.cookie, json: { ...DEFAULT_MESSAGES_SETTINGS, valet_claim_sms: { enabled: true, subject: "Hi", intro: "" } } });
    expect(sms.status).toBe(400);
    expect(sms.body.error.fields["valet_claim_sms.subject"]).toBe("A text message has no subject.");
    const twoLines = await t.call("PUT", "/api/admin/settings/messages", { cookie: admin.cookie, json: { ...DEFAULT_MESSAGES_SETTINGS, receipt: { enabled: true, subject: "a\nb", intro: "" } } });
    expect(twoLines.body.error.fields["receipt.subject"]).toBe("The subject must be on one line.");
    await saveMessages({ receipt: { enabled: true, subject: "Receipt {reference}", intro: "" } });
    const [entry] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "settings.update"), eq(auditLogs.entityId, "messages"))).orderBy(desc(auditLogs.createdAt));
    expect(entry!.after).toEqual({ "receipt.subject": "Receipt {reference}" });
    await saveMessages({});
  });
});

describe("in the real messages", () => {
  it("an edited subject and intro are in the next e-mail (subject, text and HTML), placeholders filled", async () => {
    const before = await t.userWithSession({ fullName: "Ines Before" });
    await resetPassword(before.user.email);
    expect((await outboxFor(t.db, before.user.email))[0]!.subject).toBe("Reset your Meridian password");

    await saveMessages({ password_reset: { enabled: true, subject: "{customerName}, your new {company} password", intro: "Dear {customerName}, a new password is one click away." } });
    const after = await t.userWithSession({ fullName: "Ines After" });
    await resetPassword(after.user.email);
    const [mail] = await outboxFor(t.db, after.user.email);
    expect(mail!.subject).toBe("Ines After, your new Meridian password");
    expect(mail!.text.split("\n\n")[0]).toBe("Dear Ines After, a new password is one click away.");
    expect(mail!.text).toContain("The link below is valid for one hour."); // the rest stays
    expect(mail!.html).toContain("Dear Ines After, a new password is one click away.");
    expect(mail!.html).not.toContain("Hello Ines After,");
    await saveMessages({});
  });

  it("a message switched off is not sent; switched on again, it is", async () => {
    const customer = await t.userWithSession({ fullName: "Rhea Receipt" });
    await saveMessages({ receipt: off });
    await paidBookingWithReceipt(t, customer.user);
    expect(await outboxFor(t.db, customer.user.email)).toHaveLength(0);
    await saveMessages({});
    await paidBookingWithReceipt(t, customer.user);
    const mails = await outboxFor(t.db, customer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your Meridian receipt /);
  });

  it("a text switched off is not sent, and an edited opening is used (the valet claim link stays)", async () => {
    const valet = await t.userWithSession({ role: "valet" });
    const checkIn = (plate: string) =>
      t.call("POST", "/api/valet/tickets", { cookie: valet.cookie, json: { plate, make: "Aston Martin", model: "DB12", colour: "Green", guestPhone: "(310) 555-0177", keyTag: `K-${plate}`, stand: "Main Entrance" } });
    const texts = () => t.db.select().from(outboxSms).where(eq(outboxSms.to, "+13105550177"));
    await saveMessages({ valet_claim_sms: off });
    expect((await checkIn("7OFF001")).status).toBe(201);
    expect(await texts()).toHaveLength(0);
    await saveMessages({ valet_claim_sms: { enabled: true, subject: "", intro: "Welcome to {company}! Your {car} is safe with us, ticket {ticketCode}." } });
    const res = await checkIn("7ON0002");
    expect(res.status).toBe(201);
    const [sms] = await texts();
    expect(sms!.body).toMatch(/^Welcome to Meridian! Your Green Aston Martin DB12 \(7ON0002\) is safe with us, ticket \S+\. When you are ready to leave, request your car here: http/);
    await saveMessages({});
  });
});

describe("Send me a test", () => {
  it("e-mails the signed-in admin an example, worded as saved or as being tried, even while the message is off", async () => {
    await saveMessages({ chauffeur_arrived: { enabled: false, subject: "{chauffeur} is outside", intro: "" } });
    const saved = await t.call("POST", "/api/admin/settings/messages/chauffeur_arrived/test", { cookie: admin.cookie, json: {} });
    expect(saved.status).toBe(200);
    expect(saved.body.sent).toEqual({ channel: "email", to: admin.user.email, subject: "James is outside" });
    const tried = await t.call("POST", "/api/admin/settings/messages/chauffeur_arrived/test", { cookie: admin.cookie, json: { subject: "Trying {when}", intro: "Hi {customerName}!" } });
    expect(tried.body.sent.subject).toBe("Trying Friday, November 27 at 9:30 AM");
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, admin.user.email)).orderBy(outboxEmails.id);
    expect(mails.map((m) => m.subject)).toEqual(["James is outside", "Trying Friday, November 27 at 9:30 AM"]);
    expect(mails[1]!.text).toMatch(/^Hi Alex Morgan!\n\nThis is a test of the “Your chauffeur has arrived” message/);
    await saveMessages({});
  });

  it("refuses an unknown message (404) and an unknown placeholder (400)", async () => {
    expect((await t.call("POST", "/api/admin/settings/messages/nope/test", { cookie: admin.cookie, json: {} })).status).toBe(404);
    const bad = await t.call("POST", "/api/admin/settings/messages/receipt/test", { cookie: admin.cookie, json: { subject: "{ticketCode}" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.subject).toBe("Unknown placeholder {ticketCode}: use {customerName}, {company}, {reference}.");
  });

  it("texts the admin's phone (422 without one)", async () => {
    const none = await t.call("POST", "/api/admin/settings/messages/chauffeur_en_route_sms/test", { cookie: admin.cookie, json: {} });
    expect(none.status).toBe(422);
    expect(none.body.error.code).toBe("no_phone");
    await t.db.update(user).set({ phone: "+13105550111" }).where(eq(user.id, admin.user.id));
    const before = await countRows(t.db, outboxSms);
    const res = await t.call("POST", "/api/admin/settings/messages/chauffeur_en_route_sms/test", { cookie: admin.cookie, json: {} });
    expect(res.status).toBe(200);
    expect(await countRows(t.db, outboxSms)).toBe(before + 1);
    const [sms] = await t.db.select().from(outboxSms).where(eq(outboxSms.to, "+13105550111"));
    expect(sms!.body).toMatch(/^Meridian: your chauffeur James is on the way in an Executive Sedan\. This is a test/);
  });
});

describe("over SMTP", () => {
  it("the test arrives at the SMTP server with the edited subject; a refused delivery shows as the last failure with the queue's depth", async () => {
    let refusing = false;
    const smtp = await startSmtp({ refuse: () => (refusing ? Object.assign(new Error("Mailbox unavailable"), { responseCode: 451 }) : null) });
    const s = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Aurum <desk@aurum.test>" }, { mailbox: "auto" });
    try {
      const a = await s.userWithSession({ role: "admin" });
      await saveMessages({ ride_reminder: { enabled: true, subject: "See you {when}", intro: "" } }, s, a.cookie);
      const res = await s.call("POST", "/api/admin/settings/messages/ride_reminder/test", { cookie: a.cookie, json: {} });
      expect(res.status).toBe(200);
      const got = await smtp.waitFor(a.user.email, "See you Friday, November 27 at 9:30 AM");
      expect(got.from).toBe("desk@aurum.test");
      expect(parseMail(got.raw).text).toContain("This is a test of the");

      refusing = true;
      await s.call("POST", "/api/admin/settings/messages/receipt/test", { cookie: a.cookie, json: {} });
      await s.deps.mailer.drain();
      const tab = (await s.call("GET", "/api/admin/settings/messages", { cookie: a.cookie })).body;
      expect(tab.senders.email).toMatchObject({ from: "Aurum <desk@aurum.test>", transport: "smtp" });
      expect(tab.delivery.queued).toBe(1);
      expect(tab.delivery.lastFailure).toMatchObject({ to: a.user.email, subject: "Your Meridian receipt 4F1C2A9E", gaveUp: false });
      expect(tab.delivery.lastFailure.error).toMatch(/Mailbox unavailable/);
    } finally {
      await s.close();
      await smtp.close();
    }
  });
});
