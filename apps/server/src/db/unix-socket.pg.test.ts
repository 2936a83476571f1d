// DATABASE_URL naming a Unix socket the libpq way (`?host=/var/run/postgresql`): the pool, LISTEN/NOTIFY and the
// real server reach PostgreSQL over the socket (db/postgres-url.ts). The socket is that of TEST_DATABASE_URL's
// server, which must run on this machine (as on CI). PostgreSQL only (vitest.config.ts runs *.pg.test.ts there).
import fs from "node:fs";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgres } from "../test/harness";
import { startServer, stopServer } from "../test/server-process";
import { executeRows, openDatabase } from "./client";
import { connectPostgres, splitSocketHost } from "./postgres-url";

let db: { url: string; drop: () => Promise<void> };
let name: string;
let socketDir: string;
/** The test database over the socket: postgres://user@localhost:PORT/NAME?host=/dir */
let socketUrl: string;

beforeAll(async () => {
  db = await freshPostgres();
  const tcpUrl = new URL(splitSocketHost(db.url).url);
  name = tcpUrl.pathname.slice(1);
  const admin = connectPostgres(db.url, { max: 1, onnotice: () => {} });
  const [{ dirs }] = await admin<[{ dirs: string }]>`select current_setting('unix_socket_directories') as dirs`;
  const [{ port }] = await admin<[{ port: string }]>`select current_setting('port') as port`;
  await admin.end();
  socketDir = dirs.split(",")[0]!.trim();
  if (!socketDir.startsWith("/") || !fs.existsSync(`${socketDir}/.s.PGSQL.${port}`)) {
    throw new Error(`TEST_DATABASE_URL's server has no Unix socket on this machine (unix_socket_directories = '${dirs}', port ${port}): run it here`);
  }
  tcpUrl.hostname = "localhost";
  tcpUrl.port = port;
  socketUrl = `${tcpUrl.href}${tcpUrl.search ? "&" : "?"}host=${socketDir}`;
});
afterAll(async () => {
  await db?.drop();
});

/** Over a Unix socket, PostgreSQL reports the client's port as -1 and no server address. */
const overSocket = "select current_database() as db, inet_server_addr() is null as socket, (select client_port from pg_stat_activity where pid = pg_backend_pid()) as port";

describe("DATABASE_URL with ?host=/socket/dir", () => {
  it("postgres.js alone sends host to the server as a setting, which it refuses (why connectPostgres exists)", async () => {
    const plain = postgres(socketUrl, { max: 1, onnotice: () => {} });
    try {
      await expect(plain`select 1`).rejects.toThrow('unrecognized configuration parameter "host"');
    } finally {
      await plain.end();
    }
  });

  it("connectPostgres reaches the database over the socket, also in libpq's form without a host name", async () => {
    const user = new URL(socketUrl).username;
    for (const url of [socketUrl, `postgres://${user}@/${name}?host=${socketDir}`, `postgres://${user}@localhost/${name}?host=${encodeURIComponent(socketDir)}&application_name=socket-test`]) {
      const client = connectPostgres(url, { max: 1, onnotice: () => {} });
      try {
        const [row] = await client.unsafe(overSocket);
        expect(row, url).toEqual({ db: name, socket: true, port: -1 });
      } finally {
        await client.end();
      }
    }
  });

  it("the server's database (openDatabase) queries and LISTEN/NOTIFY round-trips over the socket", async () => {
    const database = await openDatabase({ url: socketUrl });
    try {
      expect(await executeRows(database.db, sql.raw(overSocket))).toEqual([{ db: name, socket: true, port: -1 }]);
      const received: string[] = [];
      const unlisten = await database.listen("socket_test", (payload) => received.push(payload));
      // The LISTEN connection is one of its own: over the socket too.
      expect(await executeRows(database.db, sql`select client_port as port from pg_stat_activity where datname = ${name} and query ilike 'listen%'`)).toEqual([{ port: -1 }]);
      await database.notify("socket_test", "over the socket");
      const deadline = Date.now() + 5_000;
      while (!received.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual(["over the socket"]);
      await unlisten();
    } finally {
      await database.close();
    }
  });

  it("the real server starts on a socket DATABASE_URL (migrations, seed) and is ready", { timeout: 120_000 }, async () => {
    const server = await startServer(socketUrl, { WORKERS: "1" });
    try {
      const ready = await fetch(`${server.base}/api/health/ready`);
      expect(ready.status).toBe(200);
      const check = connectPostgres(socketUrl, { max: 1, onnotice: () => {} });
      try {
        // Its connections are the socket's: none of this database's other backends came over TCP.
        const rows = await check`select count(*)::int as tcp from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid() and client_port <> -1`;
        expect(rows[0]).toEqual({ tcp: 0 });
      } finally {
        await check.end();
      }
    } finally {
      await stopServer(server.child);
    }
  });
});
