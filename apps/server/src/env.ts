// The only module that reads process.env. Every setting has a working default for the embedded mode.
import os from "node:os";
import { z } from "zod";
import { databaseOnThisMachine, PostgresUrlError, splitSocketHost } from "./db/postgres-url";

const bool = z
  .enum(["true", "false", "1", "0", "on", "off", "yes", "no"])
  .transform((v) => ["true", "1", "on", "yes"].includes(v));

/** WORKERS=auto starts one process per CPU, up to this many. */
export const MAX_AUTO_WORKERS = 4;

/**
 * How many HTTP processes WORKERS=auto starts on `cpus` CPUs, and why (the start-up banner): one per CPU; when PostgreSQL
 * runs on this machine (`databaseUrl` names its socket or a loopback host), one per CPU of the half it leaves PostgreSQL
 * (decision 025); one on the embedded database (no `databaseUrl`). At least 1, at most MAX_AUTO_WORKERS.
 */
export function autoWorkers(cpus: number, databaseUrl: string | undefined): { workers: number; reason: string } {
  if (!databaseUrl) return { workers: 1, reason: "WORKERS=auto on the embedded database (one process)" };
  const here = databaseOnThisMachine(databaseUrl);
  const workers = Math.max(1, Math.min(here ? Math.floor(cpus / 2) : cpus, MAX_AUTO_WORKERS));
  const onCpus = `WORKERS=auto on ${cpus} CPU${cpus === 1 ? "" : "s"}`;
  return { workers, reason: here ? `${onCpus}, half of them left to PostgreSQL on this machine (WORKERS=<n> to choose)` : onCpus };
}

