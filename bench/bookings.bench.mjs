#!/usr/bin/env node
// Ride bookings at database speed (run `npm run build` first). In one run, on PostgreSQL (DATABASE_URL, else
// the local server postgres://postgres@127.0.0.1:5432; over its Unix socket with libpq's
// postgres://postgres@localhost:5432/postgres?host=/var/run/postgresql) in a scratch database created for the
// run and dropped after it:
//   (a) single-row INSERT transactions/s into a scratch table, CLIENTS concurrent clients (postgres.js);
//   (b) POST /api/bookings through the built server with WORKERS=auto: CLIENTS signed-in customers at once,
//       each on its own keep-alive connection, every booking a distinct quote with its own Idempotency-Key;
// then prints p50/p99 of the bookings and the server's CPU per booking, and checks every acknowledged booking is a
// row. Targets (issue 24 point 5): server CPU per booking <= 1.0 ms, p99 < 100 ms. The ratio (b)/(a) is printed for
// reference (its target, >= 0.25, is retired). So that figures from machines of different speeds can be compared,
// (c) the same customers then read their profile (GET /api/me/profile: the session and one row), and the bench
// prints that request's server CPU and the booking's as a multiple of it. Then the same bookings on the embedded
// default (PGlite, one process), which prints its own figure (no target).
// Usage: node bench/bookings.bench.mjs [--bookings 4000] [--clients 32] [--insert-seconds 5]
//        [--embedded-bookings 1000] [--only postgres|embedded] [--strict] [--count 200] [--history-days 365]
// --history-days N (PostgreSQL): before the measured bookings, N days of past shifts for every chauffeur and the
// warm-up's rides again on each past day, completed: the tables of a business that has run for N days.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { benchServerEnv, connect, countingProxy, cpuMs, databaseAddress, freePort, giveCapacity, laDate, requireBuiltServer, running, scratchDatabase, spawned, spawnServer, splitSocketHost, treeCpuMs, options } from "./lib.mjs";

const opt = options({ bookings: 4000, embeddedBookings: 1000, clients: 32, insertSeconds: 5, only: "", count: 0, historyDays: 0, strict: false });
const WORKERS = process.env.WORKERS || "auto";

const cleanups = [];
process.on("SIGINT", () => process.exit(130));

