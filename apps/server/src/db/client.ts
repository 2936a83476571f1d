// One Drizzle schema over two drivers: PGlite (embedded, default) or PostgreSQL (DATABASE_URL).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import { connectPostgres } from "./postgres-url";
import * as schema from "./schema";
import { IdleOffStorage } from "../lib/idle-off-storage";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded engine itself (PGlite only), for backups. */
  pglite?: PGlite;
  /** Subscribe to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `work` while no other server process on this database runs theirs (start-up: migrations, the demo
   * seed). PostgreSQL: an advisory lock held on a connection reserved for it; PGlite has one process anyway.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** The rows of a raw statement, whichever driver ran it (postgres.js answers an array, PGlite { rows }). */
export async function executeRows(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown;
  return Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows;
}

/** Whether `err` (or its cause, as drizzle wraps driver errors) is a unique violation of `constraint`. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return (e.constraint_name ?? e.constraint) === constraint;
  }
  return false;
}

/** The advisory lock key that serialises start-up across server processes. */
const STARTUP_LOCK = 727274;

/** `loadDataDir` (in memory): start from a dumped data directory (tests start from a migrated one). */
/** `callInTransactionWaitMs`: how long a `db` call made inside an open PGlite transaction waits before failing (a test's shorter wait). */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob; callInTransactionWaitMs?: number };

export class DataDirLockedError extends Error {}

/**
 * PGlite's PostgreSQL runs inside one WebAssembly memory that grows and never shrinks, so its buffers are the
 * server's resident memory. PostgreSQL's defaults (128 MB of shared buffers, 64 MB per maintenance step) suit a
 * database server, not an embedded one: with them an idle Meridian held 400-900 MB. These keep it near 200 MB;
 * the demo's data fits the buffers many times over (bench/README.md, "A small embedded footprint").
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...["shared_buffers=16MB", "maintenance_work_mem=8MB", "effective_cache_size=64MB", "temp_buffers=2MB", "wal_buffers=1MB"].flatMap((s) => ["-c", s]),
];

/**
 * PGlite's PostgreSQL is a 9 MB WebAssembly module. V8 compiles it with its baseline compiler (Liftoff) and then
 * recompiles the functions it finds hot with its optimising one (TurboFan) in the background; that second
 * compilation's code and working memory stayed in the process: ~50-100 MB of an idle embedded server's RSS
 * (bench/footprint.mjs). The baseline code alone runs Meridian's statements at about the same speed (the work is
 * mostly in the wire protocol and in Node, bench/README.md), so the embedded database keeps to it. Set before the
 * first PGlite in the process compiles the module; the flag only concerns WebAssembly (PostgreSQL mode has none).
 */
