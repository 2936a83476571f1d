// Liveness and readiness. Readiness follows the database: on PostgreSQL the app reaches it through a TCP
// proxy this test can cut and restore; on either database it is 503 once the server is stopping.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openDatabase } from "../db/client";
import { loadEnv } from "../env";
import { buildConfig, buildDeps } from "../server";
import { createTestApp, type TestApp } from "../test/harness";
import { DATABASE_DOWN_MESSAGE, STOPPING_MESSAGE } from "./health.routes";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health and /api/health/ready", () => {
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

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function pgProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const serve = () =>
    net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
  let server = serve();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    async restore() {
      server = serve();
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    close: () => new Promise<void>((resolve) => (server.close(() => resolve()), sockets.forEach((s) => s.destroy()))),
  };
}

if (process.env.TEST_DB === "postgres") {
  describe("readiness on PostgreSQL", () => {
    it("answers 503 within the time limit while the database is unreachable, and 200 again once it is back", async () => {
      const target = new URL(t.databaseUrl!);
      const proxy = await pgProxy(target);
      const viaProxy = new URL(target);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const database = await openDatabase({ url: viaProxy.toString() });
      const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_SECRET: "health-secret-health-secret-health-secret" });
      const deps = await buildDeps(buildConfig(env), database);
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
        await deps.bus.close();
        await database.close().catch(() => {});
        await proxy.close();
      }
    });
  });
}