/** CPU time of the PostgreSQL backends serving database `name` (the server runs on this machine). */
async function backendCpuMs(admin, name) {
  const rows = await admin`select pid from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid) ?? 0]));
}
const cpuSince = (before, after) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** One HTTP request on `agent`; resolves { status, body, headers, ms }. */
function request(base, agent, p, { method = "GET", body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const t0 = performance.now();
    const req = http.request(
      base + p,
      { method, agent, headers: { origin: base, ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}), ...headers } },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          let parsed = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode, body: parsed, headers: res.headers, ms: performance.now() - t0 });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function waitReady(server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!/ready in \d+ ms/.test(server.log.join(""))) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.log.join("")}`);
    if (Date.now() > deadline) throw new Error(`server not ready after ${timeoutMs} ms:\n${server.log.join("")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopServer(server) {
  if (server.child.exitCode !== null) return server.child.exitCode;
  const exited = new Promise((resolve) => server.child.once("exit", (code) => resolve(code)));
  server.child.kill("SIGTERM");
  return exited;
}

/** (a) Single-row INSERT transactions/s into a scratch table with `clients` concurrent connections. */
async function rawInserts(url, clients, seconds, backends) {
  const sql = connect(url, { max: clients, onnotice: () => {} });
  try {
    await sql`create table bench_insert (id bigserial primary key, payload text not null, created_at timestamptz not null default now())`;
    await Promise.all(Array.from({ length: clients }, () => sql`select 1`)); // open every connection first
    const latencies = [];
    const cpuBefore = await backends();
    const until = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let i = 0; performance.now() < until; i++) {
          const t0 = performance.now();
          await sql`insert into bench_insert (payload) values (${`client ${c} row ${i}`})`;
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const pgCpuMs = cpuSince(cpuBefore, await backends());
    const [{ count }] = await sql`select count(*)::int as count from bench_insert`;
    await sql`drop table bench_insert`;
    latencies.sort((x, y) => x - y);
    return { perSecond: count / elapsed, count, p50: percentile(latencies, 50), p99: percentile(latencies, 99), pgCpuUs: (pgCpuMs * 1000) / count };
  } finally {
    await sql.end();
  }
}

/** Signs up `count` customers (verified through the dev mailbox) and signs each in; returns their cookies. */
async function customers(base, count, runId) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const password = "bench-password-2026";
  const one = async (i) => {
    const email = `bench-${runId}-${i}@example.com`;
    const signUp = await request(base, agent, "/api/auth/sign-up/email", { method: "POST", body: { name: `Bench Customer ${i}`, email, password } });
    if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
    const mailbox = await request(base, agent, `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const link = mailbox.body?.emails?.[0]?.text?.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no verification e-mail: ${JSON.stringify(mailbox.body)}`);
    const verify = new URL(link);
    await request(base, agent, verify.pathname + verify.search);
    const signIn = await request(base, agent, "/api/auth/sign-in/email", { method: "POST", body: { email, password } });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
    return [].concat(signIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  };
  const cookies = [];
  for (let i = 0; i < count; i += 8) cookies.push(...(await Promise.all(Array.from({ length: Math.min(8, count - i) }, (_, j) => one(i + j)))));
  agent.destroy();
  return cookies;
}

/**
 * The chauffeurs and cars `count` rides of quotes() need: twelve rides a quarter hour, each about an hour long with the
 * buffer, so five quarters' rides (60) are under way at any moment, round the clock on every day they are booked.
 * From the day after tomorrow: tomorrow's first quarter hours are inside the 2 hours' notice late at night.
 */
async function capacityFor(base, count) {
  const vehicles = await request(base, false, "/api/vehicles");
  const dates = Array.from({ length: Math.ceil(count / 1152) }, (_, d) => laDate(2 + d));
  const t0 = performance.now();
  await giveCapacity(base, { dates, chauffeurs: 72, unitsPerType: 72, vehicleTypeIds: [vehicles.body.vehicles[0].id] });
  console.log(`capacity: 72 chauffeurs on shift on ${dates.length} days and 72 cars, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * `count` distinct quote ids: LAX -> Beverly Hills, one per quarter hour (times are booked in 15-minute steps) and
 * party (1-3 passengers, 0-3 bags): 1,152 a day from tomorrow, so 4,000 bookings stay within the card-hold window.
 */
async function quotes(base, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const vehicles = await request(base, agent, "/api/vehicles");
  const vehicleTypeId = vehicles.body.vehicles[0].id;
  const input = (n) => ({
    pickupPlaceId: "emb:apt:LAX",
    dropoffPlaceId: "emb:zip:90210",
    vehicleTypeId,
    passengers: 1 + (n % 3),
    luggage: Math.floor(n / 3) % 4,
    date: laDate(2 + Math.floor(n / 1152)),
    time: `${String(Math.floor(((Math.floor(n / 12) % 96) * 15) / 60)).padStart(2, "0")}:${String(((Math.floor(n / 12) % 96) * 15) % 60).padStart(2, "0")}`,
  });
  const ids = [];
  for (let n = 0; n < count; n += 64) {
    const batch = await Promise.all(Array.from({ length: Math.min(64, count - n) }, (_, j) => request(base, agent, "/api/quotes", { method: "POST", body: input(n + j) })));
    for (const r of batch) {
      if (r.status !== 200) throw new Error(`quote failed: ${r.status} ${JSON.stringify(r.body)}`);
      ids.push(r.body.quoteId);
    }
  }
  agent.destroy();
  return ids;
}

/** (b) Every customer books in a loop on its own connection until the quotes run out. */
async function bookings(base, cookies, quoteIds, runId) {
  let next = 0;
  const latencies = [];
  const acknowledged = [];
  const failures = [];
  const started = performance.now();
  await Promise.all(
    cookies.map(async (cookie) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = next++; i < quoteIds.length; i = next++) {
        const r = await request(base, agent, "/api/bookings", {
          method: "POST",
          headers: { cookie, "idempotency-key": `bench-${runId}-${i}` },
          body: { service: "ride", paymentMethod: "pm_card_visa", quoteId: quoteIds[i] },
        });
        latencies.push(r.ms);
        if (r.status === 201) acknowledged.push(r.body.booking.id);
        else failures.push(`${r.status} ${JSON.stringify(r.body)}`);
      }
      agent.destroy();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((x, y) => x - y);
  return { perSecond: acknowledged.length / seconds, seconds, acknowledged, failures, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** (c) The floor: `count` signed-in reads of the customers' own profiles (the session check and one row), as (b) makes its requests. */
async function profileReads(base, cookies, count) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    cookies.map(async (cookie) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = next++; i < count; i = next++) {
        const r = await request(base, agent, "/api/me/profile", { headers: { cookie } });
        if (r.status !== 200) throw new Error(`GET /api/me/profile answered ${r.status}: ${JSON.stringify(r.body)}`);
      }
      agent.destroy();
    }),
  );
  return { count, seconds: (performance.now() - started) / 1000 };
}

