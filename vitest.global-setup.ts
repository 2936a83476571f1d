// Once per test run and server project: a migrated database every test file starts from, instead of migrating its
// own. PGlite: a dump of a migrated data directory, loaded by each file. PostgreSQL: a migrated template database.
// Once per run: the server bundle the tests start as child processes (test/server-bundle.ts), with a migrated PGlite
// template so that their new data directories start as the built server's do.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "./apps/server/src/db/client";
import { runMigrations } from "./apps/server/src/db/migrate";
import { connectPostgres, withDatabase } from "./apps/server/src/db/postgres-url";
import type {} from "./apps/server/src/test/harness"; // the provided values' names and types
import { buildServerBundle, newServerBundleDir } from "./apps/server/src/test/server-bundle";

const tag = () => `${process.pid}_${Date.now().toString(36)}`;

/** Migrates a new in-memory PGlite database; answers its data directory as a tarball (plain or gzip). */
async function migratedPglite(compression: "none" | "gzip"): Promise<Uint8Array> {
  const database = await openDatabase({ memory: true });
  await runMigrations(database);
  const dump = new Uint8Array(await (await database.pglite!.dumpDataDir(compression)).arrayBuffer());
  await database.close();
  return dump;
}

// Both server projects share the run's bundle: the first to start builds it, the last teardown of the run removes it.
const shared = globalThis as { meridianServerBundle?: Promise<string> };
function serverBundle(): Promise<string> {
  return (shared.meridianServerBundle ??= (async () => {
    const dir = newServerBundleDir(tag());
    await buildServerBundle(dir, await migratedPglite("gzip"));
    return dir;
  })());
}
const removeBundle = async () => {
  const dir = await shared.meridianServerBundle?.catch(() => undefined);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
};

export default async function setup(project: TestProject) {
  project.provide("serverBundle", await serverBundle());
  if (project.config.env?.TEST_DB === "postgres") {
    const base = process.env.TEST_DATABASE_URL!;
    const template = `meridian_template_${tag()}`;
    const server = connectPostgres(base, { max: 1, onnotice: () => {} });
    await server.unsafe(`create database ${template}`);
    const database = await openDatabase({ url: withDatabase(base, template) });
    await runMigrations(database);
    await database.close();
    project.provide("postgresTemplate", template);
    return async () => {
      await server.unsafe(`drop database if exists ${template} with (force)`);
      await server.end();
      await removeBundle();
    };
  }
  const snapshot = path.join(os.tmpdir(), `meridian-pglite-${tag()}.tar`);
  fs.writeFileSync(snapshot, await migratedPglite("none"));
  project.provide("pgliteSnapshot", snapshot);
  return async () => {
    fs.rmSync(snapshot, { force: true });
    await removeBundle();
  };
}
