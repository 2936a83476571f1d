// Starts Meridian: settings, database (migrated, seeded), API + built client on one port.
// WORKERS > 1 (PostgreSQL only, env.ts): this process becomes the primary (start-up, housekeeping, mail retry)
// and starts that many worker processes that answer HTTP on the same port, each with its own connection pool.
// See docs/decisions/016-one-scaling-story.md. SIGTERM stops gracefully within STOP_DEADLINE_MS (stopGracefully).
import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app";
import { DataDirLockedError, openDatabase, type Database } from "./db/client";
import { adminPasswordWorks, scheduleDemoShifts, seedDemo } from "./seed/seed";
import { startHousekeeping } from "./housekeeping/prune";
import { loadEnv, type AppConfig, type Env } from "./env";
import type { Deps } from "./lib/context";
import { startMailRetry } from "./mail/mailer";
import { startJobRunner } from "./jobs/job-runner";
import { scheduleOverdueSweep } from "./rides";
import { allJobHandlers } from "./jobs/handlers";
import { appSecurityHeaderList } from "./lib/security-headers";
import { withQuoteFastPath } from "./quotes";
import { buildConfig, buildDeps, databaseTarget, demoAdminPassword, openAndMigrate } from "./server";

/** A process asked to stop (SIGTERM) exits within this, whatever is still open. */
const STOP_DEADLINE_MS = 10_000;
/** Requests still running this long after SIGTERM have their connections closed, so the process exits in time. */
const DRAIN_MS = 8_000;

/** Opens and migrates the database, builds the dependencies, seeds the demo data; returns the banner lines. */
async function startUp(env: Env) {
  const config = buildConfig(env);
  const database = await openAndMigrate(databaseTarget(env));
  const deps = await buildDeps(config, database);
  // Processes starting together on one PostgreSQL seed one at a time: the second finds the data and skips.
  const demoAdmin = env.SEED_DEMO ? { email: env.ADMIN_EMAIL, password: demoAdminPassword(env) } : null;
  if (demoAdmin) await database.exclusive(() => seedDemo(database.db, deps.auth, demoAdmin));
  // The banner shows the admin login only while it is true (the password may have been changed since).
  const adminLine = !demoAdmin
    ? null
    : (await adminPasswordWorks(database.db, deps.auth, demoAdmin))
      ? `  Admin:    ${env.ADMIN_EMAIL} / ${demoAdmin.password}${env.ADMIN_PASSWORD ? "" : `  (generated; kept in ${path.resolve(env.DATA_DIR, "admin-password")})`}`
      : `  Admin:    ${env.ADMIN_EMAIL} (the demo password no longer signs in; set one with: npm run admin -- --email <e-mail> --password <new>)`;
  return { config, database, deps, adminLine };
}

function banner(config: AppConfig, database: Database, deps: Deps, adminLine: string | null, address: string, ms: number, workers: number) {
  const lines = [
    "",
    `  Meridian is running at ${config.publicUrl}  (listening on ${address}, ready in ${ms} ms${workers > 1 ? `, ${workers} worker processes` : ""})`,
    ...(config.env.WORKERS_AUTO ? [`  Processes: ${workers} answering HTTP — ${config.env.WORKERS_AUTO}`] : []),
    `  Database: ${database.kind === "pglite" ? `embedded PGlite in ${path.resolve(config.env.DATA_DIR)}` : "PostgreSQL (DATABASE_URL)"}`,
    `  Mail:     ${deps.mailer.kind === "smtp" ? "SMTP (SMTP_URL), queued in the database and retried for up to a day" : "embedded outbox"}${config.mailboxEnabled ? ` — read it at ${config.publicUrl}/dev/mailbox` : ""}`,
    `  Dev tools (mailbox, jobs): ${config.mailboxEnabled ? "on" : "off"} — ${config.mailboxReason ?? ""}`,
    ...(adminLine ? [adminLine] : []),
    "",
  ];
  process.stdout.write(lines.join("\n") + "\n");
}

/** The HTTP server: POST /api/quotes answered on node:http directly, everything else through Hono. */
async function listen(deps: Deps, env: Env, onListening: (address: string) => void): Promise<Server> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const app = createApp(deps, { webDist: path.resolve(here, "../../web/dist"), homeEntry: path.resolve(here, "../../web/dist-ssr/entry-server.js") });
  const headers = await appSecurityHeaderList(deps);
  const handler = withQuoteFastPath(deps, getRequestListener(app.fetch, { hostname: env.HOST }), headers);
  const server = createServer((req, res) => {
    // Once stopping, each answer closes its connection: a keep-alive client opens a new one, elsewhere.
    if (deps.lifecycle.stopping) res.shouldKeepAlive = false;
    handler(req, res);
  });
  // An idle keep-alive connection stays open longer than clients and load balancers keep theirs (60 s is common):
  // with Node's 5 s, a client reusing a connection just as the server closes it gets ECONNRESET for its request.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(env.PORT, env.HOST, () => {
    const info = server.address() as AddressInfo;
    onListening(`${info.address}:${info.port}`);
  });
  return server;
}

/**
 * SIGTERM (or SIGINT) on a process that answers HTTP: stop accepting connections, let the requests in flight
 * finish and be answered (a booking in flight commits and is answered; a request never read was never
 * written), end the event streams with a retry hint, then close the database. Requests still running after
 * DRAIN_MS lose their connections; the process exits within STOP_DEADLINE_MS in any case.
 */
