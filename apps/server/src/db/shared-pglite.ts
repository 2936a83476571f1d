// One embedded database for several server processes (WORKERS > 1 without DATABASE_URL). PGlite lives in
// one process only, so the primary process owns it and every worker reaches it over its IPC channel:
//   - queries run on the primary's PGlite exactly as they would in one process (the same result parsers);
//   - a worker's transaction is a real PGlite transaction that the primary holds open until the worker
//     commits or rolls back, so every other query waits for it, just as in one process;
//   - LISTEN/NOTIFY: the primary listens for the worker and relays each notification to it.
// A worker that goes away mid-transaction has it rolled back. See docs/decisions/008-workers.md.
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { types } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Database, Db } from "./client";
import * as schema from "./schema";

/** One end of a message channel (a cluster worker, the worker's process, or a MessagePort in tests). */
export type Port = { send(message: unknown): void; onMessage(listener: (message: unknown) => void): () => void };

const TAG = "meridian-db";

type Call =
  | { t: "query"; tx?: number; sql: string; params?: unknown[]; rowMode?: "array" | "object" }
  | { t: "begin" }
  | { t: "end"; tx: number; commit: boolean }
  | { t: "listen"; channel: string }
  | { t: "unlisten"; channel: string };
type CallMessage = Call & { k: typeof TAG; id: number };
type ReplyMessage =
  | { k: typeof TAG; t: "reply"; id: number; ok: true; value: unknown }
  | { k: typeof TAG; t: "reply"; id: number; ok: false; error: Record<string, unknown> }
  | { k: typeof TAG; t: "notification"; channel: string; payload: string };

const isOurs = (m: unknown): m is { k: typeof TAG; t: string } => typeof m === "object" && m !== null && (m as { k?: unknown }).k === TAG;

// drizzle-orm/pglite keeps dates, times and intervals as the database's text (it parses them itself); the
// primary does the same for every worker's query so a row looks the same as in one process.
const identity = (value: string) => value;
const PARSERS = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, identity]));

/** A database error as plain data (the message plus PostgreSQL's fields such as code and constraint). */
function errorData(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const data: Record<string, unknown> = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) if (value === null || ["string", "number", "boolean"].includes(typeof value)) data[key] = value;
  return data;
}

function errorFrom(data: Record<string, unknown>): Error {
  const err = new Error(String(data.message));
  for (const [key, value] of Object.entries(data)) if (key !== "message" && key !== "stack") (err as unknown as Record<string, unknown>)[key] = value;
  return err;
}

/** A transaction not finished this long after it began is rolled back (a stuck worker must not stop the database). */
export const SHARED_TX_TIMEOUT_MS = 30_000;

/**
 * Serves `client` to one worker over `port` (primary side). `close()` (when the worker has gone) rolls back
 * its open transactions and drops its listeners.
 */
