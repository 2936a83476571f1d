// Preloaded by bench/footprint.mjs (node --import): appends every npm package the server loads (ESM imports and
// CommonJS requires) to the file named by FOOTPRINT_TRACE, once per package, so the bench can say what loads at start.
import fs from "node:fs";
import Module, { register } from "node:module";

const file = process.env.FOOTPRINT_TRACE;
const seen = new Set();
const note = (spec) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(spec);
  if (!m || seen.has(m[1])) return;
  seen.add(m[1]);
  fs.appendFileSync(file, m[1] + "\n");
};
if (file) {
  // SIGUSR2: the split of the memory (after a full GC when --expose-gc), appended as a "memory" line.
  process.on("SIGUSR2", () => {
    globalThis.gc?.();
    const m = process.memoryUsage();
    const mb = (n) => Math.round(n / 1048576);
    fs.appendFileSync(file, `memory rss=${mb(m.rss)} heapUsed=${mb(m.heapUsed)} heapTotal=${mb(m.heapTotal)} external=${mb(m.external)} arrayBuffers=${mb(m.arrayBuffers)}\n`);
  });
  const hooks = `
    import fs from "node:fs";
    const seen = new Set();
    export async function resolve(spec, context, next) {
      const r = await next(spec, context);
      const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(r.url);
      if (m && !seen.has(m[1])) { seen.add(m[1]); fs.appendFileSync(${JSON.stringify(file)}, m[1] + "\\n"); }
      return r;
    }`;
  register("data:text/javascript," + encodeURIComponent(hooks));
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    const loaded = load.apply(this, arguments);
    try {
      note(Module._resolveFilename(request, parent, isMain));
    } catch {
      /* a builtin */
    }
    return loaded;
  };
}
