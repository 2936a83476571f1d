// The server as the tests run it in child processes: bundled once per test run (vitest.global-setup.ts), as
// apps/server/build.mjs bundles it, with the CLI commands and the data-directory holder beside it. node starts a
// bundle in well under a second; through tsx every start compiled the sources again (seconds a start on a quiet
// machine, a minute on a busy one). Written inside apps/server so that it finds drizzle/ and apps/web/dist as the
// built server does, and removed when the run ends.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const serverDir = path.resolve(import.meta.dirname, "../..");

/** Bundles main, the admin and backup commands and the data-directory holder into `dir`; with the migrated PGlite template when given. */
export async function buildServerBundle(dir: string, pgliteTemplateGzip?: Uint8Array): Promise<void> {
  const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  const src = (f: string) => path.join(serverDir, "src", f);
  await build({
    entryPoints: { main: src("main.ts"), admin: src("cli/admin.ts"), backup: src("cli/backup.ts"), "hold-data-dir": src("test/hold-data-dir.ts") },
    outdir: dir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: Object.keys(pkg.dependencies).filter((d) => !d.startsWith("@meridian/")),
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: "warning",
  });
  // A new data directory starts from this, as the built server's does (db/client.ts, unpackFirstStartTemplate).
  if (pgliteTemplateGzip) fs.writeFileSync(path.join(dir, "pglite-template.tar.gz"), pgliteTemplateGzip);
}

/** The run's bundle folder, where a vitest.global-setup.ts put it. */
export const newServerBundleDir = (tag: string) => path.join(serverDir, `.test-bundle-${tag}`);