let baselineWasm = false;
function baselineWasmOnly() {
  if (baselineWasm) return;
  baselineWasm = true;
  v8.setFlagsFromString("--liftoff-only");
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ("url" in target) return openPostgres(target.url);
  baselineWasmOnly();
  if ("memory" in target) return openPglite(new PGlite({ loadDataDir: target.loadDataDir, startParams: PGLITE_START_PARAMS }), () => {}, target.callInTransactionWaitMs);
  const dir = path.resolve(target.dataDir);
  const release = lockDataDir(dir);
  try {
    const dataDir = path.join(dir, "pglite");
    unpackFirstStartTemplate(dataDir);
    const client = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
    return openPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * A new data directory starts from the migrated, empty one the build made (apps/server/build.mjs writes
 * dist/pglite-template.tar.gz next to the bundle) instead of running initdb and every migration: that took most of
 * a first start's seconds and left a few hundred MB in PGlite's memory for good. Not there (run from the sources,
 * or an existing directory): initdb as usual. Migrations still run after it, so a template behind the code is fine.
 * The archive is unpacked here, onto the disk, rather than by PGlite (`loadDataDir`), which unpacks it inside its
 * WebAssembly memory: that left ~80 MB more in a fresh start's RSS than in a restart's (bench/footprint.mjs).
 */
export function unpackFirstStartTemplate(dataDir: string, template = path.join(path.dirname(fileURLToPath(import.meta.url)), "pglite-template.tar.gz")): void {
  if (fs.existsSync(path.join(dataDir, "PG_VERSION"))) return;
  if (!fs.existsSync(template)) return;
  // Unpacked beside it and renamed into place: a start stopped half-way leaves no half data directory.
  const partial = `${dataDir}.unpacking`;
  fs.rmSync(partial, { recursive: true, force: true });
  untar(zlib.gunzipSync(fs.readFileSync(template)), partial);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(partial, dataDir);
}

/** Writes the directories and files of a ustar archive (what PGlite's dumpDataDir makes) under `dir`. */
export function untar(tar: Buffer, dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const text = (at: number, length: number) => tar.toString("latin1", at, at + length).replace(/\0.*$/s, "");
  const octal = (at: number, length: number) => parseInt(text(at, length).trim() || "0", 8);
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = text(at, 100);
    if (!name) break; // the two zero blocks at the end
    const prefix = tar.toString("latin1", at + 257, at + 262) === "ustar" ? text(at + 345, 155) : "";
    const relative = path.posix.normalize(`${prefix ? `${prefix}/` : ""}${name}`).replace(/^(\.\.?\/|\/)+/, "");
    const target = path.join(dir, relative);
    if (!relative || !target.startsWith(dir + path.sep)) throw new Error(`Unexpected path in the database template: ${name}`);
    const size = octal(at + 124, 12);
    const type = String.fromCharCode(tar[at + 156]!);
    const mode = octal(at + 100, 8) & 0o777;
    if (type === "5") fs.mkdirSync(target, { recursive: true, mode: mode || 0o700 });
    else if (type === "0" || type === "\0") {
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      fs.writeFileSync(target, tar.subarray(at + 512, at + 512 + size), { mode: mode || 0o600 });
    } else throw new Error(`Unexpected entry type ${JSON.stringify(type)} in the database template: ${name}`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

/**
 * PGlite has ONE connection: a statement sent through `db` while a transaction is open waits for that transaction
 * to end. Sent from inside the transaction's own work (a helper that reads through `db`, not `tx`) and awaited
 * there, it waits forever, and so does every later database request of the process (static files are still
 * served). So such a call waits for the transaction it was made in, as it always did, but at most this long: then
 * it fails with `DbCallInTransactionError` (naming the call's stack) and is never sent, the transaction's work gets
 * the error and rolls back, and the process goes on answering. A call that is not awaited inside the transaction
 * (a background refresh, a notification's handler) simply runs once the transaction has ended; the bound is long
 * enough that only a transaction held that long (the whole database waits for it meanwhile) fails such a call.
 */
export const DB_CALL_IN_TRANSACTION_WAIT_MS = 15_000;

export class DbCallInTransactionError extends Error {
  constructor() {
    super("A database call through `db` was made inside an open transaction on PGlite's single connection and would wait for that transaction forever; use the transaction's `tx`.");
  }
}

type OpenTransaction = { open: boolean; ended: Promise<void> };
/** Held on only while transactions run (and a quiet moment after), not for the life of the process (decision 024). */
const openTransaction = new IdleOffStorage<OpenTransaction>();

/** Runs `work` outside any transaction's context (a background task started from inside one, e.g. a cache refresh). */
export const outsideTransaction = <T>(work: () => T): T => openTransaction.exit(work);

function guardSingleConnection(client: PGlite, waitMs = DB_CALL_IN_TRANSACTION_WAIT_MS): void {
  const afterOpenTransaction = <T>(run: () => Promise<T>): Promise<T> => {
    const tx = openTransaction.getStore();
    if (!tx?.open) return run();
    const error = new DbCallInTransactionError(); // its stack names the offending call
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(error), waitMs);
      timer.unref?.();
      void tx.ended.then(() => (clearTimeout(timer), resolve()));
    }).then(run);
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite["query"]>) => afterOpenTransaction(() => query(...args))) as PGlite["query"];
  client.exec = ((...args: Parameters<PGlite["exec"]>) => afterOpenTransaction(() => exec(...args))) as PGlite["exec"];
  client.transaction = (<T>(work: Parameters<PGlite["transaction"]>[0]) =>
    afterOpenTransaction(() =>
      transaction((tx) => {
        let end = () => {};
        const state: OpenTransaction = { open: true, ended: new Promise<void>((r) => (end = r)) };
        return openTransaction.run(state, () => work(tx)).finally(() => {
          state.open = false;
          end();
        }) as Promise<T>;
      }),
    )) as PGlite["transaction"];
}

