// PGlite safeguards: one process per data directory (clear refusal naming the directory), stale locks
// from dead processes are taken over, the parent directory is created, data survives a restart, and
// applying the migrations again changes nothing.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { openTestDatabase } from "../test/harness";
import { bundled } from "../test/server-process";
import { DataDirLockedError, openDatabase, unpackFirstStartTemplate, type Database } from "./client";
import { runMigrations } from "./migrate";
import { newsletterSubscriptions } from "./schema";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../../..");
const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-db-test-"));
let dirCount = 0;
const freshDir = (name = "data") => path.join(tmpRoot, `${dirCount++}`, name);

const opened: Database[] = [];
const children: ChildProcess[] = [];
/** Opens a data directory as the built server does: a new one starts from the run's migrated template (initdb and the migrations take seconds). */
async function open(dataDir: string) {
  unpackFirstStartTemplate(path.join(path.resolve(dataDir), "pglite"), path.join(inject("serverBundle")!, "pglite-template.tar.gz"));
  const db = await openDatabase({ dataDir });
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const d of opened.splice(0)) await d.close().catch(() => {});
});
afterAll(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

/** Another Node process (the run's bundled test/hold-data-dir.ts) that opens the data dir and holds it until killed. */
async function holdInChild(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [bundled("hold-data-dir"), dataDir], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let err = "";
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`holder exited ${code}: ${err}`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once("exit", () => r()));

// The data-directory tests are about PGlite on disk; they run once, in the PGlite project, not again
// in the PostgreSQL one. Opening a new on-disk PGlite takes seconds, hence the timeout.
const onPglite = process.env.TEST_DB !== "postgres";
if (onPglite) describe("PGlite data directory", { timeout: 120_000 }, () => {
  it("creates missing parent directories and holds a lock file with our pid, removed on close", async () => {
    const dir = freshDir("nested/deeper/data");
    expect(fs.existsSync(path.dirname(dir))).toBe(false);
    const db = await open(dir);
    expect(fs.readFileSync(path.join(dir, "meridian.lock"), "utf8")).toBe(String(process.pid));
    await db.close();
    expect(fs.existsSync(path.join(dir, "meridian.lock"))).toBe(false);
  });

  it("refuses to open the same directory twice in one process, naming the directory", async () => {
    const dir = freshDir();
    await open(dir);
    const second = openDatabase({ dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`The data directory ${path.resolve(dir)} is already open in this process`);
    // A relative spelling of the same directory is the same directory.
    await expect(openDatabase({ dataDir: path.relative(process.cwd(), dir) })).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it("can be reopened after close, and data written before survives", async () => {
    const dir = freshDir();
    const first = await open(dir);
    await runMigrations(first);
    await first.db.insert(newsletterSubscriptions).values({ email: "kept@example.com" });
    await first.close();
    const second = await open(dir);
    await runMigrations(second);
    const rows = await second.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "kept@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("runs with an embedded-sized memory (16 MB of shared buffers, not PostgreSQL's 128 MB: WebAssembly memory is never given back)", async () => {
    const db = await open(freshDir());
    const settings = await db.pglite!.query<{ name: string; setting: string }>("select name, setting from pg_settings where name in ('shared_buffers', 'maintenance_work_mem')");
    expect(Object.fromEntries(settings.rows.map((r) => [r.name, Number(r.setting)]))).toEqual({ shared_buffers: 2048, maintenance_work_mem: 8192 });
  });

  it("refuses a directory another process holds, with a message naming the directory and that process", async () => {
    const dir = freshDir();
    const holder = await holdInChild(dir);
    const attempt = openDatabase({ dataDir: dir });
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      `The data directory ${path.resolve(dir)} is in use by another Meridian process (pid ${holder.pid})`,
    );
    // Once the holder is gone without cleaning up (SIGKILL leaves its lock behind), we take over.
    holder.kill("SIGKILL");
    await exited(holder);
    expect(fs.readFileSync(path.join(dir, "meridian.lock"), "utf8")).toBe(String(holder.pid));
    const db = await open(dir);
    expect(fs.readFileSync(path.join(dir, "meridian.lock"), "utf8")).toBe(String(process.pid));
    await runMigrations(db);
    await db.db.insert(newsletterSubscriptions).values({ email: "after-takeover@example.com" });
    expect(await db.db.select().from(newsletterSubscriptions)).toHaveLength(1);
  });

  it("a new data directory starts from the build's template, unpacked onto the disk; an existing one is left alone", async () => {
    // The template as the build makes it (apps/server/build.mjs): a migrated database dumped by PGlite.
    const source = await openDatabase({ memory: true });
    await runMigrations(source);
    await source.db.insert(newsletterSubscriptions).values({ email: "from-template@example.com" });
    const template = path.join(tmpRoot, `template-${dirCount++}.tar.gz`);
    fs.writeFileSync(template, Buffer.from(await (await source.pglite!.dumpDataDir("gzip")).arrayBuffer()));
    await source.close();

    const dir = freshDir();
    const pgDir = path.join(dir, "pglite");
    fs.mkdirSync(`${pgDir}.unpacking/base`, { recursive: true }); // what a start stopped half-way would leave
    unpackFirstStartTemplate(pgDir, template);
    expect(fs.existsSync(`${pgDir}.unpacking`)).toBe(false);
    expect(fs.readFileSync(path.join(pgDir, "PG_VERSION"), "utf8").trim()).toMatch(/^\d+$/);
    const db = await open(dir);
    await runMigrations(db);
    expect(await db.db.select().from(newsletterSubscriptions)).toEqual([expect.objectContaining({ email: "from-template@example.com" })]);
    await db.db.insert(newsletterSubscriptions).values({ email: "written-later@example.com" });
    await db.close();

    unpackFirstStartTemplate(pgDir, template); // a restart: the directory has its data; nothing is unpacked over it
    const again = await open(dir);
    expect((await again.db.select().from(newsletterSubscriptions)).map((r) => r.email).sort()).toEqual(["from-template@example.com", "written-later@example.com"]);
  });

  it("the server refuses to start on a data directory in use, with a clear message and exit code 1", async () => {
    const dir = freshDir();
    await open(dir);
    const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dir, PORT: "0", SEED_DEMO: "false", LOG_LEVEL: "silent" };
    delete env.DATABASE_URL;
    const res = spawnSync(process.execPath, [bundled("main")], {
      cwd: repoRoot,
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain(`The data directory ${path.resolve(dir)} is in use by another Meridian process (pid ${process.pid})`);
    expect(res.stderr).not.toMatch(/at .*\.[jt]s:\d+/); // a message, not a stack trace
    expect(fs.readFileSync(path.join(dir, "meridian.lock"), "utf8")).toBe(String(process.pid)); // our lock untouched
  });

  it("takes over a stale lock file left by a process that is gone", async () => {
    const dir = freshDir();
    fs.mkdirSync(dir, { recursive: true });
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    const deadPid = Number(gone.stdout);
    expect(deadPid).toBeGreaterThan(0);
    fs.writeFileSync(path.join(dir, "meridian.lock"), String(deadPid));
    await open(dir);
    expect(fs.readFileSync(path.join(dir, "meridian.lock"), "utf8")).toBe(String(process.pid));
  });

  it("treats a fresh empty lock file as another process opening the directory, and an old one as stale", async () => {
    const dir = freshDir();
    fs.mkdirSync(dir, { recursive: true });
    const lock = path.join(dir, "meridian.lock");
    fs.writeFileSync(lock, "");
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, old, old);
    await open(dir);
    expect(fs.readFileSync(lock, "utf8")).toBe(String(process.pid));
  });
});

describe("migrations", () => {
  it("applying them twice is a no-op that keeps the data", async () => {
    const { database, cleanup } = await openTestDatabase(); // PGlite in memory, or PostgreSQL under TEST_DB=postgres
    try {
      await database.db.insert(newsletterSubscriptions).values({ email: "twice@example.com" });
      const tables = async () => {
        const res = (await database.db.execute(
          sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
        )) as unknown as { table_name: string }[] | { rows: { table_name: string }[] }; // postgres-js: array; PGlite: { rows }
        return (Array.isArray(res) ? res : res.rows).map((r) => r.table_name);
      };
      const before = await tables();
      expect(before).toEqual(expect.arrayContaining(["user", "session", "newsletter_subscriptions", "outbox_emails", "bookings"]));
      await runMigrations(database);
      await runMigrations(database);
      expect(await tables()).toEqual(before);
      expect(await database.db.select().from(newsletterSubscriptions)).toHaveLength(1);
    } finally {
      await cleanup();
    }
  });
});