/** Starts the server, makes customers and quotes, warms up, measures bookings; returns the figures and the server. */
async function runBookings(label, env, count, backends = async () => new Map(), { clients = opt.clients, beforeMeasure = () => {} } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer(benchServerEnv(port, env));
  await waitReady(server);
  const processes = server.log.join("").match(/(\d+) worker processes/)?.[1] ?? "1";
  const runId = crypto.randomUUID().slice(0, 8);
  const cookies = await customers(base, clients, runId);
  const warmup = Math.min(200, Math.max(20, Math.floor(count / 10)));
  await capacityFor(base, count + warmup);
  const ids = await quotes(base, count + warmup);
  const warm = await bookings(base, cookies, ids.slice(0, warmup), `${runId}-warm`);
  if (warm.failures.length) throw new Error(`${label}: warm-up bookings failed: ${warm.failures.slice(0, 3).join("; ")}`);
  await beforeMeasure();
  const serverBefore = treeCpuMs(server.child.pid);
  const pgBefore = await backends();
  const result = await bookings(base, cookies, ids.slice(warmup), runId);
  const n = result.acknowledged.length || 1;
  result.serverCpuUs = (((treeCpuMs(server.child.pid) ?? 0) - (serverBefore ?? 0)) * 1000) / n;
  result.pgCpuUs = (cpuSince(pgBefore, await backends()) * 1000) / n;
  console.log(
    `${label}: ${result.acknowledged.length} bookings in ${result.seconds.toFixed(1)} s by ${clients} customers on ${processes} HTTP process${processes === "1" ? "" : "es"}: ` +
      `${Math.round(result.perSecond)} bookings/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.failures.length} failed; ` +
      `CPU per booking: server ${Math.round(result.serverCpuUs)} µs${result.pgCpuUs ? `, PostgreSQL ${Math.round(result.pgCpuUs)} µs` : ""}`,
  );
  if (result.failures.length) console.log(`  first failures: ${result.failures.slice(0, 3).join("; ")}`);
  const floorBefore = treeCpuMs(server.child.pid);
  const reads = await profileReads(base, cookies, count);
  result.floorCpuUs = (((treeCpuMs(server.child.pid) ?? 0) - (floorBefore ?? 0)) * 1000) / reads.count;
  console.log(
    `  signed-in reads (GET /api/me/profile, the same customers): ${reads.count} in ${reads.seconds.toFixed(1)} s, ${Math.round(reads.count / reads.seconds)}/s, ` +
      `server CPU ${Math.round(result.floorCpuUs)} µs each; a booking costs ${(result.serverCpuUs / result.floorCpuUs).toFixed(1)} of them`,
  );
  return { result, server, acknowledged: [...warm.acknowledged, ...result.acknowledged] };
}

