// E-mail goes through nodemailer when SMTP_URL is set; otherwise into the embedded outbox
// (stored in the database, logged, readable at /dev/mailbox).
//
// In SMTP mode no e-mail is lost when the mail server is down or refuses: `send` writes it to the
// `mail_queue` table first, then tries to deliver it (in the background, so no request waits on SMTP).
// A failed delivery stays queued; the retry worker (`startMailRetry`, started by main.ts) delivers it
// later with backoff, and marks it failed (logged at error level) after about a day.
// Several server processes on one PostgreSQL share the queue: a worker claims a due row by pushing its
// `next_attempt_at` forward by a lease (UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)
// RETURNING), so a row is in one worker's hands at a time and each e-mail is sent once.
import { and, asc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { mailQueue, outboxEmails, type MailAttachment } from "../db/schema";
import { createBatcher } from "../lib/batch";
import type { Logger } from "../lib/logger";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Which of the product's messages this is (Settings → Email/SMS: its switch and wording); none for one-offs. */
  kind?: string;
  /** The values of its placeholders ({customerName}, {ticketCode}...) for an edited subject or intro. */
  vars?: Record<string, string>;
  /** "Send me a test" (Settings → Email/SMS): sent even while its message is off, with this wording when given. */
  test?: { subject?: string; intro?: string };
};

export type RetryCounts = { sent: number; retrying: number; failed: number };

/**
 * An e-mail written by a caller's own statement that commits by itself (a new booking's confirmation with the
 * booking, bookings/booking-rows.ts): one round trip less, and the e-mail exists if and only if its source row does.
 */
export type MailInStatement = {
  /** A data-modifying CTE's body: inserts the e-mail's row once per row of `source` (a CTE name) and returns its `id`. */
  insert(source: SQL): SQL;
  /** After the statement committed, with the row's id: SMTP mode delivers it now (the row was written held by this process). */
  written(id: number): void;
};

export type Mailer = {
  kind: "smtp" | "outbox";
  /**
   * Stores the e-mail (outbox, or the SMTP queue) and returns; throws only if the database write fails.
   * With `tx` the e-mail is written in that transaction (it exists only if the transaction commits; in SMTP mode
   * the retry worker delivers it, as nothing may leave before the commit).
   */
  send(mail: Mail, opts?: { tx?: Tx }): Promise<void>;
  /** The e-mail as part of a statement that commits by itself (never inside a transaction: SMTP mode delivers it at once). */
  inStatement(mail: Mail): MailInStatement;
  /** One pass of the retry worker: claims queued e-mail that is due and tries to deliver it. */
  retryDue(): Promise<RetryCounts>;
  /** Waits (at most `timeoutMs`) for deliveries in flight, e.g. before the database is closed. */
  drain(timeoutMs?: number): Promise<void>;
};

const MINUTE = 60_000;
/**
 * Waits before each retry after a failed attempt: 1, 5, 15, 30 minutes, 1, 2, 4, 8, 8 hours (about 24 hours in
 * all, ten attempts); after the last one the e-mail is marked failed.
 */
export const MAIL_RETRY_DELAYS_MS = [1, 5, 15, 30, 60, 120, 240, 480, 480].map((m) => m * MINUTE);
/** A claimed row is not due again for this long; longer than one SMTP conversation can take (see timeouts below). */
export const MAIL_CLAIM_LEASE_MS = 10 * MINUTE;
/** How often the retry worker looks for due e-mail. */
export const MAIL_RETRY_INTERVAL_MS = 30_000;
const BATCH = 20;

export type MailerOptions = {
  smtpUrl?: string;
  from: string;
  db: Db;
  logger: Logger;
  /** The clock, injectable so tests can step past a retry delay. */
  now?: () => Date;
  retryDelaysMs?: number[];
  leaseMs?: number;
  /**
   * Each e-mail as it is stored: the company's name, logo and signature (mail/brand.ts), or null when its message
   * is switched off (Settings → Email/SMS; only optional messages can be, and never one written in a statement).
   */
  prepare?: (mail: Mail) => Mail | null;
};

export function createMailer(opts: MailerOptions): Mailer {
  return opts.prepare ? prepared(createPlainMailer(opts), opts.prepare, opts.logger) : createPlainMailer(opts);
}

