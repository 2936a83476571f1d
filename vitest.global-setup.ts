// Once per test run and server project: a migrated database every test file starts from, instead of migrating its
// own. PGlite: a dump of a migrated data directory, loaded by each file. PostgreSQL: a migrated template database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { openDatabase } from "./apps/server/src/db/client";
import { runMigrations } from "./apps/server/src/db/migrate";
import type {} from "./apps/server/src/test/harness"; // the provided values' names and types

const tag = () => `${process.pid}_${Date.now().toString(36)}`;

export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === "postgres") {
    const base = process.env.TEST_DATABASE_URL!;
    const template = `meridian_template_${tag()}`;
    const server = postgres(base, { max: 1, onnotice: () => {} });
    await server.unsafe(`create database ${template}`);
    const url = new URL(base);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString() });
    await runMigrations(database);
    await database.close();
    project.provide("postgresTemplate", template);
    return async () => {
      await server.unsafe(`drop database if exists ${template} with (force)`);
      await server.end();
    };
  }
  const database = await openDatabase({ memory: true });
  await runMigrations(database);
  const snapshot = path.join(os.tmpdir(), `meridian-pglite-${tag()}.tar`);
  fs.writeFileSync(snapshot, Buffer.from(await (await database.pglite!.dumpDataDir("none")).arrayBuffer()));
  await database.close();
  project.provide("pgliteSnapshot", snapshot);
  return () => fs.rmSync(snapshot, { force: true });
}
