// Helpers shared by the benchmarks.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

/** The value after `--name` on the command line (a number when the fallback is one), else the fallback. */
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = process.argv[i + 1];
  return typeof fallback === "number" ? Number(v) : v;
}

/**
 * The command line's options, one per key of `defaults` (camelCase, written --kebab-case): the value after
 * `--name` (a number when the default is one), or for a boolean default whether `--name` is given; else the default.
 */
export function options(defaults) {
  return Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => {
      const name = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      return [key, typeof fallback === "boolean" ? process.argv.includes(`--${name}`) : arg(name, fallback)];
    }),
  );
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** CPU time (user + system, ms) a process has used so far; null where /proc is unavailable or it is gone. */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

/** CPU time of a process and its child processes (the server's workers); null where /proc is unavailable. */
export function treeCpuMs(pid) {
  let kids = [];
  try {
    kids = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    /* no /proc */
  }
  const own = cpuMs(pid);
  return own === null ? null : kids.reduce((sum, kid) => sum + (cpuMs(kid) ?? 0), own);
}

/** Today + `days` in the service area (Los Angeles), as YYYY-MM-DD. */
export const laDate = (days) => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** The demo admin's password the benches start their servers with (ADMIN_PASSWORD), to give capacity as an admin. */
export const BENCH_ADMIN = { email: "admin@meridian.local", password: `bench-admin-${crypto.randomBytes(6).toString("hex")}` };

const ROOT = path.resolve(import.meta.dirname, "..");
/** The built server's entry point (`npm run build` writes it). */
export const SERVER_MAIN = path.join(ROOT, "apps/server/dist/main.js");

/** Exits (2) with the reason when the server has not been built. */
export function requireBuiltServer() {
  if (fs.existsSync(SERVER_MAIN)) return;
  console.error(`No built server at ${path.relative(ROOT, SERVER_MAIN)}. Run \`npm run build\` first.`);
  process.exit(2);
}

/**
 * The environment a bench's built server runs with on `port` (embedded maps, the demo data with BENCH_ADMIN's
 * password, sign-in unthrottled, quiet logs), `env` on top.
 */
export function benchServerEnv(port, env = {}) {
  return {
    // Not "production": the benches verify their customers through the dev mailbox, never mounted in production
    // (NODE_ENV only decides that, the demo seed's default and TEST_PAUSE_AT; the server runs the same code).
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: "",
    MAILBOX: "true",
    SEED_DEMO: "true",
    GEO_PROVIDER: "embedded",
    AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
    SIGN_IN_PER_MINUTE: "100000",
    LOG_LEVEL: "warn",
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...env,
  };
}

/** A child killed by a signal has signalCode set and exitCode null: it has exited all the same. */
export const running = (child) => child.exitCode === null && child.signalCode === null;

/** Every process spawnLogged started; those still running are killed when this process exits. */
export const spawned = [];
process.on("exit", () => {
  for (const child of spawned) if (running(child)) child.kill("SIGKILL");
});

/** `node <args>` from the repository's root with `env` added, its output kept in `log`: { child, log }. */
export function spawnLogged(args, env = {}) {
  const log = [];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (d) => log.push(String(d)));
  child.stderr.on("data", (d) => log.push(String(d)));
  spawned.push(child);
  return { child, log };
}

/** Node's arguments for the built server: SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles it (each process writes a profile). */
const SERVER_ARGS = [...(process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean), SERVER_MAIN];

/** The built server with `env` added (SERVER_ARGS). */
export const spawnServer = (env) => spawnLogged(SERVER_ARGS, env);

/**
 * Chauffeurs and cars for the rides a bench books (the availability rule sells a ride only when a chauffeur on shift
 * and a car of its type are free), added as an admin would, through the API (a copy of giveCapacityThroughApi in
 * apps/server/src/test/factories.ts): `chauffeurs` chauffeurs on the Staff page, each on shift round the clock on every
 * day of `dates`, and `unitsPerType` cars of each of `vehicleTypeIds`.
 */
