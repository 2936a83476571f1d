// Small helpers shared by the server suites: read the embedded outbox, follow e-mail links, count rows, find a free port,
// see whether Node's promise hooks are on.
import { executionAsyncId } from "node:async_hooks";
import net, { type AddressInfo } from "node:net";
import { count, desc, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { expect } from "vitest";
import type { Db } from "../db/client";
import { outboxEmails } from "../db/schema";

export type OutboxEmail = typeof outboxEmails.$inferSelect;

/** E-mails in the embedded outbox for one recipient, newest first. */
export async function outboxFor(db: Db, to: string): Promise<OutboxEmail[]> {
  return db.select().from(outboxEmails).where(eq(outboxEmails.to, to.toLowerCase())).orderBy(desc(outboxEmails.id));
}

/** The first http(s) link in an e-mail's plain text, as a path + query the test app can request. */
export function linkIn(mail: Pick<OutboxEmail, "text">): { url: URL; path: string } {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`No link in e-mail:\n${mail.text}`);
  const url = new URL(match[0]);
  return { url, path: url.pathname + url.search };
}

export async function countRows(db: Db, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0);
}

/** The cookie header a browser would send back after this response's Set-Cookie lines. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A port nothing listens on (taken from the OS, then released). */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const free = (srv.address() as AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return free;
}

/** Asserts a refused input: 400, with exactly these messages under `error.fields` (the spec's words, field by field). */
export function expectFieldErrors(res: { status: number; body: any }, fields: Record<string, string>) {
  expect(res.status).toBe(400);
  expect(res.body.error.fields).toEqual(fields);
}

/** The async id a promise reaction runs with: 0 when no promise hook is on in this process (lib/idle-off-storage.ts). */
export const reactionId = () => Promise.resolve().then(() => executionAsyncId());

/** Waits until Node's promise hooks are off in this process; throws if they are still on after `ms`. */
export async function promiseHooksOffWithin(ms: number): Promise<void> {
  for (const until = Date.now() + ms; (await reactionId()) !== 0; ) {
    if (Date.now() > until) throw new Error(`the promise hooks were still on after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