/** The mailer with every e-mail passed through `prepare` first (dropped when it answers null). */
function prepared(mailer: Mailer, prepare: (mail: Mail) => Mail | null, logger: Logger): Mailer {
  return {
    ...mailer,
    async send(mail, sendOpts) {
      const ready = prepare(mail);
      if (!ready) return logger.info("mail not sent: its message is switched off", { to: mail.to, kind: mail.kind });
      return mailer.send(ready, sendOpts);
    },
    inStatement: (mail) => mailer.inStatement(prepare(mail) ?? mail),
  };
}

function createPlainMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) return createSmtpMailer({ ...opts, smtpUrl: opts.smtpUrl });
  const row = (mail: Mail) => ({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, attachments: mail.attachments ?? null });
  // E-mail sent outside a transaction in one moment (e.g. the confirmations of concurrent bookings) is stored by
  // one multi-row INSERT: one round trip and one commit for all of them instead of one each.
  const stored = createBatcher<Mail>(async (mails) => {
    await opts.db.insert(outboxEmails).values(mails.map(row));
  });
  return {
    kind: "outbox",
    async send(mail, sendOpts) {
      if (sendOpts?.tx) await sendOpts.tx.insert(outboxEmails).values(row(mail));
      else await stored.add(mail);
      opts.logger.info("mail stored in the embedded outbox", { to: mail.to, subject: mail.subject });
    },
    inStatement: (mail) => ({
      insert: (source) => sql`insert into outbox_emails ("to", subject, "text", html, attachments)
        select ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}::text, ${attachmentsJson(mail)}::jsonb from ${source} returning id`,
      written: () => opts.logger.info("mail stored in the embedded outbox", { to: mail.to, subject: mail.subject }),
    }),
    retryDue: async () => ({ sent: 0, retrying: 0, failed: 0 }),
    drain: () => stored.idle(),
  };
}

const attachmentsJson = (mail: Mail) => (mail.attachments ? JSON.stringify(mail.attachments) : null);

type QueuedMail = typeof mailQueue.$inferSelect;
type Outcome = keyof RetryCounts;