function openPglite(client: PGlite, release: () => void, callInTransactionWaitMs?: number): Database {
  guardSingleConnection(client, callInTransactionWaitMs);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    exclusive: (work) => work(),
    async close() {
      await client.close();
      release();
    },
  };
}

/**
 * drizzle runs every statement through `sql.unsafe()`, which postgres.js does not prepare: PostgreSQL then
 * parses and plans each statement every time, which cost more than executing most of ours (a session lookup
 * took ~190 µs of PostgreSQL's CPU instead of ~45, docs/decisions/015). Here they are prepared: postgres.js names
 * each distinct statement text once per connection and reuses it (connections are recycled after 30-60
 * minutes, which bounds that cache). Transactions get the same treatment. Needs a direct connection or a
 * pooler in session mode (as does LISTEN).
 */
function preparedStatements(sql: postgres.Sql): postgres.Sql {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === "unsafe") {
        return (query: string, args?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, args, { ...options, prepare: true });
      }
      if (prop === "begin") {
        return (...args: unknown[]) => {
          const callback = args.pop() as (tx: postgres.TransactionSql) => unknown;
          return (target.begin as (...a: unknown[]) => unknown)(...args, (tx: postgres.TransactionSql) => callback(preparedStatements(tx as never) as never));
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

function openPostgres(url: string): Database {
  const sql = connectPostgres(url, { max: 10, onnotice: () => {} });
  const db = drizzlePostgres(preparedStatements(sql), { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async listen(channel, onPayload) {
      const sub = await sql.listen(channel, onPayload);
      return async () => sub.unlisten();
    },
    async notify(channel, payload) {
      await sql`select pg_notify(${channel}, ${payload})`;
    },
    async exclusive(work) {
      // A session-level lock must be taken and released on the same connection: reserve one.
      const conn = await sql.reserve();
      try {
        await conn`select pg_advisory_lock(${STARTUP_LOCK})`;
        try {
          return await work();
        } finally {
          await conn`select pg_advisory_unlock(${STARTUP_LOCK})`;
        }
      } finally {
        conn.release();
      }
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}

/**
 * PGlite is single-process: a second process opening the same directory would lose its writes
 * silently. Hold a lock file with our pid; a stale lock (dead pid) is taken over.
 */
const openInThisProcess = new Set<string>();

export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "meridian.lock");
  // Our own pid in the lock file is not stale if this process still has the directory open.
  if (openInThisProcess.has(dir)) {
    throw new DataDirLockedError(
      `The data directory ${dir} is already open in this process (pid ${process.pid}). Close it before opening it again.`,
    );
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      openInThisProcess.add(dir);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        openInThisProcess.delete(dir);
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      const onExit = () => release();
      process.once("exit", onExit);
      const releaseAndForget = () => {
        process.off("exit", onExit);
        release();
      };
      return releaseAndForget;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Meridian process (pid ${pid}). ` +
            "Stop that process first (the server, or a backup/admin command), or set DATABASE_URL to share a PostgreSQL database between processes. " +
            `If no such process is running, delete ${lockPath}.`,
        );
      }
      // An empty lock file that is seconds old is another process between creating and writing it.
      if (!pid && Date.now() - fs.statSync(lockPath).mtimeMs < 5000) {
        throw new DataDirLockedError(`The data directory ${dir} is being opened by another process. Try again in a moment.`);
      }
      fs.unlinkSync(lockPath); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
