// `npm start`: builds the client and server only when the build is missing or older than its sources, then runs
// the built server in this process. A start after an unchanged checkout takes the server's own start time (about
// 1-2 s on the embedded database) instead of the build's 15-20 s (bench/footprint.mjs, bench/README.md).
//   node scripts/start.mjs            build if needed, then start
//   node scripts/start.mjs --stamp    record that the build is up to date (the end of `npm run build`)
//   node scripts/start.mjs --prepare  build if needed and never fail (`npm install`'s prepare step: the first
//                                     `npm start` after an install then starts at once)
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const main = path.join(root, "apps/server/dist/main.js");
const stampFile = path.join(root, "apps/server/dist/.build-stamp");
/** What the build reads: a change to any of these (a checkout, a merge, an edit) makes the next start build. */
const SOURCES = [
  "package-lock.json",
  "packages/shared/src",
  "packages/shared/package.json",
  "apps/server/src",
  "apps/server/build.mjs",
  "apps/server/package.json",
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/claim.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "drizzle",
  "scripts/compress-assets.mjs",
];

/** The newest modification time (ms) among the sources, and how many files were looked at. */
function newestSource() {
  let newest = 0;
  const visit = (file) => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return; // not there (an optional file)
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file)) if (name !== "node_modules" && name !== "dist") visit(path.join(file, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of SOURCES) visit(path.join(root, source));
  return newest;
}

function upToDate() {
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, "apps/web/dist/index.html"))) return false;
  try {
    return Number(fs.readFileSync(stampFile, "utf8")) >= newestSource();
  } catch {
    return false;
  }
}

/** Runs `npm run build` (which records the stamp when it succeeds); true when it succeeded. */
function build() {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  return spawnSync(npm, ["run", "build"], { cwd: root, stdio: "inherit" }).status === 0;
}

const mode = process.argv[2];
if (mode === "--stamp") {
  fs.writeFileSync(stampFile, String(newestSource()));
} else if (mode === "--prepare") {
  // Not in a full checkout (a Docker layer that installs before copying the sources): nothing to build yet.
  if (fs.existsSync(path.join(root, "apps/server/src")) && !upToDate()) {
    if (!build()) console.warn("\nThe build did not complete; `npm start` will try again.\n");
  }
} else {
  if (!upToDate() && !build()) process.exit(1);
  // WORKERS > 1: the worker processes run the server's own file, not this script.
  cluster.setupPrimary({ exec: main });
  await import(pathToFileURL(main).href);
}