export function servePglite(client: PGlite, port: Port, opts: { txTimeoutMs?: number } = {}): { close(): Promise<void> } {
  let nextTx = 1;
  const open = new Map<number, { tx: Transaction; finish: (commit: boolean) => void; done: Promise<void> }>();
  const listening = new Map<string, () => Promise<void>>();
  let closed = false;

  const reply = (id: number, outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) => {
    if (closed) return;
    port.send(outcome.ok ? { k: TAG, t: "reply", id, ok: true, value: outcome.value } : { k: TAG, t: "reply", id, ok: false, error: errorData(outcome.error) });
  };

  const begin = (id: number) => {
    const txId = nextTx++;
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (finish = resolve));
    const timer = setTimeout(() => finish(false), opts.txTimeoutMs ?? SHARED_TX_TIMEOUT_MS);
    let began = false;
    // Settles when the transaction has committed (or rolled back); rejects when BEGIN or COMMIT failed.
    const done = client
      .transaction(async (tx) => {
        began = true;
        open.set(txId, { tx, finish, done });
        reply(id, { ok: true, value: txId });
        if (!(await decided)) await tx.rollback();
      })
      .finally(() => {
        clearTimeout(timer);
        open.delete(txId);
      });
    done.catch((err: unknown) => {
      if (!began) reply(id, { ok: false, error: err });
    });
  };

  const openTx = (txId: number) => {
    const entry = open.get(txId);
    if (!entry) throw new Error("The transaction has already ended (it took too long or its worker went away).");
    return entry;
  };

  const handle = async (call: Call): Promise<unknown> => {
    switch (call.t) {
      case "query": {
        const options = { rowMode: call.rowMode ?? "object", parsers: PARSERS };
        if (call.tx === undefined) return stripped(await client.query(call.sql, call.params, options));
        return stripped(await openTx(call.tx).tx.query(call.sql, call.params, options));
      }
      case "end": {
        const entry = openTx(call.tx);
        entry.finish(call.commit);
        await entry.done;
        return null;
      }
      case "listen": {
        if (!listening.has(call.channel)) {
          const unlisten = await client.listen(call.channel, (payload) => {
            if (!closed) port.send({ k: TAG, t: "notification", channel: call.channel, payload } satisfies ReplyMessage);
          });
          listening.set(call.channel, unlisten);
        }
        return null;
      }
      case "unlisten": {
        await listening.get(call.channel)?.();
        listening.delete(call.channel);
        return null;
      }
      default:
        throw new Error("Unknown database call.");
    }
  };

  const stop = port.onMessage((message) => {
    if (!isOurs(message) || closed) return;
    const call = message as CallMessage;
    if (call.t === "begin") return begin(call.id);
    handle(call).then(
      (value) => reply(call.id, { ok: true, value }),
      (error: unknown) => reply(call.id, { ok: false, error }),
    );
  });

  return {
    async close() {
      if (closed) return;
      closed = true;
      stop();
      const ending = [...open.values()].map((entry) => (entry.finish(false), entry.done));
      await Promise.allSettled([...ending, ...[...listening.values()].map((unlisten) => unlisten())]);
      listening.clear();
    },
  };
}

/** A query result without what cannot or need not cross the channel. */
function stripped(result: { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }) {
  return { rows: result.rows, fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: result.affectedRows };
}

/** The worker's side: a Database whose queries run on the primary's PGlite (see servePglite). */
export function connectSharedPglite(port: Port): Database {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let gone: Error | null = null;

  const stop = port.onMessage((message) => {
    if (!isOurs(message)) return;
    const m = message as ReplyMessage;
    if (m.t === "notification") {
      for (const listener of listeners.get(m.channel) ?? []) listener(m.payload);
      return;
    }
    const waiter = waiting.get(m.id);
    if (!waiter) return;
    waiting.delete(m.id);
    if (m.ok) waiter.resolve(m.value);
    else waiter.reject(errorFrom(m.error));
  });

  const call = <T>(c: Call): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (gone) return reject(gone);
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      port.send({ ...c, k: TAG, id } satisfies CallMessage);
    });

  type QueryOptions = { rowMode?: "array" | "object" };
  const queryOn = (tx: number | undefined) => (sql: string, params?: unknown[], options?: QueryOptions) =>
    call({ t: "query", tx, sql, params, rowMode: options?.rowMode });

  // What drizzle-orm/pglite uses of a PGlite client: query() and transaction().
  const client = {
    query: queryOn(undefined),
    async transaction<T>(work: (tx: { query: ReturnType<typeof queryOn> }) => Promise<T>): Promise<T> {
      const tx = await call<number>({ t: "begin" });
      let result: T;
      try {
        result = await work({ query: queryOn(tx) });
      } catch (err) {
        await call({ t: "end", tx, commit: false }).catch(() => {});
        throw err;
      }
      await call({ t: "end", tx, commit: true });
      return result;
    },
  };
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;

  return {
    db,
    kind: "pglite",
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(onPayload);
      if (set.size === 1) await call({ t: "listen", channel });
      return async () => {
        set.delete(onPayload);
        if (!set.size && listeners.get(channel) === set) {
          listeners.delete(channel);
          await call({ t: "unlisten", channel });
        }
      };
    },
    async notify(channel, payload) {
      await call({ t: "query", sql: "select pg_notify($1, $2)", params: [channel, payload] });
    },
    // The primary ran migrations and the seed before starting the workers.
    exclusive: (work) => work(),
    async close() {
      gone = new Error("The database connection is closed.");
      stop();
      for (const waiter of waiting.values()) waiter.reject(gone);
      waiting.clear();
      listeners.clear();
    },
  };
}
