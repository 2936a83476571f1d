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
