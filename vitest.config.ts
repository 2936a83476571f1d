import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Server suites run on in-memory PGlite; the suites below run again on PostgreSQL when TEST_DATABASE_URL is set.
// The rule: a suite runs on PostgreSQL too when what it checks can differ between the two engines: hand-written
// SQL or statements drizzle renders differently, row locks and concurrent writers, idempotency claims, job and
// mail leases, aggregates (reports), LISTEN/NOTIFY, migrations, the server's processes. Routes that only read and
// write rows through drizzle (validation, access, answers' shapes) run once, on PGlite. A new suite of that first
// kind goes in this list (its folder when all of the folder is, else the file); *.pg.test.ts (several server processes on
// one PostgreSQL database) only run on PostgreSQL.
const postgresSuites = [
  "**/*.pg.test.ts",
  "bookings/**/*.test.ts",
  "checkout/ride-claims.test.ts",
  "coupons/**/*.test.ts",
  "db/**/*.test.ts",
  "flights/**/*.test.ts",
  "housekeeping/**/*.test.ts",
  "jobs/**/*.test.ts",
  "realtime/**/*.test.ts",
  "rides/**/*.test.ts",
  "seed/**/*.test.ts",
  "settings/settings.test.ts",
  "admin/fleet/units.test.ts",
  "admin/core/analytics.test.ts",
  "admin/core/bookings.test.ts",
  "admin/core/insights.test.ts",
  "admin/core/reports.test.ts",
  "auth/lockout.test.ts",
  "auth/session-lookup.test.ts",
  "cli/cli.test.ts",
  "health/health.test.ts",
  "mail/smtp.test.ts",
  "payments/charge-gate.test.ts",
  "payments/embedded.test.ts",
  "payments/hold-sweep.test.ts",
  "payments/jobs-in-transaction.test.ts",
  "payments/payment-lifecycle.test.ts",
  "payments/tips-receipts-refunds.test.ts",
  "payments/webhook.test.ts",
  "quotes/quote-counter.test.ts",
  "shutdown.test.ts",
  "valet/valet.test.ts",
  "valet/valet-move.test.ts",
  "valet/valet-booking.test.ts",
].map((glob) => `apps/server/src/${glob}`);

const serverSuite = (name: string, db: string) => ({
  extends: true as const,
  // Each starts from a database migrated once per run (vitest.global-setup.ts).
  test: {
    name,
    include: db === "postgres" ? postgresSuites : ["apps/server/src/**/*.test.ts"],
    // *.pglite.test.ts: PGlite's own behaviour (its single connection), nothing to check on PostgreSQL.
    exclude: db === "postgres" ? ["**/*.pglite.test.ts"] : ["**/*.pg.test.ts"],
    env: { TEST_DB: db },
    // One worker runs file after file without a new module graph for each: the files build their apps and databases
    // in their own hooks, and loading the server's modules again for every file was a third of these projects' CPU.
    isolate: false,
    // ...so a stubbed environment variable or global is put back after each test, never left to the next file.
    unstubEnvs: true,
    unstubGlobals: true,
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
