// The operator's commands, run as an operator would (npm run admin / npm run backup) against a temp
// DATA_DIR (or a fresh PostgreSQL database), then checked the way a customer would notice: can the
// admin sign in, does the restored copy hold the accounts.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openDatabase, type Database, type DatabaseTarget } from "../db/client";
import { createUser } from "../seed/factories";
import { runMigrations } from "../db/migrate";
import { loadEnv } from "../env";
import { buildConfig, buildDeps } from "../server";
import { freshPostgres } from "../test/harness";
import { bundled } from "../test/server-process";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-cli-test-"));
afterAll(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

// The commands and the server run from the run's bundle (test/server-bundle.ts); the `npm run` cases still go
// through package.json's scripts.
let dirs = 0;
const newDir = () => path.join(tmpRoot, `data-${dirs++}`);

type Run = { code: number; stdout: string; stderr: string };

/**
 * Runs a command with the given settings: through `npm run <script> -- args` from the repository root
 * when viaNpm (proves the package.json wiring), otherwise the same script's bundle with node.
 */
function npmRun(script: "admin" | "backup", args: string[], env: Record<string, string>, opts: { cwd?: string; viaNpm?: boolean } = {}): Promise<Run> {
  const cwd = opts.cwd ?? repoRoot;
  const childEnv: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: "silent", ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const [cmd, argv] =
    opts.viaNpm
      ? ["npm", ["run", "-s", script, "--", ...args]]
      : [process.execPath, [bundled(script), ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The app on a database the commands touched, to check what a client would see. */
async function withApp<T>(target: DatabaseTarget, fn: (call: (path: string, init?: RequestInit) => Promise<Response>) => Promise<T>) {
  const database: Database = await openDatabase(target);
  try {
    await runMigrations(database);
    const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_SECRET: "cli-test-secret-cli-test-secret-0123456", PUBLIC_URL: "http://localhost:3000" });
    const app = createApp(await buildDeps(buildConfig(env), database));
    return await fn((p, init) => Promise.resolve(app.request(p, init)));
  } finally {
    await database.close();
  }
}

async function signIn(target: DatabaseTarget, email: string, password: string) {
  return withApp(target, async (call) => {
    const res = await call("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) return { status: res.status, role: null as string | null };
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const profile = (await (await call("/api/me/profile", { headers: { cookie } })).json()) as { role: string; fullName: string; emailVerified: boolean };
    return { status: 200, role: profile.role, fullName: profile.fullName, emailVerified: profile.emailVerified };
  });
}

const onPglite = process.env.TEST_DB !== "postgres";

/** Starts the server (the bundle of src/main.ts) with these settings, returns its start-up banner and stops it. */
function startBanner(env: Record<string, string>): Promise<string> {
  const childEnv: Record<string, string | undefined> = { ...process.env, PORT: "0", LOG_LEVEL: "warn", ...env };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [bundled("main")], { cwd: repoRoot, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => (child.kill("SIGKILL"), reject(new Error(`no banner:\n${out}`))), 90_000);
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (/ready in \d+ ms[\s\S]*\n\n/.test(out)) child.kill("SIGTERM");
    });
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", () => (clearTimeout(timer), resolve(out)));
  });
}

// The embedded-database commands run once, in the PGlite project.
if (onPglite)
  describe("the start-up banner (embedded PGlite)", { timeout: 240_000 }, () => {
    it("generates a random demo admin password, prints it while it works, says so once it no longer does, seeds nothing in production, and says whether the dev tools are on", async () => {
      const dir = newDir();
      const first = await startBanner({ DATA_DIR: dir, HOST: "127.0.0.1" });
      const password = fs.readFileSync(path.join(dir, "admin-password"), "utf8").trim();
      expect(password).toMatch(/^[\w-]{20}$/);
      expect(first).toContain(`Admin:    admin@meridian.local / ${password}  (generated; kept in ${path.join(dir, "admin-password")})`);
      expect(first).toContain("Dev tools (mailbox, jobs): on — the quick start");
      expect(await signIn({ dataDir: dir }, "admin@meridian.local", password)).toMatchObject({ status: 200, role: "admin" });
      expect((await signIn({ dataDir: dir }, "admin@meridian.local", "meridian-admin-2026")).status).toBe(401); // the old fixed one

      const changed = await npmRun("admin", ["--email", "admin@meridian.local", "--password", "a-private-password-9"], { DATA_DIR: dir });
      expect(changed.code, changed.stderr).toBe(0);
      const second = await startBanner({ DATA_DIR: dir, HOST: "0.0.0.0" });
      expect(second).toContain("Admin:    admin@meridian.local (the demo password no longer signs in");
      expect(second).not.toContain(password);
      expect(second).toContain("Dev tools (mailbox, jobs): off — HOST=0.0.0.0 is reachable from other machines");

      const prod = newDir();
      const production = await startBanner({ DATA_DIR: prod, NODE_ENV: "production", AUTH_SECRET: "production-secret-production-secret-1234", MAILBOX: "on" });
      expect(production).toContain("Meridian is running");
      expect(production).not.toContain("Admin:");
      expect(production).toContain("Dev tools (mailbox, jobs): off — off in production");
      expect(fs.existsSync(path.join(prod, "admin-password"))).toBe(false);
    });
  });

