// npm run backup -- [--out <file>]        writes a backup of the database
// npm run backup -- --restore <file>      restores a PGlite backup into an empty DATA_DIR
// Embedded PGlite: a gzip tarball of the data directory (PGlite's dumpDataDir), default
// ./backups/meridian-<timestamp>.tar.gz. The server must be stopped (the data-directory lock tells).
// PostgreSQL (DATABASE_URL): pg_dump in its custom format, default ./backups/meridian-<timestamp>.dump
// (restore with pg_restore --clean --no-owner -d <url> <file>).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase, lockDataDir } from "../db/client";
import type { Env } from "../env";
import { CliError, cliOptions, runCli } from "./common";

const usage = "Usage: npm run backup -- [--out <file>]   |   npm run backup -- --restore <file>";

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19);
const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("en-US")} KB`;

runCli(async (env) => {
  const values = cliOptions<{ out?: string; restore?: string }>({ out: { type: "string", short: "o" }, restore: { type: "string" } }, usage);
  if (!values) return;
  if (values.restore) return restore(env, values.restore);
  return env.DATABASE_URL ? backupPostgres(env.DATABASE_URL, values.out) : backupPglite(env, values.out);
});

async function backupPglite(env: Env, out?: string) {
  const dataDir = path.resolve(env.DATA_DIR);
  if (!fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))) {
    throw new CliError(`There is no Meridian database in ${dataDir} (DATA_DIR). Nothing to back up.`);
  }
  const file = path.resolve(out ?? path.join("backups", `meridian-${stamp()}.tar.gz`));
  const database = await openDatabase({ dataDir }); // takes the lock: refuses while the server runs
  try {
    const dump = await database.pglite!.dumpDataDir("gzip");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  process.stdout.write(
    `Backed up the embedded database in ${dataDir} to ${file} (${kb(fs.statSync(file).size)}).\n` +
      `Restore it into an empty data directory with: DATA_DIR=<dir> npm run backup -- --restore ${file}\n`,
  );
}

async function backupPostgres(url: string, out?: string) {
  const file = path.resolve(out ?? path.join("backups", `meridian-${stamp()}.dump`));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn("pg_dump", ["--format=custom", "--no-owner", "--file", file, "--dbname", url], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") {
        reject(
          new CliError(
            "pg_dump was not found on PATH. Install the PostgreSQL client tools (Debian/Ubuntu: apt-get install postgresql-client) " +
              "in the same major version as the server, or back up with your database provider's tools.",
          ),
        );
      } else reject(err);
    });
    child.on("exit", (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    fs.rmSync(file, { force: true });
    throw new CliError(`pg_dump failed (exit code ${code}); no backup was written.`);
  }
  process.stdout.write(
    `Backed up PostgreSQL (DATABASE_URL) to ${file} (${kb(fs.statSync(file).size)}).\n` +
      `Restore it with: pg_restore --clean --if-exists --no-owner --dbname <url> ${file}\n`,
  );
}

async function restore(env: Env, from: string) {
  if (env.DATABASE_URL) {
    throw new CliError(`DATABASE_URL is set: restore a PostgreSQL backup with pg_restore --clean --if-exists --no-owner --dbname <url> ${from}`);
  }
  const source = path.resolve(from);
  if (!fs.existsSync(source)) throw new CliError(`No such backup file: ${source}`);
  const dataDir = path.resolve(env.DATA_DIR);
  const pgDir = path.join(dataDir, "pglite");
  if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
    throw new CliError(
      `${dataDir} already holds a database. Restore into an empty directory (set DATA_DIR to a new path), or move ${pgDir} away first.`,
    );
  }
  const release = lockDataDir(dataDir);
  try {
    const blob = new Blob([fs.readFileSync(source)]);
    let pg: PGlite;
    try {
      pg = await PGlite.create({ dataDir: pgDir, loadDataDir: blob });
    } catch (err) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      throw new CliError(`${source} is not a Meridian PGlite backup (${(err as Error).message}).`);
    }
    const { rows } = await pg.query<{ n: number }>(`select count(*)::int as n from "user"`);
    await pg.close();
    process.stdout.write(`Restored ${source} into ${dataDir} (${rows[0]?.n ?? 0} accounts). Start the server with DATA_DIR=${dataDir}.\n`);
  } finally {
    release();
  }
}