/** How many of `ids` are booking rows with a ticket. */
async function countRows(query, ids) {
  const rows = await query(
    "select count(*)::int as bookings, count(t.booking_id)::int as tickets from bookings b left join tickets t on t.booking_id = b.id where b.id = any($1::uuid[])",
    [ids],
  );
  return rows[0];
}

function reportRows(label, rows, ids) {
  const ok = rows.bookings === ids.length && rows.tickets === ids.length;
  console.log(`${label}: ${ids.length} acknowledged bookings, ${rows.bookings} booking rows, ${rows.tickets} tickets: ${ok ? "every acknowledged booking is a row" : "ROWS MISSING"}`);
  return ok;
}

async function benchPostgres() {
  const scratch = await scratchDatabase();
  cleanups.push(() => scratch.drop());
  const { admin, name: dbName } = scratch;
  const url = new URL(scratch.url);
  console.log(`PostgreSQL ${databaseAddress(url)}, scratch database ${dbName}`);

  const backends = () => backendCpuMs(admin, dbName);
  const raw = await rawInserts(url.href, opt.clients, opt.insertSeconds, backends);
  console.log(
    `raw INSERT: ${raw.count} single-row transactions in ${opt.insertSeconds} s by ${opt.clients} clients: ${Math.round(raw.perSecond)} tx/s, p50 ${raw.p50.toFixed(1)} ms, p99 ${raw.p99.toFixed(1)} ms; ` +
      `PostgreSQL CPU per insert ${Math.round(raw.pgCpuUs)} µs`,
  );

  if (opt.count) await countStatements(url);

  const { result, server, acknowledged } = await runBookings(`bookings (PostgreSQL, WORKERS=${WORKERS})`, { DATABASE_URL: url.href, WORKERS }, opt.bookings, backends, {
    beforeMeasure: () => opt.historyDays && addHistory(url.href, opt.historyDays),
  });
  const code = await stopServer(server);
  const sql = connect(url.href, { max: 1, onnotice: () => {} });
  const rows = await countRows((q, p) => sql.unsafe(q, p), acknowledged);
  await sql.end();
  const rowsOk = reportRows("rows", rows, acknowledged);
  const ratio = result.perSecond / raw.perSecond;
  const cpuOk = result.serverCpuUs <= 1000;
  const p99Ok = result.p99 < 100;
  console.log(`\nserver CPU per booking: ${Math.round(result.serverCpuUs)} µs (target <= 1,000 µs: ${cpuOk ? "met" : "MISSED"}); ${(result.serverCpuUs / result.floorCpuUs).toFixed(1)} signed-in reads`);
  console.log(`booking p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (target p99 < 100 ms: ${p99Ok ? "met" : "MISSED"})`);
  console.log(`ratio bookings/raw INSERT: ${ratio.toFixed(2)} (for reference; its target is retired)`);
  console.log(`server stopped on SIGTERM with exit code ${code}`);
  console.log(
    JSON.stringify({
      rawInsertTxPerSecond: Math.round(raw.perSecond),
      bookingsPerSecond: Math.round(result.perSecond),
      ratio: Number(ratio.toFixed(3)),
      p50Ms: Number(result.p50.toFixed(1)),
      p99Ms: Number(result.p99.toFixed(1)),
      cpuUs: { rawInsertPg: Math.round(raw.pgCpuUs), bookingServer: Math.round(result.serverCpuUs), bookingPg: Math.round(result.pgCpuUs), signedInRead: Math.round(result.floorCpuUs) },
      acknowledged: acknowledged.length,
      rows: rows.bookings,
    }),
  );
  return rowsOk && !result.failures.length && (!opt.strict || (cpuOk && p99Ok));
}

