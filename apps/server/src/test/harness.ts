// A fresh app per test file on a fresh database: in-memory PGlite, or (TEST_DB=postgres) a new
// PostgreSQL database created from TEST_DATABASE_URL and dropped afterwards.
import fs from "node:fs";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { createApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { connectPostgres, withDatabase } from "../db/postgres-url";
import { createUser, type CreateUserInput } from "../seed/factories";
import { runMigrations } from "../db/migrate";
import { loadEnv, type AppConfig } from "../env";
import type { GeoService } from "../geo/geo.service";
import { buildConfig, buildDeps, type DepsOptions } from "../server";
import { cookieFrom } from "./helpers";
import { answerChecker, type OpenApiDoc } from "./openapi-answers";

declare module "vitest" {
  /** What vitest.global-setup.ts provides: the run's migrated database to start each file from. */
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory (server-pglite). */
    pgliteSnapshot?: string;
    /** The name of a migrated PostgreSQL database to copy (server-postgres). */
    postgresTemplate?: string;
    /** The folder of the run's server bundle (test/server-bundle.ts), for tests that start the server or a command. */
    serverBundle?: string;
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A new, empty PostgreSQL database; `template`: a copy of that database instead (e.g. the run's migrated one). */
export async function freshPostgres(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `meridian_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = connectPostgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(base, name),
    drop: async () => {
      const a = connectPostgres(base, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * A migrated database of its own for a test file: a copy of the run's migrated one (vitest.global-setup.ts), else
 * migrated here. `url` (PostgreSQL only) lets a test open a second connection pool, as a second server process would.
 */
export async function openTestDatabase(options: { callInTransactionWaitMs?: number } = {}): Promise<{ database: Database; url?: string; cleanup: () => Promise<void> }> {
  if (process.env.TEST_DB === "postgres") {
    const template = inject("postgresTemplate");
    const pg = await freshPostgres(template);
    const database = await openDatabase({ url: pg.url });
    if (!template) await runMigrations(database);
    return { database, url: pg.url, cleanup: async () => (await database.close(), await pg.drop()) };
  }
  const snapshot = inject("pgliteSnapshot");
  const database = await openDatabase({ memory: true, ...options, ...(snapshot ? { loadDataDir: new Blob([fs.readFileSync(snapshot)]) } : {}) });
  if (!snapshot) await runMigrations(database);
  return { database, cleanup: () => database.close() };
}

export type TestAppOptions = {
  /** The dev mailbox is mounted in tests unless this is false; "auto" derives it from the env as main.ts does. */
  mailbox?: boolean | "auto";
  /** Overrides of the derived config. */
  config?: Partial<AppConfig>;
  /** A stand-in for the external maps service (e.g. a few fixed places and a fixed route). */
  geo?: GeoService;
  /** Mail queue timing (e.g. a clock a test can move forward). */
  mailer?: DepsOptions["mailer"];
};

// One document per set of routes in a test process (generating it costs a second or two on a busy machine).
const checkers = new Map<string, Promise<ReturnType<typeof answerChecker>>>();
function checkerFor(app: ReturnType<typeof createApp>) {
  const routes = app.routes.map((r) => `${r.method} ${r.path}`).join("\n");
  if (!checkers.has(routes)) checkers.set(routes, Promise.resolve(app.request("/api/openapi.json")).then(async (res) => answerChecker((await res.json()) as OpenApiDoc)));
  return checkers.get(routes)!;
}

export async function createTestApp(envOverrides: Record<string, string> = {}, options: TestAppOptions = {}) {
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    PUBLIC_URL: "http://localhost:3000",
    SIGN_IN_PER_MINUTE: "1000",
    ...envOverrides,
  });
  const { database, url: databaseUrl, cleanup } = await openTestDatabase();
  const config = buildConfig(env, { ...(options.mailbox === "auto" ? {} : { mailboxEnabled: options.mailbox ?? true }), ...options.config });
  const deps = await buildDeps(config, database, { mailer: options.mailer });
  if (options.geo) deps.geo = options.geo;
  const app = createApp(deps);
  const db = database.db;
  let checkAnswer: ReturnType<typeof answerChecker> | undefined;

  /** JSON request helper; `cookie` is a signed-in user's session cookie. */
  async function call(method: string, path: string, opts: { json?: unknown; body?: string; cookie?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.json !== undefined || opts.body !== undefined) headers["content-type"] ??= "application/json";
    if (opts.cookie) headers.cookie = opts.cookie;
    // Browsers send Origin on every non-GET fetch; better-auth's CSRF check expects it with a cookie.
    if (method !== "GET" && method !== "HEAD") headers.origin ??= env.PUBLIC_URL ?? "http://localhost:3000";
    const res = await app.request(path, {
      method,
      headers,
      body: opts.body ?? (opts.json !== undefined ? JSON.stringify(opts.json) : undefined),
    });
    const text = await res.text();
    let body: any;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    // Every answer is held to the served document (test/openapi-answers.ts).
    checkAnswer ??= await checkerFor(app);
    const problem = checkAnswer(method, path, res.status, res.headers.get("content-type"), body);
    if (problem) throw new Error(problem);
    return { status: res.status, body, headers: res.headers };
  }

  /** Signs in and returns the cookie header to send as that user. */
  async function signIn(email: string, password: string): Promise<string> {
    const res = await app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return cookieFrom(res.headers);
  }

  /** Creates a verified user and signs them in. */
  async function userWithSession(input: CreateUserInput = {}) {
    const user = await createUser(db, deps.auth, input);
    return { user, cookie: await signIn(user.email, user.password) };
  }

  async function close() {
    await deps.lifecycle.close();
    await deps.mailer.drain();
    await deps.bus.close();
    await cleanup();
  }

  return { app, deps, db, database, databaseUrl, call, signIn, userWithSession, close };
}

/** A test app and one signed-in admin, named `adminName` if given (`admin`: the account and its cookie; `cookie`: the cookie): how most admin API suites start. */
export async function createAdminTestApp(envOverrides: Record<string, string> = {}, { adminName, ...options }: TestAppOptions & { adminName?: string } = {}) {
  const t = await createTestApp(envOverrides, options);
  const admin = await t.userWithSession({ role: "admin", fullName: adminName });
  return { t, admin, cookie: admin.cookie };
}
export type AdminSession = Awaited<ReturnType<typeof createAdminTestApp>>["admin"];

/**
 * A test app with the three callers an admin route's access test needs: a signed-in admin (named
 * `adminName` where its audit entries are checked), a customer's cookie and a staff member's (`staffRole`).
 */
export async function createRolesTestApp(input: { adminName?: string; staffRole: NonNullable<CreateUserInput["role"]> }) {
  const { t, admin } = await createAdminTestApp({}, { adminName: input.adminName });
  const userCookie = (await t.userWithSession({ role: "user" })).cookie;
  const staffCookie = (await t.userWithSession({ role: input.staffRole })).cookie;
  /** Asserts an admin route answers 401 signed out and 403 `forbidden` to the customer and to the staff member. */
  async function expectAdminOnly(method: string, path: string, json?: unknown) {
    expect((await t.call(method, path, { json })).status).toBe(401);
    for (const cookie of [userCookie, staffCookie]) {
      const res = await t.call(method, path, { json, cookie });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
  }
  return { t, admin, userCookie, staffCookie, expectAdminOnly };
}
export type RolesTestApp = Awaited<ReturnType<typeof createRolesTestApp>>;

/**
 * A fresh app for the tests of this file (or of the describe block it is called in): made by `create` before them
 * (by default createTestApp()), handed to `use` (e.g. `withTestApp((app) => (t = app))`), closed after them.
 */
export function withTestApp(use: (app: TestApp) => void, create: () => Promise<TestApp> = () => createTestApp()) {
  let app: TestApp | undefined;
  beforeAll(async () => use((app = await create())));
  afterAll(() => app?.close());
}
