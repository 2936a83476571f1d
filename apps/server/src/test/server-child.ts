// The real server (src/main.ts through tsx) in a child process of its own, for tests of start-up, several
// processes and shutdown. Its output is kept in `log`.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "./helpers";
import { TEST_ADMIN } from "./server-process";

const root = path.resolve(import.meta.dirname, "../../../..");

export type ServerProcess = { base: string; child: ChildProcess; log: string[]; exited: Promise<number | null> };

/** Starts the server with `env` over a test-friendly base; resolves once the banner says it is ready (or `waitReady` is false). */
export async function startServerProcess(env: Record<string, string>, { waitReady = true } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
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
      AUTH_SECRET: "server-process-secret-server-process-secret",
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
