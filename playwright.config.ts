import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive Debian's Chromium against the built server on a throwaway PGlite data dir.
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
/** The demo admin's password for the e2e server (without ADMIN_PASSWORD a random one is generated). */
export const E2E_ADMIN_PASSWORD = "e2e-demo-admin-password";
/**
 * Specs that change a server-wide setting for a while (publishing pricing, the company's name, a feature switch,
 * the cancellation cut-off, the service area, the booking notice...): other specs on the same server would see it
 * (a receipt titled with another company's name, a valet tab switched off). Name such a spec settings-*.spec.ts
 * or list it here.
 */
const SERVER_WIDE = /(^|\/)(admin-pricing|cancel|settings[\w-]*)\.spec\.ts$/;

export default defineConfig({
  testDir: "./e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "reports/e2e.json" }]] : [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: SERVER_WIDE },
    // Specs that change what every customer gets (pricing, Settings) run one at a time, after all the others.
    { name: "chromium-alone", use: { ...devices["Desktop Chrome"] }, testMatch: SERVER_WIDE, dependencies: ["chromium"], workers: 1 },
  ],
  webServer: {
    command: "rm -rf .e2e-data && node apps/server/dist/main.js",
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: ".e2e-data",
      PUBLIC_URL: E2E_BASE_URL,
      SIGN_IN_PER_MINUTE: "1000",
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
    },
  },
});
