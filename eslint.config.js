import { readdirSync } from "node:fs";
import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The server's import arrows (docs/architecture.md): lib <- identity <- pricing <- bookings <- payments <- checkout <- rides,
// valet <- edge <- composition root; rides and valet never import each other; production code never imports test/.
// Each domain's files may not import the domains to their right. Only the arrows that hold today are listed, with no
// exception anywhere; docs/architecture.md counts the imports that still break the others (their lines join below
// as they fall). A relative import names a folder, so each domain is the folders (and files) the docs give it.
const S = "apps/server/src";
const rel = (path) => `^\\.{1,2}/(\\.\\./)*${path}`; // a relative import of `path` from anywhere in the server
const DOMAIN_IMPORTS = {
  test: [rel("test/")],
  identity: [rel("auth/"), rel("newsletter/"), rel("core/users\\.service"), rel("admin/core/users\\.service")],
  pricing: [rel("quotes/"), rel("coupons/"), rel("vehicles/"), rel("(admin/)?fleet/(?!units\\.service)"), rel("admin/admin-fleet\\.routes"), rel("valet/valet-(rates|quote)")],
  rides: [rel("rides/"), rel("flights/"), rel("admin/admin-ops\\.routes"), rel("fleet/units\\.service"), rel("admin/fleet/units\\.service")],
  valet: [rel("valet/(?!valet-rates\\.service|valet-quote\\.service|valet-quotes\\.routes)"), rel("admin/admin-valet\\.routes"), rel("core/tickets\\.service"), rel("admin/core/tickets\\.service")],
  payments: [rel("payments/")],
  checkout: [rel("checkout/")],
  bookings: [rel("bookings/"), rel("core/bookings\\.service"), rel("admin/core/bookings\\.service")],
  edge: [rel("me/"), rel("admin/admin-core\\.routes"), rel("core/(reports|analytics|insights)\\.service"), rel("admin/core/(reports|analytics|insights)\\.service")],
  root: [rel("app$"), rel("main$"), rel("server$"), rel("cli/"), rel("dev/"), rel("housekeeping/"), rel("seed/"), rel("openapi\\.routes$"), rel("jobs/handlers$")],
};
const PRICING_IN_VALET = [`${S}/valet/valet-rates.service.ts`, `${S}/valet/valet-quote.service.ts`, `${S}/valet/valet-quotes.routes.ts`];
/** [files of a domain, files to leave out, the domains it may not import]. */
const ARROWS = [
  [[`${S}/{lib,db,mail,sms,realtime,settings,geo,places,health}/**`, `${S}/jobs/job-runner.ts`, `${S}/env.ts`], [], ["identity", "pricing", "bookings", "payments", "checkout", "rides", "valet", "edge", "root"]],
  [[`${S}/auth/**`, `${S}/newsletter/**`, `${S}/admin/core/users.service.ts`], [], ["pricing", "bookings", "payments", "checkout", "rides", "valet", "edge", "root"]],
  [[`${S}/quotes/**`, `${S}/coupons/**`, `${S}/vehicles/**`, `${S}/admin/fleet/**`, `${S}/admin/admin-fleet.routes.ts`, ...PRICING_IN_VALET], [`${S}/admin/fleet/units.service.ts`], ["bookings", "payments", "checkout", "rides", "valet", "edge", "root"]],
  [[`${S}/bookings/**`, `${S}/admin/core/bookings.service.ts`], [], ["payments", "checkout", "rides", "valet", "edge", "root"]],
  [[`${S}/payments/**`], [], ["checkout", "rides", "valet", "edge", "root"]],
  [[`${S}/checkout/**`], [], ["rides", "valet", "edge", "root"]],
  [[`${S}/rides/**`, `${S}/flights/**`, `${S}/admin/admin-ops.routes.ts`, `${S}/admin/fleet/units.service.ts`], [], ["valet", "edge", "root"]],
  [[`${S}/valet/**`, `${S}/admin/admin-valet.routes.ts`, `${S}/admin/core/tickets.service.ts`], PRICING_IN_VALET, ["rides", "edge", "root"]],
  [[`${S}/me/**`, `${S}/admin/admin-core.routes.ts`, `${S}/admin/core/{reports,analytics,insights}.service.ts`], [], ["root"]],
  [[`${S}/**`], [`${S}/test/**`], []], // everything else: test/ only
];
const TESTS = [`${S}/**/*.test.ts`, `${S}/test/**`];
const serverArrows = ARROWS.map(([files, ignores, banned]) => ({
  files,
  ignores: [...ignores, ...TESTS],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [...banned, "test"].map((to) => ({
          regex: DOMAIN_IMPORTS[to].join("|"),
          message: to === "test" ? "Production code never imports test support (apps/server/src/test/)." : `This import runs against the arrows of docs/architecture.md (no import of ${to} from here).`,
        })),
      },
    ],
  },
}));

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
  { ignores: ["**/dist/**", "node_modules/**", ".e2e-data/**", "data/**", "test-results/**", "playwright-report/**", "drizzle/**"] },
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
  // Last: for a file of two globs (a domain's and the catch-all), the domain's list wins only if it comes later.
  ...serverArrows.slice(-1),
  ...serverArrows.slice(0, -1),
  webGeneric,
  ...webZones,
);