if (onPglite)
  describe("npm run admin (embedded PGlite)", { timeout: 180_000 }, () => {
    it("creates a verified admin who can sign in and reach the admin API", async () => {
      const dir = newDir();
      const run = await npmRun("admin", ["--email", "Boss@Meridian.test", "--password", "corner-office-1", "--name", "Ada Boss"], { DATA_DIR: dir }, { viaNpm: true });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Created admin boss@meridian.test (embedded PGlite in ${dir})`);
      const me = await signIn({ dataDir: dir }, "boss@meridian.test", "corner-office-1");
      expect(me).toMatchObject({ status: 200, role: "admin", fullName: "Ada Boss", emailVerified: true });
      // The lock is released when the command ends: the server could start now.
      expect(fs.existsSync(path.join(dir, "meridian.lock"))).toBe(false);
    });

    it("promotes an existing customer (keeping the password), then sets a new password when asked", async () => {
      const dir = newDir();
      const db = await openDatabase({ dataDir: dir });
      await runMigrations(db);
      const { createAuth } = await import("../auth/auth");
      const { createLogger } = await import("../lib/logger");
      const { createMailer } = await import("../mail/mailer");
      const logger = createLogger("silent");
      const auth = createAuth({
        db: db.db,
        logger,
        mailer: createMailer({ from: "x@example.com", db: db.db, logger }),
        baseURL: "http://localhost:3000",
        secret: "x".repeat(32),
        trustedOrigins: [],
        signInPerMinute: 100,
      });
      await createUser(db.db, auth, { email: "grace@example.com", password: "old-password-1", fullName: "Grace Hopper", inactive: true });
      await db.close();

      const promote = await npmRun("admin", ["--email", "grace@example.com"], { DATA_DIR: dir });
      expect(promote.code, promote.stderr).toBe(0);
      expect(promote.stdout).toContain("grace@example.com: promoted from user to admin; reactivated (it was inactive)");
      expect(await signIn({ dataDir: dir }, "grace@example.com", "old-password-1")).toMatchObject({ status: 200, role: "admin", fullName: "Grace Hopper" });

      const reset = await npmRun("admin", ["--email", "grace@example.com", "--password", "new-password-2"], { DATA_DIR: dir });
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stdout).toContain("already an admin; password set");
      expect((await signIn({ dataDir: dir }, "grace@example.com", "old-password-1")).status).toBe(401);
      expect(await signIn({ dataDir: dir }, "grace@example.com", "new-password-2")).toMatchObject({ status: 200, role: "admin" });
    });

    it("explains what is wrong with the arguments, and changes nothing", async () => {
      const dir = newDir();
      const cases: [string[], string][] = [
        [["--email", "not-an-email", "--password", "long-enough-1"], "A valid --email is required."],
        [["--email", "new@example.com"], "There is no account for new@example.com. Give --password to create it."],
        [["--email", "new@example.com", "--password", "short"], "Password must be at least 8 characters"],
        [["--email", "new@example.com", "--pasword", "typo-in-flag"], "Unknown option '--pasword'"],
      ];
      for (const [args, message] of cases) {
        const run = await npmRun("admin", args, { DATA_DIR: dir });
        expect(run.code, args.join(" ")).toBe(1);
        expect(run.stderr).toContain(message);
        expect(run.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
      }
      expect((await signIn({ dataDir: dir }, "new@example.com", "long-enough-1")).status).toBe(401);
    });

    it("refuses while the server holds the data directory, saying so", async () => {
      const dir = newDir();
      const held = await openDatabase({ dataDir: dir });
      try {
        const run = await npmRun("admin", ["--email", "boss@example.com", "--password", "corner-office-1"], { DATA_DIR: dir });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(`The data directory ${dir} is in use by another Meridian process (pid ${process.pid})`);
        expect(run.stderr).toContain("The server must not be running while this command uses the embedded database.");
      } finally {
        await held.close();
      }
    });
  });

if (onPglite)
  describe("npm run backup (embedded PGlite)", { timeout: 180_000 }, () => {
    let dir: string;
    beforeAll(async () => {
      dir = newDir();
      const run = await npmRun("admin", ["--email", "keeper@example.com", "--password", "safe-keeping-1"], { DATA_DIR: dir });
      expect(run.code, run.stderr).toBe(0);
    });

    it("writes a gzip tarball that restores into an empty directory with the accounts intact", async () => {
      const file = path.join(tmpRoot, "out", "meridian.tar.gz");
      const backup = await npmRun("backup", ["--out", file], { DATA_DIR: dir }, { viaNpm: true });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Backed up the embedded database in ${dir} to ${file}`);
      const bytes = fs.readFileSync(file);
      expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip
      expect(bytes.length).toBeGreaterThan(100_000);

      const target = newDir();
      const restore = await npmRun("backup", ["--restore", file], { DATA_DIR: target });
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain(`Restored ${file} into ${target} (1 accounts)`);
      expect(await signIn({ dataDir: target }, "keeper@example.com", "safe-keeping-1")).toMatchObject({ status: 200, role: "admin" });

      // Restoring over an existing database is refused.
      const again = await npmRun("backup", ["--restore", file], { DATA_DIR: target });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`${target} already holds a database.`);
      expect(await signIn({ dataDir: target }, "keeper@example.com", "safe-keeping-1")).toMatchObject({ status: 200 });
    });

    it("by default writes ./backups/meridian-<timestamp>.tar.gz", async () => {
      const cwd = path.join(tmpRoot, "cwd");
      fs.mkdirSync(cwd, { recursive: true });
      const run = await npmRun("backup", [], { DATA_DIR: dir }, { cwd });
      expect(run.code, run.stderr).toBe(0);
      const files = fs.readdirSync(path.join(cwd, "backups"));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^meridian-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.tar\.gz$/);
    });

    it("refuses while the server runs, and when there is nothing to back up, and a file that is not a backup", async () => {
      const held = await openDatabase({ dataDir: dir });
      try {
        const run = await npmRun("backup", ["--out", path.join(tmpRoot, "never.tar.gz")], { DATA_DIR: dir });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(`The data directory ${dir} is in use by another Meridian process`);
        expect(run.stderr).toContain("The server must not be running");
        expect(fs.existsSync(path.join(tmpRoot, "never.tar.gz"))).toBe(false);
      } finally {
        await held.close();
      }
      const empty = newDir();
      const nothing = await npmRun("backup", [], { DATA_DIR: empty });
      expect(nothing.code).toBe(1);
      expect(nothing.stderr).toContain(`There is no Meridian database in ${empty} (DATA_DIR). Nothing to back up.`);

      const junk = path.join(tmpRoot, "junk.tar.gz");
      fs.writeFileSync(junk, "definitely not a tarball");
      const bad = await npmRun("backup", ["--restore", junk], { DATA_DIR: newDir() });
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain(`${junk} is not a Meridian PGlite backup`);
    });
  });

