// Bundles the server to dist/main.js; npm dependencies stay external, the shared workspace is inlined.
import { readFileSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
await build({
  entryPoints: { main: new URL("./src/main.ts", import.meta.url).pathname },
  outdir: new URL("./dist", import.meta.url).pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}).filter((d) => !d.startsWith("@meridian/")),
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: "warning",
});

// The embedded database's first start loads this migrated, empty data directory instead of running initdb and the
// migrations (db/client.ts, firstStartTemplate).
const { PGlite } = await import("@electric-sql/pglite");
const { drizzle } = await import("drizzle-orm/pglite");
const { migrate } = await import("drizzle-orm/pglite/migrator");
const pglite = new PGlite();
await migrate(drizzle(pglite), { migrationsFolder: new URL("../../drizzle", import.meta.url).pathname });
const dump = await pglite.dumpDataDir("gzip");
writeFileSync(new URL("./dist/pglite-template.tar.gz", import.meta.url), Buffer.from(await dump.arrayBuffer()));
await pglite.close();
