// Starts Meridian: settings, database (migrated, seeded), API + built client on one port.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app";
import { DataDirLockedError } from "./db/client";
import { adminPasswordWorks, seedDemo } from "./db/seed";
import { startHousekeeping } from "./housekeeping/prune";
import { loadEnv } from "./env";
import { startMailRetry } from "./mail/mailer";
import { withQuoteFastPath } from "./quotes/quote-fast-path";
import { buildConfig, buildDeps, databaseTarget, openAndMigrate } from "./server";

async function main() {
  const started = performance.now();
  const env = loadEnv();
  const config = buildConfig(env);
  const database = await openAndMigrate(databaseTarget(env));
  const deps = await buildDeps(config, database);
  // Processes starting together on one PostgreSQL seed one at a time: the second finds the data and skips.
  const demoAdmin = { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD };
  if (env.SEED_DEMO) await database.exclusive(() => seedDemo(database.db, deps.auth, demoAdmin));
  // The banner shows the admin login only while it is true (the password may have been changed since).
  const adminLine = !env.SEED_DEMO
    ? null
    : (await adminPasswordWorks(database.db, deps.auth, demoAdmin))
      ? `  Admin:    ${env.ADMIN_EMAIL} / ${env.ADMIN_PASSWORD}`
      : `  Admin:    ${env.ADMIN_EMAIL} (the demo password no longer signs in; set one with: npm run admin -- --email <e-mail> --password <new>)`;
  const stopHousekeeping = startHousekeeping(database.db, deps.logger);
  // SMTP mode: queued e-mail that failed to leave is retried with backoff (a no-op for the embedded outbox).
  const stopMailRetry = startMailRetry(deps.mailer, deps.logger);

  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = path.resolve(here, "../../web/dist");
  const app = createApp(deps, { webDist });
  // POST /api/quotes is answered on node:http directly; everything else goes through Hono.
  const server = createServer(withQuoteFastPath(deps, getRequestListener(app.fetch, { hostname: env.HOST })));
  server.listen(env.PORT, env.HOST, () => {
    const info = server.address() as AddressInfo;
    const ms = Math.round(performance.now() - started);
    const lines = [
      "",
      `  Meridian is running at ${config.publicUrl}  (listening on ${info.address}:${info.port}, ready in ${ms} ms)`,
      `  Database: ${database.kind === "pglite" ? `embedded PGlite in ${path.resolve(env.DATA_DIR)}` : "PostgreSQL (DATABASE_URL)"}`,
      `  Mail:     ${deps.mailer.kind === "smtp" ? "SMTP (SMTP_URL), queued in the database and retried for up to a day" : "embedded outbox"}${config.mailboxEnabled ? ` — read it at ${config.publicUrl}/dev/mailbox` : ""}`,
      ...(adminLine ? [adminLine] : []),
      "",
    ];
    process.stdout.write(lines.join("\n") + "\n");
  });

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    stopHousekeeping();
    stopMailRetry();
    server.close();
    // Deliveries in flight finish first (bounded); an unfinished one is retried by the next start.
    await deps.mailer.drain();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError || (err instanceof Error && err.message.startsWith("Invalid environment"))) {
    process.stderr.write(`\n${err.message}\n\n`);
  } else {
    process.stderr.write(`Meridian failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
