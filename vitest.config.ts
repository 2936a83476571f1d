import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Server suites run on in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const serverSuite = (name: string, db: string) => ({
  extends: true as const,
  // *.pg.test.ts (several server processes on one PostgreSQL database) only run in the PostgreSQL project.
  // Each starts from a database migrated once per run (vitest.global-setup.ts).
  test: {
    name,
    include: ["apps/server/src/**/*.test.ts"],
    exclude: db === "postgres" ? [] : ["**/*.pg.test.ts"],
    env: { TEST_DB: db },
    globalSetup: ["./vitest.global-setup.ts"],
  },
});

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "apps/web/src") } },
  test: {
    setupFiles: ["./vitest.setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Every core (vitest's default leaves one idle): the files spend much of their time waiting on a database.
    maxWorkers: os.availableParallelism(),
    projects: [
      { extends: true, test: { name: "unit", include: ["packages/shared/src/**/*.test.ts", "apps/web/src/**/*.test.{ts,tsx}"] } },
      serverSuite("server-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverSuite("server-postgres", "postgres")] : []),
    ],
  },
});
