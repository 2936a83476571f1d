// Real server processes for the multi-process suites (PostgreSQL): start one on a free port and wait until it
// answers, stop it (its whole process group).
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { freePort } from "./helpers";
import { freshPostgres } from "./harness";

const root = path.resolve(import.meta.dirname, "../../../..");
/** The demo admin of the test server processes (they get this ADMIN_PASSWORD). */
export const TEST_ADMIN = { email: "admin@meridian.local", password: "test-demo-admin-password" };
export const TEST_AUTH_SECRET = "multi-process-secret-multi-process-secret";

export type ServerProcess = { base: string; child: ChildProcess; log: string[] };

export async function startServer(url: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn("npx", ["tsx", "apps/server/src/main.ts"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "development",
      DATABASE_URL: url,
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
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log.join("")}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log.join("")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, child, log };
}

/** Stops the process group (npx, tsx and node); resolves once it has exited. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, signal);
  } catch {
    return; // already gone
  }
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
    ctx.sql = postgres(ctx.db.url, { max: 2, onnotice: () => {} });
  }, 180_000);
  afterAll(async () => {
    await Promise.all(started.map((child) => stopServer(child)));
    await ctx.sql?.end();
    await ctx.db?.drop();
  });
  return ctx;
}
