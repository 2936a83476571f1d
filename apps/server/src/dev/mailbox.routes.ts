// The embedded outbox, readable in the browser so a new user can click a verification link with no
// setup. Mounted only while MAILBOX is on (default: when SMTP_URL is unset and NODE_ENV is not production).
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { outboxEmails, outboxSms } from "../db/schema";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { outboxEmailsResponseSchema, outboxSmsResponseSchema } from "@meridian/shared/dev/answers";
import { routesFor } from "../lib/openapi";
import { parseWith } from "../lib/validate";

const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} · Meridian dev mailbox</title>
<style>body{margin:0;background:#0b0b0d;color:#ece7dc;font:15px/1.6 system-ui,sans-serif}main{max-width:880px;margin:0 auto;padding:48px 24px}
h1{font:400 28px Georgia,serif;margin:0 0 8px}p.note{color:#8a8577;margin:0 0 32px}a{color:#c9a35c}
table{width:100%;border-collapse:collapse}td,th{padding:12px 8px;border-bottom:1px solid #26241f;text-align:left}th{color:#8a8577;font-weight:500}
iframe{width:100%;height:70vh;border:1px solid #26241f;border-radius:6px;background:#0b0b0d}</style></head>
<body><main>${body}</main></body></html>`;

const listQuery = z.object({ to: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });
const idParam = z.coerce.number().int().positive().max(2_147_483_647); // outbox ids are int4

const smsQuery = z.object({ to: z.string().max(32).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

const dev$ = routesFor("public", ["Development"]);

export const mailboxApiRoutes = new Hono<AppEnv>()
  .get("/sms", dev$("The embedded text-message outbox (development only: while MAILBOX is on)", { 200: outboxSmsResponseSchema }, { query: smsQuery }), async (c) => {
    const { to, limit } = c.req.valid("query");
    const rows = await c.get("deps").database.db.select().from(outboxSms).where(to ? eq(outboxSms.to, to) : undefined).orderBy(desc(outboxSms.id)).limit(limit);
    return c.json({ messages: rows });
  })
  .get("/", dev$("The embedded outbox (development only: while MAILBOX is on)", { 200: outboxEmailsResponseSchema }, { query: listQuery }), async (c) => {
    const { to, limit } = c.req.valid("query");
    const rows = await c.get("deps").database.db
      .select()
      .from(outboxEmails)
      .where(to ? eq(outboxEmails.to, to.toLowerCase()) : undefined)
      .orderBy(desc(outboxEmails.id))
      .limit(limit);
    return c.json({ emails: rows });
  });

export const mailboxPageRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const db = c.get("deps").database.db;
    const rows = await db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(100);
    const texts = await db.select().from(outboxSms).orderBy(desc(outboxSms.id)).limit(100);
    const linkify = (text: string) => esc(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
    const smsList = texts.length
      ? `<table><tr><th>To</th><th>Message</th><th>Sent</th></tr>${texts
          .map((m) => `<tr><td>${esc(m.to)}</td><td>${linkify(m.body)}</td><td>${m.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td></tr>`)
          .join("")}</table>`
      : "<p>No text messages yet. Check a car in at the valet stand and the guest's link will appear here.</p>";
    const list = rows.length
      ? `<table><tr><th>To</th><th>Subject</th><th>Sent</th></tr>${rows
          .map(
            (r) =>
              `<tr><td>${esc(r.to)}</td><td><a href="/dev/mailbox/${r.id}">${esc(r.subject)}</a></td><td>${r.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td></tr>`,
          )
          .join("")}</table>`
      : "<p>No e-mail yet. Sign up or reset a password and it will appear here.</p>";
    return c.html(
      page(
        "Mailbox",
        `<h1>Dev mailbox</h1><p class="note">E-mail the server would have sent. Set SMTP_URL to deliver real mail instead.</p>${list}<h1 style="margin-top:48px">Text messages</h1><p class="note">SMS the server would have sent. Set SMS_PROVIDER=twilio to send real texts.</p>${smsList}`,
      ),
    );
  })
  .get("/:id/attachments/:n", async (c) => {
    const id = parseWith(idParam, c.req.param("id"));
    const [row] = await c.get("deps").database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    const file = row?.attachments?.[Number(c.req.param("n"))];
    if (!file) throw notFound("No such attachment.");
    const bytes = file.encoding === "base64" ? Buffer.from(file.content, "base64") : Buffer.from(file.content, "utf8");
    return c.body(new Uint8Array(bytes), 200, { "content-type": file.contentType, "content-disposition": `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"` });
  })
  .get("/:id", async (c) => {
    const id = parseWith(idParam, c.req.param("id"));
    const [row] = await c.get("deps").database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    if (!row) throw notFound("No such e-mail.");
    const links = [...row.text.matchAll(/https?:\/\/\S+/g)].map((m) => `<li><a href="${esc(m[0])}">${esc(m[0])}</a></li>`);
    const files = (row.attachments ?? []).map((a, i) =>
      a.encoding === "base64"
        ? `<h2>Attachment: <a href="/dev/mailbox/${row.id}/attachments/${i}">${esc(a.filename)}</a> (${esc(a.contentType)}, ${Buffer.from(a.content, "base64").length} bytes)</h2>`
        : `<h2>Attachment: ${esc(a.filename)} (${esc(a.contentType)})</h2><pre style="white-space:pre-wrap">${esc(a.content)}</pre>`,
    );
    const body = row.html
      ? `<iframe sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${esc(row.html)}"></iframe>`
      : `<pre>${esc(row.text)}</pre>`;
    return c.html(
      page(
        row.subject,
        `<p><a href="/dev/mailbox">← All mail</a></p><h1>${esc(row.subject)}</h1><p class="note">To ${esc(row.to)}</p>${links.length ? `<h2>Links</h2><ul>${links.join("")}</ul>` : ""}${body}<h2>Plain text</h2><pre style="white-space:pre-wrap">${esc(row.text)}</pre>${files.join("")}`,
      ),
    );
  });
