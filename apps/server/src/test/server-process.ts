// The real server in child processes of its own, for tests of start-up, shutdown and several processes on one
// PostgreSQL database: the run's bundle (test/server-bundle.ts) started with node. Its output is kept in `log`.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { connectPostgres } from "../db/postgres-url";
import { freePort } from "./helpers";
import { freshPostgres } from "./harness";

/** The demo admin of the test server processes (they get this ADMIN_PASSWORD). */
export const TEST_ADMIN = { email: "admin@meridian.local", password: "test-demo-admin-password" };
export const TEST_AUTH_SECRET = "multi-process-secret-multi-process-secret";

/** The path of one of the run's bundled entries (vitest.global-setup.ts builds them). */
export function bundled(entry: "main" | "admin" | "backup" | "hold-data-dir"): string {
  const dir = inject("serverBundle");
  if (!dir) throw new Error("No server bundle: vitest.global-setup.ts builds it for the server projects");
  return path.join(dir, `${entry}.js`);
}

export type ServerProcess = { base: string; child: ChildProcess; log: string[]; exited: Promise<number | null> };

/**
 * Starts the server with `env` over a test-friendly base (embedded maps, the outbox, the demo seeded); resolves
 * once its banner says it is ready, or at once when `waitReady` is false (a start that should fail).
 */
export async function startServerProcess(env: Record<string, string>, { waitReady = true } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [bundled("main")], {
    cwd: path.resolve(import.meta.dirname, "../../../.."),
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "development",
      SMTP_URL: "",
      MAILBOX: "true",
      SEED_DEMO: "true",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      AUTH_SECRET: TEST_AUTH_SECRET,
      SIGN_IN_PER_MINUTE: "10000",
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: "warn",
      GEO_PROVIDER: "embedded",
      ...env,
    },
  });
  const log: string[] = [];
  child.stdout!.on("data", (d) => log.push(String(d)));
  child.stderr!.on("data", (d) => log.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (waitReady && !/ready in \d+ ms/.test(log.join(""))) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log.join("")}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log.join("")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, child, log, exited };
}

/** A server process on a PostgreSQL database. */
export const startServer = (url: string, env: Record<string, string> = {}) => startServerProcess({ DATABASE_URL: url, ...env });

/** Stops the process (SIGTERM unless told); resolves once it has exited, or after 15 s. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
}

/** Polls quickly: a job due now runs within a fraction of a second. */
export const FAST_POLL = { JOB_POLL_MS: "150" };

/**
 * The set-up of a multi-process suite: a fresh PostgreSQL database for the file, a SQL client on it, and
 * `start()` for server processes on it, all stopped and dropped after the file.
 */
export function serverProcessSuite() {
  const started: ChildProcess[] = [];
  const ctx = {
    db: undefined as unknown as { url: string; drop: () => Promise<void> },
    sql: undefined as unknown as postgres.Sql,
    async start(env: Record<string, string> = FAST_POLL): Promise<ServerProcess> {
      const server = await startServer(ctx.db.url, env);
      started.push(server.child);
      return server;
    },
  };
  beforeAll(async () => {
    ctx.db = await freshPostgres();
    ctx.sql = connectPostgres(ctx.db.url, { max: 2, onnotice: () => {} });
  }, 180_000);
  afterAll(async () => {
    await Promise.all(started.map((child) => stopServer(child)));
    await ctx.sql?.end();
    await ctx.db?.drop();
  });
  return ctx;
}
