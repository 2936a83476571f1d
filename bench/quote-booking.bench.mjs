#!/usr/bin/env node
// Quote and booking throughput of the built server (run `npm run build` first) in the production shape:
// PostgreSQL (DATABASE_URL, else the local server postgres://postgres@127.0.0.1:5432; a scratch database
// created for the run and dropped after it) with WORKERS=auto, embedded geo, the demo seed; `--embedded` runs
// the embedded default instead (PGlite in a temporary data dir, one process). Prints, in one run:
//   - a bare node:http "hello" server's req/s (the machine's ceiling),
//   - POST /api/quotes req/s and p99 (LAX -> Beverly Hills, places cached after warm-up),
//   - POST /api/bookings creations/s and p99 (each with a unique Idempotency-Key and its own fresh quote id),
//   - the ratio quote/bare. Targets (issue 22 point 6): ratio >= 0.35, quote p99 < 20 ms.
// The server runs with WORKERS=auto (one HTTP process per CPU) or WORKERS from the environment (WORKERS=1: a
// single process); on the embedded database always one process.
// Bare and quote runs alternate for --rounds rounds (each --duration seconds) so a change in the machine's
// load hits both alike; the ratio and p99 reported are the medians over the rounds.
// Usage: node bench/quote-booking.bench.mjs [--duration 10] [--rounds 3] [--connections 50] [--bookings 1000]
//        [--booking-connections 10] [--embedded] [--strict]   (--strict: exit 1 when a target is missed)
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { benchServerEnv, databaseAddress, freePort, giveCapacity, laDate, requireBuiltServer, running, scratchDatabase, spawned, spawnLogged, spawnServer, treeCpuMs, options } from "./lib.mjs";

const opt = options({ duration: 10, connections: 50, bookings: 1000, bookingConnections: 10, rounds: 3, strict: false, embedded: false });
// One server process per CPU, as the README recommends for production; WORKERS=1 measures a single process.
const WORKERS = opt.embedded ? "1" : process.env.WORKERS || "auto";

let tmpDir;
let scratch; // the scratch PostgreSQL database (lib.mjs)
process.on("exit", () => tmpDir && fs.rmSync(tmpDir, { recursive: true, force: true }));

async function dropScratch() {
  if (!scratch) return;
  for (const child of spawned) if (running(child)) await new Promise((r) => (child.once("exit", r), child.kill("SIGTERM")));
  await scratch.drop();
  scratch = undefined;
}
process.on("SIGINT", () => process.exit(130));

