// Liveness and readiness. Readiness follows the database: on PostgreSQL the app reaches it through a TCP
// proxy this test can cut and restore; on either database it is 503 once the server is stopping.
import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openDatabase } from "../db/client";
import { connectPostgres } from "../db/postgres-url";
import { loadEnv, type AppConfig } from "../env";
import { buildConfig, buildDeps } from "../server";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { createUser } from "../seed/factories";
import { securityHeaderList } from "../lib/security-headers";
import { withQuoteFastPath } from "../quotes/quote-fast-path";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { createTestFleet, giveCapacityForDays, rideInput } from "../test/factories";
import { createFakeGeo } from "../test/fake-geo";
import { type TestApp, withTestApp } from "../test/harness";
import { pgProxy } from "../test/pg-proxy";
import { DATABASE_DOWN_MESSAGE, DATABASE_READ_ONLY_MESSAGE, STOPPING_MESSAGE } from "./health.routes";

let t: TestApp;
withTestApp((app) => (t = app));

describe("GET /api/health and /api/health/ready", () => {
  it("is not ready while the database answers reads but refuses writes (read-only or full), and ready again after", async () => {
    const pg = t.database.kind === "postgres";
    // PGlite has one connection; PostgreSQL's pool gets the setting on its next connections (the others are ended).
    const readOnly = async (on: boolean) => {
      if (!pg) return void (await t.db.execute(on ? sql`set default_transaction_read_only = on` : sql`set default_transaction_read_only = off`));
      const admin = connectPostgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
      try {
        await admin`set default_transaction_read_only = off`; // this connection itself may have started read-only
        const [{ db }] = await admin<[{ db: string }]>`select current_database() as db`;
        await admin.unsafe(`alter database "${db}" ${on ? "set default_transaction_read_only = on" : "reset default_transaction_read_only"}`);
        await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${db} and pid <> pg_backend_pid()`;
      } finally {
        await admin.end();
      }
    };
    expect((await t.call("GET", "/api/health/ready")).status).toBe(200);
    await readOnly(true);
    try {
      await expect
        .poll(async () => (await t.call("GET", "/api/health/ready")).body, { timeout: 10_000, interval: 200 })
        .toEqual({ error: { code: "database_read_only", message: DATABASE_READ_ONLY_MESSAGE } });
      expect((await t.call("GET", "/api/health")).status).toBe(200); // alive all the same
    } finally {
      await readOnly(false);
    }
    await expect.poll(async () => (await t.call("GET", "/api/health/ready")).status, { timeout: 10_000, interval: 200 }).toBe(200);
  });

  it("is alive and ready while the database answers, then not ready once stopping (alive still)", async () => {
    const live = await t.call("GET", "/api/health");
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ ok: true });
    const ready = await t.call("GET", "/api/health/ready");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true, database: t.database.kind });

    t.deps.lifecycle.stop();
    const stopping = await t.call("GET", "/api/health/ready");
    expect(stopping.status).toBe(503);
    expect(stopping.body.error).toEqual({ code: "stopping", message: STOPPING_MESSAGE });
    expect((await t.call("GET", "/api/health")).status).toBe(200);
  });
});

/** The app's dependencies on the test's database reached through a proxy the test can cut and restore. */
async function depsBehindProxy(env: Record<string, string> = {}, overrides: Partial<AppConfig> = {}) {
  const target = new URL(t.databaseUrl!);
  const proxy = await pgProxy(target);
  const viaProxy = new URL(target);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const database = await openDatabase({ url: viaProxy.toString() });
  const config = buildConfig(loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_SECRET: "health-secret-health-secret-health-secret", ...env }), overrides);
  const deps = await buildDeps(config, database);
  const close = async () => {
    await deps.bus.close();
    await database.close().catch(() => {});
    await proxy.close();
  };
  return { proxy, database, config, deps, close };
}

if (process.env.TEST_DB === "postgres") {
  describe("readiness on PostgreSQL", () => {
    it("answers 503 within the time limit while the database is unreachable, and 200 again once it is back", async () => {
      const { proxy, deps, close } = await depsBehindProxy();
      const app = createApp(deps);
      const ready = async () => {
        const res = await app.request("/api/health/ready");
        return { status: res.status, body: (await res.json()) as { ok?: boolean; error?: { code: string; message: string } } };
      };
      try {
        expect((await ready()).status).toBe(200);
        await proxy.cut();
        const t0 = Date.now();
        const down = await ready();
        expect(down.status).toBe(503);
        expect(down.body.error).toEqual({ code: "database_unavailable", message: DATABASE_DOWN_MESSAGE });
        expect(Date.now() - t0).toBeLessThan(3000);
        expect((await app.request("/api/health")).status).toBe(200); // alive all the same
        await proxy.restore();
        await expect.poll(async () => (await ready()).status, { timeout: 10_000, interval: 200 }).toBe(200);
      } finally {
        await close();
      }
    });

    it("answers 503 { error: { code, message } } with Retry-After, never a 500, on every kind of route while PostgreSQL is stopped", async () => {
      const { proxy, database, config, deps, close } = await depsBehindProxy({ PUBLIC_URL: "http://localhost:3000" }, { mailboxEnabled: false });
      deps.geo = createFakeGeo();
      const app = createApp(deps);
      // The real HTTP server with the quote fast path in front of the app, as main.ts runs it.
      const server = http.createServer(withQuoteFastPath(deps, getRequestListener(app.fetch), await securityHeaderList(config)));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const fleet = await createTestFleet(database.db);
        await giveCapacityForDays({ db: database.db, deps });
        const customer = await createUser(database.db, deps.auth, {});
        const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000" },
          body: JSON.stringify({ email: customer.email, password: customer.password }),
        });
        expect(signIn.status).toBe(200);
        const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
        const json = { "content-type": "application/json", origin: "http://localhost:3000", cookie };
        const quote = await fetch(`${base}/api/quotes`, { method: "POST", headers: json, body: JSON.stringify(rideInput(fleet.sedan.id)) });
        expect(quote.status).toBe(200);
        const { quoteId } = (await quote.json()) as { quoteId: string };

        await proxy.cut();
        invalidatePricingCache(); // the next quote must read the prices from the database
        const requests: [string, string, RequestInit][] = [
          ["quote (fast path)", "/api/quotes", { method: "POST", headers: json, body: JSON.stringify(rideInput(fleet.sedan.id)) }],
          ["booking", "/api/bookings", { method: "POST", headers: { ...json, "idempotency-key": crypto.randomUUID() }, body: JSON.stringify({ service: "ride", paymentMethod: "pm_card_visa", quoteId }) }],
          ["my bookings", "/api/me/bookings", { headers: { cookie } }],
          ["profile", "/api/me/profile", { headers: { cookie } }],
          ["sign-in", "/api/auth/sign-in/email", { method: "POST", headers: { "content-type": "application/json", origin: "http://localhost:3000" }, body: JSON.stringify({ email: customer.email, password: customer.password }) }],
          ["newsletter", "/api/newsletter", { method: "POST", headers: json, body: JSON.stringify({ email: "later@example.com" }) }],
          ["readiness", "/api/health/ready", {}],
        ];
        for (const [name, path, init] of requests) {
          const res = await fetch(base + path, init);
          const body = (await res.json()) as { error?: { code?: unknown; message?: unknown } };
          expect({ name, status: res.status }).toEqual({ name, status: 503 });
          expect(typeof body.error?.code, name).toBe("string");
          expect(typeof body.error?.message, name).toBe("string");
          if (path !== "/api/health/ready") expect(res.headers.get("retry-after"), name).toMatch(/^\d+$/);
        }
        expect((await fetch(`${base}/api/health`)).status).toBe(200);

        await proxy.restore();
        await expect.poll(async () => (await fetch(`${base}/api/me/profile`, { headers: { cookie } })).status, { timeout: 10_000, interval: 200 }).toBe(200);
      } finally {
        await new Promise((resolve) => server.close(resolve));
        await close();
      }
    });
  });
}
