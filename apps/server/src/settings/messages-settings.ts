// Settings → Email/SMS beyond the stored switches and wording: who the messages come from (MAIL_FROM, the SMS
// sender), how e-mail delivery goes (the SMTP queue's depth and its last failure), and "Send me a test" for each
// message (POST /api/admin/settings/messages/:kind/test): an example of it, worded as saved (or as the admin is
// trying it), to the signed-in admin's e-mail address or phone.
import { and, count, desc, eq, isNotNull } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { featureOffMessage } from "@meridian/shared/settings";
import {
  fillPlaceholders,
  MESSAGE_EXAMPLE,
  messageDefinition,
  messageTestSchema,
  unknownPlaceholderMessage,
  unknownPlaceholders,
  type MessagesOverview,
  type MessageTestResult,
} from "@meridian/shared/settings";
import { mailQueue, user } from "../db/schema";
import type { AppEnv } from "../lib/context";
import { badRequest, HttpError, notFound } from "../lib/errors";
import { messageTestResultSchema } from "@meridian/shared/settings/answers";
import { caller, routesFor } from "../lib/openapi";
import { brandMail } from "../mail/brand";
import type { Mail } from "../mail/mailer";
import { applyMessageSettings } from "../mail/message-settings";
import { emailLayout } from "../mail/templates";
import { getSettings } from "./store";

/** What GET and PUT /api/admin/settings/messages answer beside { messages }. */
export async function messagesExtra(c: Context<AppEnv>): Promise<Omit<MessagesOverview, "messages">> {
  const { db } = caller(c);
  const { config, mailer, sms } = c.get("deps");
  const env = config.env;
  const smtp = mailer.kind === "smtp";
  const [[queued], [failed], [last], features] = await Promise.all([
    smtp ? db.select({ n: count() }).from(mailQueue).where(eq(mailQueue.status, "pending")) : [{ n: 0 }],
    smtp ? db.select({ n: count() }).from(mailQueue).where(eq(mailQueue.status, "failed")) : [{ n: 0 }],
    smtp
      ? db
          .select({ at: mailQueue.updatedAt, to: mailQueue.to, subject: mailQueue.subject, error: mailQueue.lastError, status: mailQueue.status })
          .from(mailQueue)
          .where(and(isNotNull(mailQueue.lastError)))
          .orderBy(desc(mailQueue.updatedAt))
          .limit(1)
      : [],
    getSettings(db, "features"),
  ]);
  return {
    senders: {
      email: {
        from: env.MAIL_FROM,
        transport: mailer.kind,
        label: smtp ? "SMTP: queued, delivered, retried for about a day" : "Embedded outbox: stored and shown in the dev mailbox, not delivered",
      },
      sms: {
        from: sms.kind === "twilio" ? (env.TWILIO_FROM ?? null) : null,
        provider: sms.kind,
        label: sms.kind === "twilio" ? "Twilio" : "Embedded outbox: stored and shown in the dev mailbox, not delivered",
      },
    },
    delivery: {
      queued: queued?.n ?? 0,
      failed: failed?.n ?? 0,
      lastFailure: last?.error ? { at: last.at.toISOString(), to: last.to, subject: last.subject, error: last.error, gaveUp: last.status === "failed" } : null,
    },
    smsOn: features.smsNotifications,
  };
}

const admin$ = routesFor("admin", ["Admin: settings"]);

export const messagesTestRoutes = new Hono<AppEnv>().post(
  "/settings/messages/:kind/test",
  admin$(
    "Send me a test: an example of one message, worded as saved (or with the subject and intro given), to the signed-in admin's e-mail address or phone",
    { 200: messageTestResultSchema, 404: { description: "No such message" }, 409: { description: "Text messages are switched off" }, 422: { description: "No phone number on the admin's profile" } },
    { body: messageTestSchema },
  ),
  async (c) => {
    const { actor, db } = caller(c);
    const { mailer, sms, config } = c.get("deps");
    const def = messageDefinition(c.req.param("kind"));
    if (!def) throw notFound("There is no such message.");
    const input = c.req.valid("json");
    const fields: Record<string, string> = {};
    for (const field of ["subject", "intro"] as const) {
      const [unknown] = unknownPlaceholders(def, input[field] ?? "");
      if (unknown) fields[field] = unknownPlaceholderMessage(def, unknown);
    }
    if (def.channel === "sms" && input.subject) fields.subject = "A text message has no subject.";
    if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0]!, fields);
    const company = await getSettings(db, "company");
    // The defaults are written with "Meridian", as the real messages are; the company's name replaces it on the way.
    const example = { ...MESSAGE_EXAMPLE, company: "Meridian" };
    const intro = fillPlaceholders(def.defaultIntro, example);
    const note = `This is a test of the “${def.label}” message, sent from Settings → Email/SMS.`;
    const test = { ...(input.subject ? { subject: input.subject } : {}), ...(input.intro ? { intro: input.intro } : {}) };
    let result: MessageTestResult;
    if (def.channel === "sms") {
      const features = await getSettings(db, "features");
      if (!features.smsNotifications) throw new HttpError(409, "feature_off", `${featureOffMessage("smsNotifications")} Switch SMS notifications on (Settings → Features) to send a test.`);
      const [me] = await db.select({ phone: user.phone }).from(user).where(eq(user.id, actor.id));
      if (!me?.phone) throw new HttpError(422, "no_phone", "Add your mobile number to your profile to receive a test text.");
      await sms.send(me.phone, `${intro} ${note}`, { message: { kind: def.kind, vars: example, intro }, test });
      result = { sent: { channel: "sms", to: me.phone, subject: null } };
    } else {
      const lines = [intro, note, `${def.when}, the real one carries the customer's own details here.`];
      const mail: Mail = {
        to: actor.email,
        subject: fillPlaceholders(def.defaultSubject, example),
        text: `${lines.join("\n\n")}\n`,
        html: emailLayout(def.label, lines, { label: "Open Settings", url: `${config.publicUrl}/admin/settings` }),
        kind: def.kind,
        vars: example,
        test,
      };
      await mailer.send(mail);
      const sent = applyMessageSettings(mail, await getSettings(db, "messages"), company.displayName);
      result = { sent: { channel: "email", to: actor.email, subject: sent ? brandMail(sent, company, config.publicUrl).subject : mail.subject } };
    }
    return c.json(result);
  },
);
