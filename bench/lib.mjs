// Helpers shared by the benchmarks.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import postgres from "postgres";

/** The value after `--name` on the command line (a number when the fallback is one), else the fallback. */
export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = process.argv[i + 1];
  return typeof fallback === "number" ? Number(v) : v;
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

/**
 * A scratch database for one run on the PostgreSQL server of DATABASE_URL (else the local one), never an
 * existing database: { url, name, admin (a connection to the server's own database), drop() }.
 */
export async function scratchDatabase() {
  const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = `meridian_bench_${crypto.randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    admin,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A TCP proxy in front of PostgreSQL that counts what the client sends: round trips (Sync or a simple Query),
 * statements executed (Execute or a simple Query) and, per statement text (first 90 characters), how often
 * it ran (prepared statements are matched to their text through Parse/Bind). `reset()` zeroes the counts.
 */
export async function countingProxy(target) {
  const counts = { roundTrips: 0, statements: 0, byText: new Map() };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
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