async function waitFor(url, child, log, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${log.join("")}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs} ms:\n${log.join("")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs autocannon and adds the server's CPU microseconds per request (a figure the machine's load barely moves). */
async function measured(pid, opts) {
  const before = treeCpuMs(pid);
  const result = await cannon(opts);
  const after = treeCpuMs(pid);
  result.cpuUsPerRequest = before === null || after === null || !result.requests.total ? null : Math.round(((after - before) * 1000) / result.requests.total);
  return result;
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

async function json(base, p, { method = "GET", body, headers = {} } = {}) {
  const res = await fetch(base + p, {
    method,
    redirect: "manual",
    headers: { ...(body ? { "content-type": "application/json" } : {}), origin: base, ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

async function main() {
  requireBuiltServer();
  console.log(`Meridian quote/booking benchmark · node ${process.version} · ${os.cpus().length} CPU · load ${os.loadavg()[0].toFixed(1)}`);
  console.log(`duration ${opt.duration} s, ${opt.connections} connections (bookings: ${opt.bookings} with ${opt.bookingConnections} connections)\n`);

  // 1. The ceiling: a bare node:http server in its own process.
  const barePort = await freePort();
  const bare = spawnLogged(["-e", `require("node:http").createServer((q, s) => s.end("hello")).listen(${barePort}, "127.0.0.1")`], {});
  await waitFor(`http://127.0.0.1:${barePort}/`, bare.child, bare.log);
  const bareOpts = { url: `http://127.0.0.1:${barePort}/`, connections: opt.connections };
  await cannon({ ...bareOpts, duration: 1 });

  // 2. The built server on a scratch PostgreSQL database (or a fresh embedded data dir).
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-bench-"));
  let databaseUrl = "";
  if (!opt.embedded) {
    scratch = await scratchDatabase();
    databaseUrl = scratch.url;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer(benchServerEnv(port, { DATA_DIR: tmpDir, DATABASE_URL: databaseUrl, WORKERS }));
  const booted = Date.now();
  await waitFor(`${base}/api/health`, server.child, server.log);
  while (!/ready in \d+ ms/.test(server.log.join(""))) await new Promise((r) => setTimeout(r, 100)); // every worker listens
  const workers = server.log.join("").match(/(\d+) worker processes/)?.[1] ?? "1";
  const where = opt.embedded ? `PGlite in ${tmpDir}` : `PostgreSQL ${databaseAddress(databaseUrl)}, scratch database ${scratch.name}`;
  console.log(`server ready in ${Date.now() - booted} ms (${where}; WORKERS=${WORKERS}: ${workers} HTTP process${workers === "1" ? "" : "es"})`);

  // 3. A verified customer: sign up, follow the link in the embedded outbox, sign in.
  const email = `bench-${Date.now()}@example.com`;
  const password = "bench-password-2026";
  const signUp = await json(base, "/api/auth/sign-up/email", { method: "POST", body: { name: "Bench Customer", email, password } });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const mailbox = await json(base, `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const link = mailbox.body?.emails?.[0]?.text?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no verification e-mail: ${JSON.stringify(mailbox.body)}`);
  const verifyUrl = new URL(link);
  await json(base, verifyUrl.pathname + verifyUrl.search);
  const signIn = await json(base, "/api/auth/sign-in/email", { method: "POST", body: { email, password } });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  // 4. Quotes: LAX -> Beverly Hills in the first vehicle; warm the place and route caches.
  const vehicles = await json(base, "/api/vehicles");
  const vehicle = vehicles.body.vehicles[0];
  // Chauffeurs and cars for the booking pool (step 5): a ride every quarter hour, about five under way at any moment.
  // The pool starts the day after tomorrow: tomorrow's first quarter hours are inside the 2 hours' notice late at night.
  const poolDates = Array.from({ length: Math.ceil(opt.bookings / 96) }, (_, d) => laDate(2 + d));
  await giveCapacity(base, { dates: poolDates, chauffeurs: 8, unitsPerType: 8, vehicleTypeIds: [vehicle.id] });
  const quoteInput = (date, time) => ({
    pickupPlaceId: "emb:apt:LAX",
    dropoffPlaceId: "emb:zip:90210",
    vehicleTypeId: vehicle.id,
    passengers: 1,
    luggage: 0,
    date,
    time,
  });
  const quoteBody = JSON.stringify(quoteInput(laDate(1), "12:00"));
  const sample = await json(base, "/api/quotes", { method: "POST", body: JSON.parse(quoteBody) });
  if (sample.status !== 200) throw new Error(`quote failed: ${sample.status} ${JSON.stringify(sample.body)}`);
  console.log(`quote: ${vehicle.name}, ${sample.body.quote.miles} mi, ${sample.body.quote.minutes} min, $${sample.body.quote.totalUsd.toFixed(2)}\n`);
  const quoteOpts = { url: `${base}/api/quotes`, method: "POST", headers: { "content-type": "application/json" }, body: quoteBody, connections: opt.connections };
  await cannon({ ...quoteOpts, duration: 2 });
  const rounds = [];
  for (let r = 0; r < opt.rounds; r++) {
    const b = await measured(bare.child.pid, { ...bareOpts, duration: opt.duration });
    const q = await measured(server.child.pid, { ...quoteOpts, duration: opt.duration });
    rounds.push({ bare: b, quote: q, ratio: q.requests.average / b.requests.average });
    console.log(
      `round ${r + 1}: bare ${Math.round(b.requests.average)} req/s (p99 ${b.latency.p99} ms) · quote ${Math.round(q.requests.average)} req/s (p99 ${q.latency.p99} ms) · ratio ${(q.requests.average / b.requests.average).toFixed(2)} · server CPU per request: bare ${b.cpuUsPerRequest} µs, quote ${q.cpuUsPerRequest} µs`,
    );
  }
  bare.child.kill("SIGTERM");
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const mid = rounds.find((r) => r.ratio === median(rounds.map((x) => x.ratio)));
  const bareResult = mid.bare;
  const quoteResult = mid.quote;
  const quoteP99 = median(rounds.map((r) => r.quote.latency.p99));

  // 5. Bookings: every request its own Idempotency-Key and its own fresh quote id (distinct date/time).
  const pool = [];
  for (let i = 0; pool.length < opt.bookings; i++) {
    const batch = [];
    for (let j = 0; j < 25 && pool.length + batch.length < opt.bookings; j++) {
      const n = pool.length + batch.length;
      const time = `${String(Math.floor((n % 96) / 4)).padStart(2, "0")}:${String((n % 4) * 15).padStart(2, "0")}`;
      batch.push(json(base, "/api/quotes", { method: "POST", body: quoteInput(laDate(2 + Math.floor(n / 96)), time) }));
    }
    for (const r of await Promise.all(batch)) {
      if (r.status !== 200) throw new Error(`quote for the booking pool failed: ${r.status} ${JSON.stringify(r.body)}`);
      pool.push(r.body.quoteId);
    }
  }
  const runId = crypto.randomUUID().slice(0, 8);
  let next = 0;
  const bookingResult = await measured(server.child.pid, {
    url: `${base}/api/bookings`,
    connections: opt.bookingConnections,
    amount: opt.bookings,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          const i = next++;
          return {
            ...req,
            headers: { ...req.headers, "content-type": "application/json", cookie, "idempotency-key": `bench-${runId}-${i}` },
            body: JSON.stringify({ service: "ride", paymentMethod: "pm_card_visa", quoteId: pool[i % pool.length] }),
          };
        },
      },
    ],
  });

  const mine = await json(base, "/api/me/bookings", { headers: { cookie } });
  const written = Array.isArray(mine.body?.bookings) ? mine.body.bookings.length : NaN;

  // 6. Report.
  const rps = (r) => r.requests.average;
  const ratio = mid.ratio;
  console.log("");
  const bookingSeconds = bookingResult.duration;
  const rows = [
    ["bare node:http hello", `${Math.round(rps(bareResult))} req/s`, `p99 ${bareResult.latency.p99} ms`, `${bareResult.non2xx} non-2xx`],
    ["POST /api/quotes", `${Math.round(rps(quoteResult))} req/s`, `p99 ${quoteResult.latency.p99} ms`, `${quoteResult.non2xx} non-2xx`],
    [
      "POST /api/bookings",
      `${(bookingResult["2xx"] / bookingSeconds).toFixed(0)} bookings/s`,
      `p99 ${bookingResult.latency.p99} ms`,
      `${bookingResult["2xx"]} created, ${bookingResult.non2xx} non-2xx, ${written} rows for the customer`,
    ],
  ];
  const width = [22, 18, 14];
  for (const r of rows) console.log(r.map((c, i) => (i < width.length ? String(c).padEnd(width[i]) : c)).join("  "));
  const ratioOk = ratio >= 0.35;
  const p99Ok = quoteP99 < 20;
  console.log(`\nratio quote/bare (median of ${opt.rounds} rounds): ${ratio.toFixed(2)} (target >= 0.35: ${ratioOk ? "met" : "MISSED"})`);
  console.log(`quote p99 (median): ${quoteP99} ms (target < 20 ms: ${p99Ok ? "met" : "MISSED"})`);
  console.log(
    "\n" +
      JSON.stringify({
        bareRps: Math.round(rps(bareResult)),
        quoteRps: Math.round(rps(quoteResult)),
        quoteP99Ms: quoteP99,
        bookingsPerSecond: Number((bookingResult["2xx"] / bookingSeconds).toFixed(1)),
        bookingP99Ms: bookingResult.latency.p99,
        ratio: Number(ratio.toFixed(3)),
        cpuUsPerRequest: { bare: bareResult.cpuUsPerRequest, quote: quoteResult.cpuUsPerRequest, booking: bookingResult.cpuUsPerRequest },
      }),
  );
  if (rounds.some((r) => r.quote.non2xx || r.quote.errors) || bookingResult.non2xx || bookingResult.errors) {
    console.error("Some requests failed: the figures above are not valid.");
    process.exitCode = 1;
  }
  if (opt.strict && !(ratioOk && p99Ok)) process.exitCode = 1;
}

main()
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await dropScratch().catch((err) => console.error(String(err)));
    for (const child of spawned) if (running(child)) child.kill("SIGTERM");
  });