export async function giveCapacity(base, { dates, chauffeurs, unitsPerType, vehicleTypeIds }) {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify(BENCH_ADMIN) });
  if (signIn.status !== 200) throw new Error(`admin sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const call = async (p, json) => {
    const res = await fetch(base + p, { method: "POST", headers: { origin: base, cookie, "content-type": "application/json" }, body: JSON.stringify(json) });
    const body = await res.json();
    if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const run = crypto.randomBytes(2).toString("hex").toUpperCase();
  const one = async (i) => {
    const { staff } = await call("/api/admin/staff", { fullName: `Bench Chauffeur ${i + 1}`, email: `bench-chauffeur-${run.toLowerCase()}-${i + 1}@example.com`, role: "chauffeur" });
    for (const date of dates) await call("/api/admin/shifts", { staffId: staff.id, date, start: "00:00", end: "00:00", role: "chauffeur", location: "LAX" });
  };
  for (let i = 0; i < chauffeurs; i += 8) await Promise.all(Array.from({ length: Math.min(8, chauffeurs - i) }, (_, j) => one(i + j)));
  for (const [t, vehicleTypeId] of vehicleTypeIds.entries()) {
    for (let i = 0; i < unitsPerType; i++) await call("/api/admin/fleet/units", { vehicleTypeId, plate: `BP${run}${String(t * 1000 + i).padStart(4, "0")}`, colour: "Black", year: 2024 });
  }
}

/**
 * `url` without its `?host=/dir` (libpq's Unix socket directory; other parameters kept as written) and that
 * directory as `socketDir`: a copy of splitSocketHost in apps/server/src/db/postgres-url.ts (the benches run
 * without a TypeScript loader), which the server's tests check. libpq's `user@/db` gets the host name `localhost`.
 */
export function splitSocketHost(url) {
  const [, head, query = "", hash = ""] = /^([^?#]*)(?:\?([^#]*))?(#.*)?$/.exec(url);
  const hosts = new URLSearchParams(query).getAll("host");
  if (!hosts.length) return { url };
  const socketDir = hosts[0];
  if (hosts.length > 1 || !socketDir.startsWith("/")) throw new Error(`${url}: host= must be one absolute path, the directory of PostgreSQL's Unix socket (e.g. ?host=/var/run/postgresql)`);
  const rest = query.split("&").filter((pair) => pair && new URLSearchParams(pair).keys().next().value !== "host");
  const withHost = head.replace(/^(postgres(?:ql)?:\/\/[^/]*@)(?=[:/]|$)/, "$1localhost");
  return { url: `${withHost}${rest.length ? `?${rest.join("&")}` : ""}${hash}`, socketDir };
}

/** postgres.js on `url` (a string or URL), over the Unix socket its `?host=/dir` names, if any, as the server connects. */
export function connect(url, options = {}) {
  const { url: rest, socketDir } = splitSocketHost(String(url));
  return postgres(rest, socketDir ? { ...options, host: socketDir } : options);
}

/** Where `url` reaches PostgreSQL, for the benches' reports: `/dir/.s.PGSQL.5432 (Unix socket)` or `host:port` (TCP). */
export function databaseAddress(url) {
  const { url: rest, socketDir } = splitSocketHost(String(url));
  const parsed = new URL(rest);
  return socketDir ? `${socketDir.replace(/\/$/, "")}/.s.PGSQL.${parsed.port || 5432} (Unix socket)` : `${parsed.host} (TCP)`;
}

/** `url` (a string) on database `name`, its other parts (a socket's ?host= too) kept. */
function onDatabase(url, name) {
  const { url: rest, socketDir } = splitSocketHost(url);
  const parsed = new URL(rest);
  parsed.pathname = `/${name}`;
  return socketDir ? `${parsed.href}${parsed.search ? "&" : "?"}host=${encodeURIComponent(socketDir).replace(/%2F/g, "/")}` : parsed.href;
}

/**
 * A scratch database for one run on the PostgreSQL server of DATABASE_URL (else the local one), never an
 * existing database: { url, name, admin (a connection to the server's own database), drop() }. A Unix socket
 * DATABASE_URL (`?host=/var/run/postgresql`) gives a scratch URL on the same socket.
 */
