// Applies the committed SQL migrations in /drizzle at start-up (and for every test database).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { Database } from "./client";

/** Walks up from this file to the repository's drizzle/ folder (works from src/ and from the bundle in dist/). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("Could not find the drizzle/ migrations folder.");
}

export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder: migrationsFolderPath });
    return;
  }
  // Several server processes may start together on one PostgreSQL: one migrates, the others wait.
  await database.exclusive(() => migratePostgres(database.db as never, { migrationsFolder: migrationsFolderPath }));
}
