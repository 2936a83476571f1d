// Bundles the server to dist/main.js; npm dependencies stay external, the shared workspace is inlined.
import { readFileSync } from "node:fs";
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
