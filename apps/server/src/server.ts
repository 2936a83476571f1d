// Wires the app's dependencies from settings; used by main.ts, the CLI commands and the tests.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type AuthOptions, createAuth } from "./auth";
import { devToolsSetting } from "./dev/dev-tools";
import { openDatabase, type Database, type DatabaseTarget } from "./db/client";
import { runMigrations } from "./db/migrate";
import type { AppConfig, Env } from "./env";
import type { Deps } from "./lib/context";
import { createLifecycle } from "./lib/lifecycle";
import { createLogger } from "./lib/logger";
import { trustedOriginsOf } from "./lib/origin-check";
import { createMetrics } from "./lib/metrics";
import { createGeoService } from "./geo/geo.service";
import { createMailer, type MailerOptions } from "./mail/mailer";
import { createPaymentProvider } from "./payments";
import { createFlightProvider } from "./flights/flights.service";
import { createQuoteCounter } from "./quotes";
import { createEventBus } from "./realtime/bus";
import { followSettingsChanges, settingsInMemory, warmSettings } from "./settings/store";
import { applyMessageSettings } from "./mail/message-settings";
import { brandMail } from "./mail/brand";
import { smsUnlessSwitchedOff } from "./sms/sms";
import { createSmsSender } from "./sms/sms";
import { createPhotoStore } from "./lib/photo-store";
import { createAvailability } from "./rides/availability.service";

export function databaseTarget(env: Env): DatabaseTarget {
  return env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR };
}

/** `given` when set; else a random value of `bytes` bytes generated once and kept in `name` in the data directory. */
function keptSecret(env: Env, given: string | undefined, name: string, bytes: number): string {
  if (given) return given;
  const file = path.resolve(env.DATA_DIR, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(bytes).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** AUTH_SECRET, or one generated once and kept in the data directory. */
const authSecret = (env: Env): string => keptSecret(env, env.AUTH_SECRET, "auth-secret", 32);

/**
 * The demo admin's password: ADMIN_PASSWORD, or a random one generated at first start and kept in the data
 * directory (like the auth secret), so no two installations share one and none is written in the code.
 */
export const demoAdminPassword = (env: Env): string => keptSecret(env, env.ADMIN_PASSWORD, "admin-password", 15);

export function buildConfig(env: Env, overrides: Partial<AppConfig> = {}): AppConfig {
  const tools = devToolsSetting(env);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    env,
    publicUrl,
    authSecret: overrides.authSecret ?? authSecret(env),
    mailboxEnabled: tools.enabled,
    mailboxReason: tools.reason,
    signInPerMinute: env.SIGN_IN_PER_MINUTE,
    ...overrides,
  };
}

/** The accounts service as the config sets it up (the server's, and the admin command's for creating an account). */
export function authFor(config: AppConfig, parts: Pick<AuthOptions, "db" | "mailer" | "logger">) {
  return createAuth({
    ...parts,
    baseURL: config.publicUrl,
    secret: config.authSecret,
    trustedOrigins: trustedOriginsOf(config.publicUrl),
    signInPerMinute: config.signInPerMinute,
  });
}

/** Mail queue timing (clock, retry delays, lease), injectable so tests need not wait minutes. */
export type DepsOptions = { mailer?: Pick<MailerOptions, "now" | "retryDelaysMs" | "leaseMs"> };

export async function buildDeps(config: AppConfig, database: Database, options: DepsOptions = {}): Promise<Deps> {
  const logger = createLogger(config.env.LOG_LEVEL);
  const mailer = createMailer({
    smtpUrl: config.env.SMTP_URL,
    from: config.env.MAIL_FROM,
    db: database.db,
    logger,
    // Settings → Email/SMS (switched off: not sent; the admin's subject and intro), then Settings → Company.
    prepare: (mail) => {
      const company = settingsInMemory(database.db, "company");
      const worded = applyMessageSettings(mail, settingsInMemory(database.db, "messages"), company.displayName);
      return worded && brandMail(worded, company, config.publicUrl);
    },
    ...options.mailer,
  });
  const auth = authFor(config, { db: database.db, mailer, logger });
  const geo = createGeoService({ env: config.env, db: database.db, logger });
  const payments = createPaymentProvider(config.env, database.db);
  const flights = createFlightProvider(config.env, database.db);
  const bus = await createEventBus(database, { logger });
  followSettingsChanges(bus, database.db);
  await warmSettings(database.db);
  const sms = smsUnlessSwitchedOff(createSmsSender(config.env, database.db, logger), database.db, logger);
  const photos = createPhotoStore(config.env);
  const lifecycle = createLifecycle();
  const quoteCounts = createQuoteCounter(database.db, logger);
  lifecycle.beforeClose(() => quoteCounts.close()); // the counts still in memory are written on shutdown
  return { config, database, mailer, logger, auth, geo, bus, payments, flights, sms, photos, lifecycle, metrics: createMetrics(database), quoteCounts, availability: createAvailability() };
}

export async function openAndMigrate(target: DatabaseTarget): Promise<Database> {
  const database = await openDatabase(target);
  await runMigrations(database);
  return database;
}