export async function scratchDatabase() {
  const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = connect(adminUrl, { max: 1, onnotice: () => {} });
  const name = `meridian_bench_${crypto.randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database ${name}`);
  return {
    url: onDatabase(adminUrl, name),
    name,
    admin,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A TCP proxy in front of PostgreSQL (`target`: its URL, TCP or a Unix socket's) that counts what the client sends:
 * round trips (Sync or a simple Query), statements executed (Execute or a simple Query) and, per statement text
 * (first 90 characters), how often it ran (prepared statements are matched to their text through Parse/Bind).
 * `reset()` zeroes the counts. Its clients connect over TCP with a URL without ?host=.
 */
export async function countingProxy(target) {
  const counts = { roundTrips: 0, statements: 0, byText: new Map() };
  const { url: rest, socketDir } = splitSocketHost(String(target));
  const { port, hostname } = new URL(rest);
  const server = net.createServer((client) => {
    const upstream = socketDir ? net.connect(`${socketDir.replace(/\/$/, "")}/.s.PGSQL.${port || 5432}`) : net.connect(Number(port || 5432), hostname);
    const names = new Map();
    let buf = Buffer.alloc(0);
    let started = false;
    const cstr = (b, at) => {
      const end = b.indexOf(0, at);
      return [b.toString("utf8", at, end), end + 1];
    };
    const count = (text) => {
      counts.statements++;
      const key = text.replace(/\s+/g, " ").slice(0, 90);
      counts.byText.set(key, (counts.byText.get(key) ?? 0) + 1);
    };
    client.on("data", (chunk) => {
      upstream.write(chunk);
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (!started) {
          if (buf.length < 4) break;
          const len = buf.readInt32BE(0);
          if (buf.length < len) break;
          started = buf.readInt32BE(4) !== 80877103; // an SSLRequest is followed by the real start-up message
          buf = buf.subarray(len);
          continue;
        }
        if (buf.length < 5) break;
        const type = String.fromCharCode(buf[0]);
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) break;
        const body = buf.subarray(5, len + 1);
        if (type === "P") {
          const [name, at] = cstr(body, 0);
          names.set(name, cstr(body, at)[0]);
        } else if (type === "B") {
          const [, at] = cstr(body, 0);
          body.stmt = cstr(body, at)[0];
          count(names.get(body.stmt) ?? "?");
        } else if (type === "Q") {
          counts.roundTrips++;
          count(cstr(body, 0)[0]);
        } else if (type === "S") counts.roundTrips++;
        buf = buf.subarray(len + 1);
      }
    });
    upstream.on("data", (d) => client.write(d));
    const end = () => (client.destroy(), upstream.destroy());
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: server.address().port,
    counts,
    reset() {
      counts.roundTrips = 0;
      counts.statements = 0;
      counts.byText.clear();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The built server (apps/server/dist/main.js) on `port`, with a scratch data directory and the demo data
 * (admin `admin@meridian.local` / `adminPassword`): { base, child, call, signIn, makeStaff, stop }. Stopped
 * (and its directory removed) when this process exits.
 */
export async function startBuiltServer({ port, env = {}, adminPassword = "bench-demo-admin-password" }) {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error("apps/server/dist/main.js is missing: run `npm run build` first");
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-bench-"));
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: "warn", SIGN_IN_PER_MINUTE: "100000", ADMIN_PASSWORD: adminPassword, WORKERS: process.env.WORKERS || "1", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("exit", stop);
  process.on("SIGINT", () => process.exit(130));
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 250));
  }

  async function call(method, url, { cookie, json } = {}) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { origin: base, ...(cookie ? { cookie } : {}), ...(json !== undefined ? { "content-type": "application/json" } : {}) },
      body: json !== undefined ? JSON.stringify(json) : undefined,
    });
    const text = await res.text();
    const body = text ? JSON.parse(text) : null;
    if (!res.ok) throw new Error(`${method} ${url} -> ${res.status} ${text}`);
    return { body, res };
  }
  async function signIn(email, password) {
    const { res } = await call("POST", "/api/auth/sign-in/email", { json: { email, password } });
    return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  }
  /** A staff account as an admin makes one: created, then its set-password link from the outbox used; signed in. */
  async function makeStaff(adminCookie, role, name) {
    const email = `bench-${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await call("POST", "/api/admin/users", { cookie: adminCookie, json: { fullName: name, email, role } });
    const { body } = await call("GET", `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const token = new URL(body.emails[0].text.match(/https?:\/\/\S+/)[0]).searchParams.get("token");
    await call("POST", "/api/auth/reset-password", { json: { newPassword: "bench-password-2026", token } });
    return { cookie: await signIn(email, "bench-password-2026") };
  }
  return { base, child, call, signIn, makeStaff, stop, adminCookie: () => signIn("admin@meridian.local", adminPassword) };
}
