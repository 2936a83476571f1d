// The embedded server's footprint: starts the built server (`node apps/server/dist/main.js`, what `npm start`
// runs after its build) on the embedded database with a new data directory ("fresh", what someone trying Meridian
// gets), then again on the same directory ("again", a restart), and prints for each: the time from spawn to the
// first page answered (GET / 200) and to the first answer that touched the database (GET /api/health/ready), the
// server's RSS a few seconds after that (VmRSS from /proc) and its peak (VmHWM), and the modules it had loaded
// (whether stripe, sharp, pdfkit, twilio, nodemailer and the PDF fonts were loaded at start).
// Usage: npm run build && node bench/footprint.mjs [--settle 3] [--runs 1] [--keep-data] [--smaps]
// [--no-trace] [--npm-start]. The package trace (a loader hook) slows the start a little: --no-trace to time it;
// --npm-start starts through `npm start` (its build check included) instead of node on the bundle.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const settleSeconds = Number(opt("settle", 3));
const runs = Number(opt("runs", 1));
const main = path.join(root, "apps/server/dist/main.js");
if (!fs.existsSync(main)) {
  console.error("Build first: npm run build");
  process.exit(1);
}

/** Packages whose loading at start this bench reports (they should load on first use). */
const WATCHED = ["stripe", "sharp", "pdfkit", "twilio", "nodemailer", "@embedpdf/fonts", "fontkit", "recharts"];

function status(pid) {
  const text = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** The watched packages the server loaded (bench/footprint-trace.mjs writes each package it loads to `trace`). */
function loadedFrom(trace) {
  const lines = fs.existsSync(trace) ? fs.readFileSync(trace, "utf8").split("\n").filter(Boolean) : [];
  const names = lines.filter((n) => !n.startsWith("memory "));
  const memory = lines.find((n) => n.startsWith("memory "))?.slice(7) ?? "";
  return { memory, watched: names.filter((n) => WATCHED.some((w) => n === w || n.startsWith(w))), count: new Set(names).size };
}

/** RSS by mapping kind (heap, anonymous, files), for finding where it goes. */
function smapsSummary(pid) {
  const text = fs.readFileSync(`/proc/${pid}/smaps`, "utf8");
  const by = new Map();
  let name = "";
  for (const line of text.split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) name = head[1] ? (head[1].includes("node_modules") ? head[1].replace(/.*node_modules\//, "nm:") : head[1]) : "[anon]";
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (rss) by.set(name, (by.get(name) ?? 0) + Number(rss[1]));
  }
  return [...by].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, kb]) => `${n}: ${(kb / 1024).toFixed(0)} MB`).join("; ");
}

/** The node process under `pid` (npm start: npm's child, the shell's child), else `pid` itself. */
function serverPid(pid) {
  for (let p = pid, depth = 0; depth < 4; depth++) {
    if (fs.readFileSync(`/proc/${p}/comm`, "utf8").trim() === "node" && fs.readFileSync(`/proc/${p}/cmdline`, "utf8").includes("start.mjs")) return p;
    const children = fs.existsSync(`/proc/${p}/task/${p}/children`) ? fs.readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim().split(/\s+/).filter(Boolean) : [];
    if (!children.length) break;
    p = Number(children[0]);
  }
  return pid;
}

async function waitFor(url, deadline) {
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return performance.now();
    } catch {
      /* not listening yet */
    }
    if (performance.now() > deadline) throw new Error(`no answer from ${url}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function one(dataDir, port) {
  const started = performance.now();
  const trace = path.join(dataDir, `modules-${Date.now()}.txt`);
  const traced = !args.includes("--no-trace");
  // --npm-start: through `npm start` (scripts/start.mjs: the build's freshness check, then the server in-process).
  const command = args.includes("--npm-start")
    ? ["npm", ["start", "--silent"]]
    : [process.execPath, [...(traced ? ["--expose-gc", "--import", path.join(root, "bench/footprint-trace.mjs")] : []), main]];
  const child = spawn(command[0], command[1], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      WORKERS: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "development",
      FOOTPRINT_TRACE: trace,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let bannerSeen = null;
  child.stdout.on("data", (d) => {
    out += d;
    if (bannerSeen === null && /ready in/.test(out)) bannerSeen = performance.now() - started;
  });
  child.stderr.on("data", (d) => (out += d));
  try {
    const deadline = started + 120_000;
    const firstPage = (await waitFor(`http://127.0.0.1:${port}/`, deadline)) - started;
    const ready = (await waitFor(`http://127.0.0.1:${port}/api/health/ready`, deadline)) - started;
    const readyMs = /ready in (\d+) ms/.exec(out)?.[1];
    await new Promise((r) => setTimeout(r, settleSeconds * 1000));
    const mem = status(serverPid(child.pid));
    if (args.includes("--smaps")) console.log(smapsSummary(serverPid(child.pid)));
    if (traced && !args.includes("--npm-start")) {
      child.kill("SIGUSR2");
      await new Promise((r) => setTimeout(r, 500));
    }
    const loaded = loadedFrom(trace);
    return { firstPage, ready, banner: readyMs ? Number(readyMs) : null, bannerSeen, ...mem, loaded };
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    const server = serverPid(child.pid);
    if (server !== child.pid) process.kill(server, "SIGTERM"); // npm start: the shell between does not pass it on
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
const port = 4300 + Math.floor(Math.random() * 500);
console.log(`load average before: ${load()}`);
const rows = [];
for (let r = 0; r < runs; r++) {
  // Under bench/results (ignored by git), on the disk `npm start`'s ./data is on (not /tmp, which may differ).
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(root, "bench/results/footprint-"));
  try {
    rows.push({ run: `fresh ${r + 1}`, ...(await one(dataDir, port)) });
    rows.push({ run: `again ${r + 1}`, ...(await one(dataDir, port)) });
  } finally {
    if (!args.includes("--keep-data")) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log("| start | spawn -> first page | spawn -> database answer | spawn -> banner (its 'ready in', from after the imports) | RSS after settle | peak RSS | packages loaded (watched ones) |");
console.log("|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.run} | ${Math.round(r.firstPage)} ms | ${Math.round(r.ready)} ms | ${Math.round(r.bannerSeen ?? NaN)} ms (${r.banner ?? "?"} ms) | ${r.rss.toFixed(0)} MB | ${r.peak.toFixed(0)} MB | ${r.loaded.count} (${r.loaded.watched.join(", ") || "none of " + WATCHED.join(", ")}) |`,
  );
}
for (const r of rows) if (r.loaded.memory) console.log(`${r.run}, after a full GC: ${r.loaded.memory} (MB)`);
console.log(`load average after: ${load()}`);