function createSmtpMailer(opts: MailerOptions & { smtpUrl: string }): Mailer {
  const { db, logger } = opts;
  const now = opts.now ?? (() => new Date());
  const delays = opts.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS;
  const leaseMs = opts.leaseMs ?? MAIL_CLAIM_LEASE_MS;
  // Bounded timeouts (nodemailer's socket default is 10 minutes) keep one attempt well inside the lease.
  // Settings in SMTP_URL's query string take precedence.
  // nodemailer loads with the first delivery, not at start (~15 MB; the embedded outbox never needs it).
  let transport: Promise<import("nodemailer").Transporter> | undefined;
  const smtp = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }),
    ));
  const senderDomain = opts.from.match(/@([^>\s]+)/)?.[1] ?? "meridian.local";
  const inFlight = new Set<Promise<unknown>>();
  const later = (ms: number) => new Date(now().getTime() + ms);

  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => {});
    return p;
  };

  /** One delivery attempt of a row this process holds (just inserted, or claimed). Never throws. */
  async function attempt(row: QueuedMail): Promise<Outcome> {
    const attempts = row.attempts + 1;
    const meta = { mailId: row.id, to: row.to, subject: row.subject, attempt: attempts };
    let error: string;
    try {
      await (await smtp()).sendMail({
        from: opts.from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        ...(row.attachments?.length ? { attachments: row.attachments } : {}),
        // The same Message-ID on every attempt, so a receiver can tell a repeat from a new e-mail.
        messageId: `<mail-${row.id}.${row.createdAt.getTime()}@${senderDomain}>`,
      });
      try {
        await db.update(mailQueue).set({ status: "sent", attempts, sentAt: now(), lastError: null }).where(eq(mailQueue.id, row.id));
      } catch (err) {
        // Delivered, but the row could not be marked: it will be sent again after the lease.
        logger.error("mail sent but not marked as sent; it may be delivered twice", { ...meta, err: String(err) });
        return "sent";
      }
      logger.info("mail sent", meta);
      return "sent";
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const delay = delays[attempts - 1];
    try {
      if (delay === undefined) {
        await db.update(mailQueue).set({ status: "failed", attempts, lastError: error }).where(eq(mailQueue.id, row.id));
        logger.error("mail delivery failed for good; giving up", { ...meta, firstQueuedAt: row.createdAt.toISOString(), err: error });
        return "failed";
      }
      const nextAttemptAt = later(delay);
      await db.update(mailQueue).set({ attempts, nextAttemptAt, lastError: error }).where(eq(mailQueue.id, row.id));
      logger.warn("mail delivery failed; queued for retry", { ...meta, nextAttemptAt: nextAttemptAt.toISOString(), err: error });
    } catch (dbErr) {
      // The row keeps its lease and is retried when the lease runs out.
      logger.error("mail delivery failed and the queue could not be updated", { ...meta, err: error, dbErr: String(dbErr) });
    }
    return "retrying";
  }

  /** Claims up to BATCH due rows: their next attempt moves a lease ahead, so no other worker takes them. */
  async function claimDue(): Promise<QueuedMail[]> {
    const at = now();
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(and(eq(mailQueue.status, "pending"), lte(mailQueue.nextAttemptAt, at)))
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return db
      .update(mailQueue)
      .set({ nextAttemptAt: new Date(at.getTime() + leaseMs) })
      .where(and(inArray(mailQueue.id, due), eq(mailQueue.status, "pending"), lte(mailQueue.nextAttemptAt, at)))
      .returning();
  }

  const queueRow = (mail: Mail, nextAttemptAt: Date) => ({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, attachments: mail.attachments ?? null, nextAttemptAt });
  // E-mail sent outside a transaction in one moment is queued by one multi-row INSERT (held by this process for a
  // lease), then each is delivered in the background.
  const queued = createBatcher<Mail>(async (mails) => {
    const rows = await db.insert(mailQueue).values(mails.map((m) => queueRow(m, later(leaseMs)))).returning();
    if (rows.length !== mails.length) throw new Error("mail_queue insert returned fewer rows than e-mails");
    for (const row of rows) {
      logger.debug("mail queued", { mailId: row.id, to: row.to, subject: row.subject });
      void track(attempt(row));
    }
  });

  return {
    kind: "smtp",
    async send(mail, sendOpts) {
      if (!sendOpts?.tx) return track(queued.add(mail));
      // due now: the retry worker sends it once the transaction has committed
      const [row] = await sendOpts.tx.insert(mailQueue).values(queueRow(mail, now())).returning({ id: mailQueue.id });
      if (!row) throw new Error("mail_queue insert returned no row");
    },
    inStatement(mail) {
      // Written held by this process for a lease, as `send` queues it, and delivered once the statement committed.
      const createdAt = now();
      const nextAttemptAt = later(leaseMs);
      const html = mail.html ?? null;
      const attachments = mail.attachments ?? null;
      return {
        insert: (source) => sql`insert into mail_queue ("to", subject, "text", html, attachments, next_attempt_at, created_at, updated_at)
          select ${mail.to}, ${mail.subject}, ${mail.text}, ${html}::text, ${attachmentsJson(mail)}::jsonb,
            ${nextAttemptAt.toISOString()}::timestamptz, ${createdAt.toISOString()}::timestamptz, ${createdAt.toISOString()}::timestamptz
          from ${source} returning id`,
        written(id) {
          const row: QueuedMail = { id, to: mail.to, subject: mail.subject, text: mail.text, html, attachments, status: "pending", attempts: 0, nextAttemptAt, lastError: null, sentAt: null, createdAt, updatedAt: createdAt };
          logger.debug("mail queued", { mailId: id, to: mail.to, subject: mail.subject });
          void track(attempt(row));
        },
      };
    },
    async retryDue() {
      const counts: RetryCounts = { sent: 0, retrying: 0, failed: 0 };
      const rows = await track(claimDue());
      if (rows.length) logger.info("mail retry: delivering queued e-mail", { count: rows.length });
      for (const row of rows) counts[await track(attempt(row))] += 1;
      return counts;
    },
    async drain(timeoutMs = 10_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        timer.unref();
      });
      while (inFlight.size) {
        const done = await Promise.race([Promise.allSettled([...inFlight]).then(() => false), timeout.then(() => true)]);
        if (done) break;
      }
      clearTimeout(timer);
    },
  };
}

/**
 * Runs `mailer.retryDue()` now and every `intervalMs` (one pass at a time); a failing pass is logged and
 * tried again on the next tick. The timer does not keep the process alive. Returns a stop function.
 */
export function startMailRetry(mailer: Mailer, logger: Logger, intervalMs = MAIL_RETRY_INTERVAL_MS): () => void {
  if (mailer.kind !== "smtp") return () => {};
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await mailer.retryDue();
    } catch (err) {
      logger.warn("mail retry pass failed", { err: String(err) });
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
