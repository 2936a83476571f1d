// The embedded database shared by several worker processes (db/shared-pglite.ts): here the "workers" are
// two channels in this process, each a MessagePort (structured clone, as the cluster's IPC channel); the
// real processes are in workers.embedded.test.ts. Embedded only (vitest.config.ts).
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { loadEnv } from "../env";
import { buildConfig, buildDeps } from "../server";
import { createFakeGeo } from "../test/fake-geo";
import { countRows } from "../test/helpers";
import { createTestFleet, rideInput } from "../test/ride-fixtures";
import { createUser } from "./factories";
import { openDatabase, type Database } from "./client";
import { runMigrations } from "./migrate";
import { bookings, tickets, vehicleTypes } from "./schema";
import { connectSharedPglite, servePglite, type Port } from "./shared-pglite";

const portOf = (p: MessagePort): Port => ({
  send: (m) => p.postMessage(m),
  onMessage: (listener) => {
    p.on("message", listener);
    return () => p.off("message", listener);
  },
});

let primary: Database;
const opened: { close(): Promise<void> }[] = [];

/** A worker's Database on the primary's PGlite, and the primary's handle on that worker. */
function worker(opts: { txTimeoutMs?: number } = {}) {
  const { port1, port2 } = new MessageChannel();
  const served = servePglite(primary.pglite!, portOf(port1), opts);
  const database = connectSharedPglite(portOf(port2));
  const close = async () => {
    await database.close();
    await served.close();
    port1.close();
  };
  opened.push({ close });
  return { database, db: database.db, served, close };
}

beforeAll(async () => {
  primary = await openDatabase({ memory: true });
  await runMigrations(primary);
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((w) => w.close()));
});
afterAll(() => primary?.close());

const vehicle = (name: string) => ({ name, baseFeeUsd: 50, passengerCapacity: 3, luggageCapacity: 2, active: true });
const named = (db: Database["db"], name: string) => db.select().from(vehicleTypes).where(eq(vehicleTypes.name, name));

describe("one PGlite shared by worker processes", () => {
  it("reads and writes through drizzle as in one process (dates as Date, numbers as numbers)", async () => {
    const a = worker();
    const [row] = await a.db.insert(vehicleTypes).values(vehicle("Shared Sedan")).returning();
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(row!.baseFeeUsd).toBe(50);
    const [seen] = await named(primary.db, "Shared Sedan");
    expect(seen).toEqual(row);
  });

  it("rolls back a worker's transaction that throws, and keeps PostgreSQL's error code", async () => {
    const a = worker();
    await expect(
      a.db.transaction(async (tx) => {
        await tx.insert(vehicleTypes).values(vehicle("Rolled Back"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await named(primary.db, "Rolled Back")).toEqual([]);

    const [first] = await a.db.insert(vehicleTypes).values(vehicle("Twice")).returning();
    const duplicate = await a.db
      .insert(vehicleTypes)
      .values({ ...vehicle("Twice"), id: first!.id })
      .then(
        () => null,
        (err: { cause?: { code?: string } }) => err,
      );
    expect(duplicate?.cause?.code).toBe("23505");
  });

  it("makes another worker's query wait for an open transaction, then see what it committed", async () => {
    const a = worker();
    const b = worker();
    const order: string[] = [];
    let inside!: () => void;
    const began = new Promise<void>((resolve) => (inside = resolve));
    const tx = a.db.transaction(async (t) => {
      await t.insert(vehicleTypes).values(vehicle("Isolated"));
      inside();
      await new Promise((r) => setTimeout(r, 150));
      order.push("a commits");
    });
    await began;
    const read = named(b.db, "Isolated").then((rows) => (order.push("b reads"), rows));
    await tx;
    expect(await read).toHaveLength(1);
    expect(order).toEqual(["a commits", "b reads"]);
  });

  it("rolls back the open transaction of a worker that goes away, and the database carries on", async () => {
    const a = worker();
    const b = worker();
    let inside!: () => void;
    const began = new Promise<void>((resolve) => (inside = resolve));
    void a.db
      .transaction(async (t) => {
        await t.insert(vehicleTypes).values(vehicle("Orphaned"));
        inside();
        await new Promise(() => {}); // the worker dies here
      })
      .catch(() => {});
    await began;
    await a.served.close(); // what the primary does when a worker exits
    expect(await named(b.db, "Orphaned")).toEqual([]);
  });

  it("rolls back a transaction left open too long", async () => {
    const a = worker({ txTimeoutMs: 100 });
    const result = a.db.transaction(async (t) => {
      await t.insert(vehicleTypes).values(vehicle("Too Slow"));
      await new Promise((r) => setTimeout(r, 300));
      await t.insert(vehicleTypes).values(vehicle("Too Slow 2"));
    });
    const err = await result.then(() => null, (e: { cause?: Error }) => e);
    expect(err?.cause?.message).toMatch(/already ended/);
    expect(await named(primary.db, "Too Slow")).toEqual([]);
  });

  it("relays NOTIFY from one worker to the listeners of another, until they stop listening", async () => {
    const a = worker();
    const b = worker();
    const heard: string[] = [];
    const unlisten = await a.database.listen("shared_channel", (payload) => heard.push(payload));
    await b.database.notify("shared_channel", "hello");
    await expect.poll(() => heard).toEqual(["hello"]);
    await unlisten();
    await b.database.notify("shared_channel", "after");
    await new Promise((r) => setTimeout(r, 100));
    expect(heard).toEqual(["hello"]);
  });

  it("two servers on one embedded database: 50 concurrent bookings with one key make one; the other server announces it", async () => {
    const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_SECRET: "shared-secret-shared-secret-shared-0123", PUBLIC_URL: "http://localhost:3000", SIGN_IN_PER_MINUTE: "1000" });
    const servers = await Promise.all(
      [worker(), worker()].map(async ({ database }) => {
        const deps = await buildDeps(buildConfig(env, { mailboxEnabled: true }), database);
        deps.geo = createFakeGeo();
        return { deps, app: createApp(deps) };
      }),
    );
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const fleet = await createTestFleet(a.deps.database.db);
    const user = await createUser(a.deps.database.db, a.deps.auth, {});
    const signIn = await b.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const quote = (await (
      await a.app.request("/api/quotes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(rideInput(fleet.sedan.id)) })
    ).json()) as { quoteId: string };
    const announced: string[] = [];
    b.deps.bus.subscribe((event) => event.type === "booking.created" && announced.push(event.bookingId));

    const key = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? a : b).app.request("/api/bookings", {
          method: "POST",
          headers: { "content-type": "application/json", cookie, origin: "http://localhost:3000", "idempotency-key": key },
          body: JSON.stringify({ service: "ride", quoteId: quote.quoteId }),
        }),
      ),
    );
    const bodies = (await Promise.all(results.map((r) => r.json()))) as { booking?: { id: string } }[];
    const ok = results.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const ids = new Set(bodies.filter((body) => body.booking).map((body) => body.booking!.id));
    expect(ids.size).toBe(1);
    expect(await countRows(primary.db, bookings)).toBe(1);
    expect(await countRows(primary.db, tickets)).toBe(1);
    const made = await primary.db.select().from(bookings);
    await expect.poll(() => announced).toContain(made[0]!.id);
    await Promise.all(servers.map(async (s) => (await s.deps.mailer.drain(), await s.deps.bus.close())));
  });
});