export const WORKERS_NEED_POSTGRES_MESSAGE =
  "several server processes need PostgreSQL: set DATABASE_URL, or WORKERS=1 for the embedded database (one process)";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  /** postgres://user:pass@host:5432/db, or over a Unix socket the libpq way: postgres://user@localhost:5432/db?host=/var/run/postgresql. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .superRefine((url, ctx) => {
      try {
        splitSocketHost(url);
      } catch (err) {
        if (!(err instanceof PostgresUrlError)) throw err;
        ctx.addIssue({ code: "custom", message: err.message });
      }
    })
    .optional(),
  DATA_DIR: z.string().default("./data"),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional(),
  MAIL_FROM: z.string().default("Meridian <concierge@meridian.local>"),
  MAILBOX: bool.optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim()).filter(Boolean) : [])),
  /** Defaults to on, except with NODE_ENV=production: a real deployment creates its admin with `npm run admin`. */
  SEED_DEMO: bool.optional(),
  SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(10),
  ADMIN_EMAIL: z.email().default("admin@meridian.local"),
  /** The demo admin's password; unset, a random one is generated at first start and kept in DATA_DIR/admin-password. */
  ADMIN_PASSWORD: z.string().min(8).optional(),
  GEO_PROVIDER: z.enum(["embedded", "google", "osm"]).default("embedded"),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  GOOGLE_PLACES_URL: z.url().default("https://places.googleapis.com"),
  GOOGLE_ROUTES_URL: z.url().default("https://routes.googleapis.com"),
  GOOGLE_MAPS_URL: z.url().default("https://maps.googleapis.com"),
  OSM_PHOTON_URL: z.url().optional(),
  OSM_OSRM_URL: z.url().optional(),
  /** Time limit for one call to the Google or OSM maps services. */
  GEO_TIMEOUT_MS: z.coerce.number().int().min(50).max(60000).default(4000),
  PAYMENT_PROVIDER: z.enum(["embedded", "stripe"]).default("embedded"),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, "must start with sk_ or rk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, "must start with whsec_").optional(),
  /** Stripe's publishable key for the booking dialog's Payment Element (stripe mode). */
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, "must start with pk_").optional(),
  /** Another address for Stripe's API (tests: a local server). */
  STRIPE_API_URL: z.url().optional(),
  /** Flight status for airport pickups: "embedded" simulates schedules and delays; "aerodatabox" asks AeroDataBox (RapidAPI). */
  FLIGHT_PROVIDER: z.enum(["embedded", "aerodatabox"]).default("embedded"),
  /** The RapidAPI key for AeroDataBox (FLIGHT_PROVIDER=aerodatabox). */
  AERODATABOX_API_KEY: z.string().min(8, "must be at least 8 characters").optional(),
  /** AeroDataBox's address (tests: a local server replaying its answers). */
  AERODATABOX_URL: z.url().default("https://aerodatabox.p.rapidapi.com"),
  /** Time limit for one call to the flight-data service. */
  FLIGHT_TIMEOUT_MS: z.coerce.number().int().min(50).max(60000).default(5000),
  /** Text messages (the valet claim link): "outbox" stores them for the dev mailbox; "twilio" sends them. */
  SMS_PROVIDER: z.enum(["outbox", "twilio"]).default("outbox"),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, "must look like AC followed by 32 hex digits").optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  /** The sending number (+15551234567) or a Messaging Service SID (MG...). */
  TWILIO_FROM: z.string().regex(/^(\+\d{8,15}|MG[0-9a-fA-F]{32})$/, "must be a +E.164 number or a Messaging Service SID").optional(),
  /** Twilio's API address; change it only to reach a proxy or a local replay server in tests. */
  TWILIO_API_URL: z.url().default("https://api.twilio.com"),
  /** Car photos: unset keeps them as files under DATA_DIR/photos; http(s)://KEY:SECRET@host[:port]/bucket uses an S3-compatible store. */
  S3_URL: z.url().regex(/^https?:\/\/[^:@/]+:[^@/]+@[^/]+\/[^/]+\/?$/, "must look like https://ACCESS_KEY:SECRET@host/bucket").optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** Bearer token for GET /metrics (Prometheus); unset, /metrics is off. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** How often each server process looks for due background jobs (ride reminders). */
  JOB_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** Server processes answering HTTP: a number, or "auto" (autoWorkers: one per CPU, half of them with PostgreSQL on this machine; at most MAX_AUTO_WORKERS); more than one needs DATABASE_URL. */
  WORKERS: z.union([z.literal("auto"), z.coerce.number().int().min(1).max(64)]).default(1),
  /** Tests only (lib/test-hooks.ts): the named point where the process stops and waits to be killed; ignored in production. */
  TEST_PAUSE_AT: z.string().optional(),
})
  .superRefine((e, ctx) => {
    if (e.FLIGHT_PROVIDER === "aerodatabox" && !e.AERODATABOX_API_KEY) ctx.addIssue({ code: "custom", path: ["AERODATABOX_API_KEY"], message: "is required when FLIGHT_PROVIDER=aerodatabox" });
    if (e.SMS_PROVIDER !== "twilio") return;
    for (const key of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const) {
      if (!e[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when SMS_PROVIDER=twilio" });
    }
  })
  .transform((e) => {
    // WORKERS_AUTO: what WORKERS=auto chose and why (the start-up banner); null when WORKERS is a number.
    const { workers, reason } = e.WORKERS === "auto" ? autoWorkers(os.availableParallelism(), e.DATABASE_URL) : { workers: e.WORKERS, reason: null };
    return {
      ...e,
      SEED_DEMO: e.SEED_DEMO ?? e.NODE_ENV !== "production",
      TEST_PAUSE_AT: e.NODE_ENV === "production" ? undefined : e.TEST_PAUSE_AT,
      WORKERS: workers,
      WORKERS_AUTO: reason,
    };
  })
  // The embedded database lives in one process: several processes share a PostgreSQL database (decision 016).
  .refine((e) => e.WORKERS === 1 || e.DATABASE_URL, { path: ["WORKERS"], message: WORKERS_NEED_POSTGRES_MESSAGE });

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment settings:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** Settings the app is built from: the parsed env plus values derived at start-up. */
export type AppConfig = {
  env: Env;
  publicUrl: string;
  authSecret: string;
  /** The dev mailbox and dev jobs (/dev/mailbox, /api/dev/*): mounted only when this is on (devTools in server.ts). */
  mailboxEnabled: boolean;
  /** Why the dev tools are on or off, for the start-up banner. */
  mailboxReason?: string;
  signInPerMinute: number;
};