/** `--history-days N`: N days of past shifts (every chauffeur's first, again each day) and of the rides booked so far, completed. */
async function addHistory(url, days) {
  const sql = connect(url, { max: 1, onnotice: () => {} });
  const t0 = performance.now();
  try {
    const shifts = await sql`insert into shifts (user_id, role, location, starts_at, ends_at)
      select s.user_id, s.role, s.location, s.starts_at - g * interval '1 day', s.ends_at - g * interval '1 day'
      from (select distinct on (user_id) * from shifts where role = 'chauffeur' order by user_id, starts_at) s, generate_series(1, ${days}::int) g`;
    const rides = await sql`insert into bookings (user_id, service, booking_date, status, name, email, phone, price, vehicle_type_id, details, pickup_at)
      select user_id, service, booking_date - g, 'completed', name, email, phone, price, vehicle_type_id, details, pickup_at - g * interval '1 day'
      from bookings, generate_series(1, ${days}::int) g`;
    await sql`analyze`;
    console.log(`history: ${shifts.count} past shifts and ${rides.count} past rides (${days} days), in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await sql.end();
  }
}

/**
 * `--count N`: N bookings by 4 customers through one server process whose PostgreSQL connections pass through a
 * counting proxy: round trips and statements per booking, and which statements (background loops included).
 */
async function countStatements(url) {
  const proxy = await countingProxy(url);
  const proxied = new URL(splitSocketHost(url.href).url); // the proxy's clients reach it over TCP
  proxied.host = `127.0.0.1:${proxy.port}`;
  try {
    const { result, server } = await runBookings("counting (PostgreSQL through a counting proxy, WORKERS=1)", { DATABASE_URL: proxied.href, WORKERS: "1" }, opt.count, undefined, {
      clients: 4,
      beforeMeasure: () => proxy.reset(),
    });
    const n = result.acknowledged.length || 1;
    const { roundTrips, statements, byText } = proxy.counts;
    await stopServer(server);
    console.log(`per booking: ${(roundTrips / n).toFixed(2)} round trips to PostgreSQL, ${(statements / n).toFixed(2)} statements`);
    for (const [text, times] of [...byText].sort((a, b) => b[1] - a[1])) console.log(`  ${(times / n).toFixed(2).padStart(6)}  ${text}`);
    console.log("");
  } finally {
    await proxy.close();
  }
}

async function benchEmbedded() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-bench-bookings-"));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const { result, server, acknowledged } = await runBookings("bookings (embedded PGlite, one process)", { DATABASE_URL: "", DATA_DIR: dataDir, WORKERS: "1" }, opt.embeddedBookings);
  await stopServer(server); // the data directory is free once the server has stopped
  const pglite = await PGlite.create(path.join(dataDir, "pglite"));
  const rows = await countRows(async (q, p) => (await pglite.query(q, p)).rows, acknowledged);
  await pglite.close();
  const rowsOk = reportRows("rows", rows, acknowledged);
  console.log(JSON.stringify({ embeddedBookingsPerSecond: Math.round(result.perSecond), p50Ms: Number(result.p50.toFixed(1)), p99Ms: Number(result.p99.toFixed(1)) }));
  return rowsOk && !result.failures.length;
}

async function main() {
  requireBuiltServer();
  console.log(`Meridian booking benchmark · node ${process.version} · ${os.cpus().length} CPU · load ${os.loadavg()[0].toFixed(1)} · ${opt.clients} clients\n`);
  let ok = true;
  if (opt.only !== "embedded") ok = (await benchPostgres()) && ok;
  if (opt.only !== "postgres") {
    console.log("");
    ok = (await benchEmbedded()) && ok;
  }
  if (!ok) process.exitCode = 1;
}

main()
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const child of spawned) if (running(child)) child.kill("SIGKILL");
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error(String(err)));
  });