// On PostgreSQL the same commands run against DATABASE_URL (in the PostgreSQL project).
if (!onPglite)
  describe("commands on PostgreSQL (DATABASE_URL)", { timeout: 180_000 }, () => {
    let pg: Awaited<ReturnType<typeof freshPostgres>>;
    beforeAll(async () => {
      pg = await freshPostgres();
    });
    afterAll(() => pg?.drop());

    it("npm run admin creates an admin who can sign in", async () => {
      const run = await npmRun("admin", ["--email", "pg-boss@example.com", "--password", "corner-office-1"], { DATABASE_URL: pg.url, DATA_DIR: newDir() }, { viaNpm: true });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("Created admin pg-boss@example.com (PostgreSQL (DATABASE_URL))");
      expect(await signIn({ url: pg.url }, "pg-boss@example.com", "corner-office-1")).toMatchObject({ status: 200, role: "admin" });
    });

    it("npm run backup writes a pg_dump archive, and --restore points to pg_restore", async () => {
      const file = path.join(tmpRoot, "pg", "meridian.dump");
      const run = await npmRun("backup", ["--out", file], { DATABASE_URL: pg.url, DATA_DIR: newDir() });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Backed up PostgreSQL (DATABASE_URL) to ${file}`);
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");
      const restore = await npmRun("backup", ["--restore", file], { DATABASE_URL: pg.url, DATA_DIR: newDir() });
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain("pg_restore");
    });

    it("says clearly when pg_dump is not installed", async () => {
      const run = await npmRun("backup", ["--out", path.join(tmpRoot, "x.dump")], {
        DATABASE_URL: pg.url,
        DATA_DIR: newDir(),
        PATH: fs.mkdirSync(path.join(tmpRoot, "empty-bin"), { recursive: true }) ?? path.join(tmpRoot, "empty-bin"), // no pg_dump
      }, { cwd: tmpRoot });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("pg_dump was not found on PATH.");
      expect(fs.existsSync(path.join(tmpRoot, "x.dump"))).toBe(false);
    });
  });