async function stopGracefully(server: Server, deps: Deps, database: Database, stopJobs: () => Promise<void>) {
  setTimeout(() => {
    process.stderr.write("Meridian did not stop in time; exiting.\n");
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  deps.lifecycle.stop(); // readiness answers 503, event streams end with "retry:"
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // Connections that were busy close as soon as their answer is out (shouldKeepAlive is off from now on).
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const force = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
  await closed;
  clearInterval(idle);
  clearTimeout(force);
  await stopJobs(); // a job in progress finishes (or rolls back and is claimed again by the next start)
  // E-mail being stored and deliveries in flight finish first (bounded); an unfinished one is retried by the next start.
  await deps.mailer.drain(1000);
  await deps.lifecycle.close(); // the quote counts still in memory are written
  await deps.bus.close();
  await database.close();
}

/** Durable background jobs (ride reminders): every process runs them; a row is claimed by one at a time. */
function runJobs(deps: Deps, env: Env) {
  // The overdue sweep's next run (rides/overdue.ts; scheduled once whichever process starts first).
  scheduleOverdueSweep(deps.database.db).catch((err: unknown) => deps.logger.error("could not schedule the overdue sweep", { err: String(err) }));
  // The demo chauffeurs' daily shift top-up (seed/seed.ts), while the demo is seeded.
  if (env.SEED_DEMO) scheduleDemoShifts(deps.database.db).catch((err: unknown) => deps.logger.error("could not schedule the demo shifts' top-up", { err: String(err) }));
  return startJobRunner(deps.database.db, allJobHandlers(deps), { intervalMs: env.JOB_POLL_MS, logger: deps.logger });
}

function onSignals(shutdown: () => Promise<void>) {
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
}

/** One process does everything (WORKERS=1, the default; the only shape on the embedded database). */
async function runSingle(env: Env, started: number) {
  const { config, database, deps, adminLine } = await startUp(env);
  const stopHousekeeping = startHousekeeping(database.db, deps.logger);
  // SMTP mode: queued e-mail that failed to leave is retried with backoff (a no-op for the embedded outbox).
  const stopMailRetry = startMailRetry(deps.mailer, deps.logger);
  const stopJobs = runJobs(deps, env);
  const server = await listen(deps, env, (address) => banner(config, database, deps, adminLine, address, Math.round(performance.now() - started), 1));

  let closing = false;
  onSignals(async () => {
    if (closing) return;
    closing = true;
    stopHousekeeping();
    stopMailRetry();
    await stopGracefully(server, deps, database, stopJobs);
    process.exit(0);
  });
}

/** The primary of WORKERS > 1 (PostgreSQL): start-up, housekeeping and mail retry; the workers answer HTTP. */
async function runPrimary(env: Env, started: number) {
  const { config, database, deps, adminLine } = await startUp(env);
  const stopHousekeeping = startHousekeeping(database.db, deps.logger);
  const stopMailRetry = startMailRetry(deps.mailer, deps.logger);
  const stopJobs = runJobs(deps, env);

  let closing = false;
  let ready = false;

  cluster.on("exit", (worker, code, signal) => {
    if (closing) return;
    if (!ready) {
      process.stderr.write(`\nA worker process failed to start (exit ${signal ?? code}); see its error above.\n\n`);
      void shutdown(1);
      return;
    }
    deps.logger.error("a worker process stopped; starting another", { pid: worker.process.pid, code, signal });
    setTimeout(() => closing || cluster.fork(), 1000);
  });

  const count = env.WORKERS;
  let listening = 0;
  cluster.on("listening", (_worker, address) => {
    if (ready || ++listening < count) return;
    ready = true;
    const host = address.address ?? env.HOST;
    banner(config, database, deps, adminLine, `${host}:${address.port}`, Math.round(performance.now() - started), count);
  });
  for (let i = 0; i < count; i++) cluster.fork();

  const shutdown = async (exitCode = 0) => {
    if (closing) return;
    closing = true;
    stopHousekeeping();
    stopMailRetry();
    await stopJobs();
    // Each worker stops gracefully on its own deadline; one that has not exited by then is killed.
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const kill = setTimeout(() => worker.process.kill("SIGKILL"), STOP_DEADLINE_MS - 500);
            worker.once("exit", () => (clearTimeout(kill), resolve()));
            worker.process.kill("SIGTERM");
          }),
      ),
    );
    await deps.mailer.drain(500);
    await deps.lifecycle.close();
    await deps.bus.close();
    await database.close();
    process.exit(exitCode);
  };
  onSignals(() => shutdown());
}

/** A worker of WORKERS > 1: answers HTTP with its own pool; the primary has migrated, seeded and runs the background jobs. */
async function runWorker(env: Env) {
  const config = buildConfig(env);
  const database = await openDatabase(databaseTarget(env));
  const deps = await buildDeps(config, database);
  const server = await listen(deps, env, () => {});
  const stopJobs = runJobs(deps, env);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await stopGracefully(server, deps, database, stopJobs);
    process.exit(0);
  };
  onSignals(shutdown);
  process.on("disconnect", () => void shutdown()); // the primary has gone
}

async function main() {
  const started = performance.now();
  const env = loadEnv();
  if (cluster.isWorker) await runWorker(env);
  else if (env.WORKERS > 1) await runPrimary(env, started);
  else await runSingle(env, started);
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError || (err instanceof Error && err.message.startsWith("Invalid environment"))) {
    process.stderr.write(`\n${err.message}\n\n`);
  } else {
    process.stderr.write(`Meridian failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
