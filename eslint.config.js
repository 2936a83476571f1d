import { readdirSync } from "node:fs";
import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The server's import arrows (docs/architecture.md): lib <- identity <- pricing <- bookings <- payments <- checkout <- rides,
// valet <- edge <- composition root; rides and valet never import each other; production code never imports test/.
// Each domain's files may not import the domains to their right, with no exception anywhere. A relative import names
// a folder or a file, so each domain is the folders (and files) the docs give it.
//
// And the front doors: a domain's code is in modules, each a folder whose index.ts is its public surface (with the
// files under admin/ and the folders the docs give the same module). From outside a module, code imports only its
// index (`../payments`), never a file of it (`../payments/charges`); inside, files import each other directly and
// never their own index (a module importing its own index is an import cycle). Tests (*.test.ts) and test/ may
// import a module's files: they test its insides, and importing only the file under test keeps a suite's imports
// small.
const S = "apps/server/src";
const rel = (path) => `^\\.{1,2}/(\\.\\./)*${path}`; // a relative import of `path` from anywhere in the server
const esc = (s) => s.replace(/[.]/g, "\\.");
/** Who owns which folders ("x/") and files (no .ts) of the server: [domain, ...paths]; a module's first path is its door. */
const MODULES = {
  auth: ["identity", "auth/", "admin/core/users.service"],
  newsletter: ["identity", "newsletter/"],
  quotes: ["pricing", "quotes/", "admin/admin-fleet.routes", "admin/fleet/pricing.service", "admin/fleet/vehicles.service"],
  coupons: ["pricing", "coupons/"],
  vehicles: ["pricing", "vehicles/"],
  bookings: ["bookings", "bookings/", "admin/core/bookings.service"],
  payments: ["payments", "payments/"],
  checkout: ["checkout", "checkout/"],
  rides: ["rides", "rides/", "flights/", "admin/admin-ops.routes", "admin/fleet/units.service"],
  valet: ["valet", "valet/", "admin/admin-valet.routes", "admin/core/tickets.service"],
};
/** The code of no module: [domain, ...paths]. */
const OTHERS = {
  lib: ["lib", "lib/", "db/", "mail/", "sms/", "realtime/", "settings/", "geo/", "places/", "health/", "jobs/job-runner", "env"],
  edge: ["edge", "me/", "admin/admin-core.routes", "admin/core/reports.service", "admin/core/analytics.service", "admin/core/insights.service"],
  root: ["root", "app", "main", "server", "cli/", "dev/", "housekeeping/", "seed/", "openapi.routes", "jobs/handlers"],
  test: ["test", "test/"],
};
const OWNERS = { ...MODULES, ...OTHERS };
const dirOf = (path) => path.split("/").slice(0, -1).join("/");
/** The regexes of relative imports of `path` from a file in `dir` (a folder: all of it, or with `deep`, all but its index). */
function importsOf(path, dir, deep = false) {
  if (path.endsWith("/")) return [rel(`${path.slice(0, -1)}${deep ? "/(?!index$)" : "(/|$)"}`)];
  const parts = path.split("/");
  const tails = parts.slice(0, Math.max(1, parts.length - 1)).map((_, i) => parts.slice(i).join("/")); // admin/core/x, core/x
  const sibling = dir === dirOf(path) && parts.length > 1 ? [`^\\./${esc(parts.at(-1))}$`] : [];
  return [...tails.map((t) => rel(`${esc(t)}$`)), ...sibling];
}
/** A module's files, or a domain's (all its owners'), as imported from `dir`; a module's door left out with `deep`. */
const domainImports = (domain, dir) => Object.values(OWNERS).filter(([d]) => d === domain).flatMap(([, ...paths]) => paths.flatMap((p) => importsOf(p, dir)));
const moduleDeepImports = (name, dir) => MODULES[name].slice(1).flatMap((p, i) => importsOf(p, dir, i === 0));
const RIGHT_OF = {
  lib: ["identity", "pricing", "bookings", "payments", "checkout", "rides", "valet", "edge", "root"],
  identity: ["pricing", "bookings", "payments", "checkout", "rides", "valet", "edge", "root"],
  pricing: ["bookings", "payments", "checkout", "rides", "valet", "edge", "root"],
  bookings: ["payments", "checkout", "rides", "valet", "edge", "root"],
  payments: ["checkout", "rides", "valet", "edge", "root"],
  checkout: ["rides", "valet", "edge", "root"],
  rides: ["valet", "edge", "root"],
  valet: ["rides", "edge", "root"],
  edge: ["root"],
  root: [],
};
const TESTS = [`${S}/**/*.test.ts`, `${S}/test/**`];
/** The import rules of one owner's files in `dir` (undefined: files of its folders). */
function importRules(owner, dir) {
  const [domain] = OWNERS[owner];
  const own = MODULES[owner] ? [{ regex: [`^(\\.\\./)+${esc(MODULES[owner][1].slice(0, -1))}(/index)?$`, "^\\./index$"].join("|"), message: "A module's files import each other directly, never its own index.ts (that is an import cycle)." }] : [];
  return [
    ...[...RIGHT_OF[domain], "test"].map((to) => ({
      regex: domainImports(to, dir).join("|"),
      message: to === "test" ? "Production code never imports test support (apps/server/src/test/)." : `This import runs against the arrows of docs/architecture.md (no import of ${to} from here).`,
    })),
    ...Object.keys(MODULES)
      .filter((m) => m !== owner)
      .map((m) => ({ regex: moduleDeepImports(m, dir).join("|"), message: `Import ${m} through its front door, ${m}/index.ts (\`../${m}\`), not its files (docs/architecture.md).` })),
    ...own,
  ];
}
/** admin/ and its folders (admin/core, admin/fleet, ...). */
const ADMIN_DIRS = ["admin", ...readdirSync(new URL(`./${S}/admin`, import.meta.url), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `admin/${e.name}`)];
const zone = (owner, files, dir) => ({ files, ignores: TESTS, rules: { "no-restricted-imports": ["error", { patterns: importRules(owner, dir) }] } });
const serverImports = [
  zone("root", [`${S}/**`]), // everything no other zone names: the composition root
  // A file under admin/ no zone below names: the edge's (the desk's screens that join domains). One zone per folder, so
  // a new admin/core file is also refused its neighbours of other modules (`./bookings.service`).
  ...ADMIN_DIRS.map((dir) => zone("edge", [`${S}/${dir}/*.ts`], dir)),
  ...Object.entries(OWNERS)
    .filter(([owner]) => owner !== "root" && owner !== "test")
    .flatMap(([owner, [, ...paths]]) => {
      const folders = paths.filter((p) => p.endsWith("/"));
      const files = paths.filter((p) => !p.endsWith("/"));
      return [...(folders.length ? [zone(owner, folders.map((f) => `${S}/${f}**`))] : []), ...files.map((f) => zone(owner, [`${S}/${f}.ts`], dirOf(f)))];
    }),
];

