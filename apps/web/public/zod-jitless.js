// A classic script, deferred and before boot.js in the page, so it runs before any of the app's modules (boot.js
// imports them after it), whichever chunk the bundler evaluates first: zod reads this config when it builds its first schema, and with `jitless` it never
// probes `new Function`, which the page's Content-Security-Policy refuses and reports (see src/lib/csp.ts).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
