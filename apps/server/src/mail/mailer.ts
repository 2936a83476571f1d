// E-mail goes through nodemailer when SMTP_URL is set; otherwise into the embedded outbox
// (stored in the database, logged, readable at /dev/mailbox).
import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import { outboxEmails } from "../db/schema";
import type { Logger } from "../lib/logger";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { kind: "smtp" | "outbox"; send(mail: Mail): Promise<void> };

export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; logger: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.logger.info("mail sent", { to: mail.to, subject: mail.subject });
      },
    };
  }
  return {
    kind: "outbox",
    async send(mail) {
      await opts.db.insert(outboxEmails).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
      opts.logger.info("mail stored in the embedded outbox", { to: mail.to, subject: mail.subject });
    },
  };
}