// The web app's features (apps/web/src/features/<domain>) mirror the domains; each is a zone that imports no other
// feature and not app/ (which composes them: routes, the admin and staff shells). Generic code (lib, hooks,
// components) imports no feature and not app/. Cross-folder imports go through "@/": a relative import that
// climbs out of its feature is refused too, so a "../../other-feature" cannot slip past.
const W = "apps/web/src";
const WEB_FEATURES = readdirSync(new URL(`./${W}/features`, import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const NOT_APP = { regex: "^@/app(/|$)", message: "app/ composes the features (routes, shells); features and generic code do not import it." };
/** How many folders deep the feature's deepest file sits (a zone per depth: the relative-import check counts "../"). */
const depthsOf = (feature) => {
  const dir = fileURLToPath(new URL(`./${W}/features/${feature}`, import.meta.url));
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  const deepest = Math.max(0, ...files.map((e) => relative(dir, e.parentPath).split(sep).filter(Boolean).length));
  return [...Array(deepest + 1).keys()];
};
const webZones = WEB_FEATURES.flatMap((feature) =>
  depthsOf(feature).map((depth) => ({
    files: [`${W}/features/${feature}/${"*/".repeat(depth)}*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: `^@/features/(?!${feature}/)`, message: `Features do not import each other: move shared code to src/lib, src/hooks or src/components, or compose in app/ (this is features/${feature}).` },
            { regex: `^(\\.\\./){${depth + 1}}`, message: `This relative import leaves features/${feature}: import generic code with "@/", never another feature.` },
            NOT_APP,
          ],
        },
      ],
    },
  })),
);
const webGeneric = {
  files: [`${W}/{lib,hooks,components}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      { patterns: [{ regex: "^@/features/|^(\\.\\./)+features/", message: "Generic code (lib, hooks, components) imports no feature." }, NOT_APP] },
    ],
  },
};

export default tseslint.config(
  { ignores: ["**/dist/**", "**/dist-ssr/**", "node_modules/**", ".e2e-data/**", "data/**", "test-results/**", "playwright-report/**", "drizzle/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    // End-to-end specs take `test` from ./fixtures: it audits every test's last screen with axe (WCAG 2.2 A/AA).
    files: ["e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "@playwright/test", importNames: ["test"], message: "Import test from ./fixtures (it runs the accessibility audit)." }] },
      ],
    },
  },
  {
    // Only env.ts reads process.env on the server.
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/env.ts", "apps/server/src/test/**", "apps/server/src/**/*.test.ts", "apps/server/src/cli/**"],
    rules: { "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read settings through env.ts." }] },
  },
  // For a file of two globs (a domain's and the catch-all), the domain's list wins: it comes later.
  ...serverImports,
  webGeneric,
  ...webZones,
);
