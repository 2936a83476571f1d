import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive Debian's Chromium against the built server (two of them, below) on throwaway PGlite data dirs.
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
/** The server of the specs that change server-wide settings (SERVER_WIDE), next port up. */
const ALONE_BASE_URL = `http://localhost:${PORT + 1}`;
/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the same Chromium without the full browser's
 * window, GPU process and services) when installed, as Playwright itself runs headless tests: a quarter less CPU
 * for the same suite. Else Debian's full Chromium; CHROMIUM_PATH chooses another.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file)) ?? "/usr/bin/chromium";
/** The demo admin's password for the e2e server (without ADMIN_PASSWORD a random one is generated). */
export const E2E_ADMIN_PASSWORD = "e2e-demo-admin-password";
/**
 * Specs that change a server-wide setting for a while (publishing pricing, the company's name, a feature switch,
 * the cancellation cut-off, the service area, the booking notice...): other specs on the same server would see it
 * (a receipt titled with another company's name, a valet tab switched off). Name such a spec settings-*.spec.ts
 * or list it here.
 */
const SERVER_WIDE = /(^|\/)(admin-pricing|cancel|settings[\w-]*|valet-checkin-picker)\.spec\.ts$/;
/**
 * Specs that change nothing server-wide but run only on that second server, for balance: the server-wide specs take a
 * third of the time of the rest, so this one (the longest, the routes' reflow audit) evens the two servers' work out.
 * Its one browser takes the files in name order (a11y first), one at a time: such a spec must neither depend on nor
 * leave a server-wide setting.
 */
const SECOND_SERVER_TOO = /(^|\/)a11y\.spec\.ts$/;

/** The built server on `port` with its own throwaway data directory. */
const server = (port: number, dataDir: string) => ({
  command: `rm -rf ${dataDir} && node apps/server/dist/main.js`,
  url: `http://localhost:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: {
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    SIGN_IN_PER_MINUTE: "1000",
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    LOG_LEVEL: "warn",
  },
});

export default defineConfig({
  testDir: "./e2e",
  // Generous for slow CI machines (this one ran the suite at 2-3 times the last one's time, and long flows such as the
  // admin shell with its accessibility checks came within seconds of a minute): a passing test takes no longer for it.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Two browsers on the shared server and one on the server-wide specs' own.
  workers: 3,
  retries: 0,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "reports/e2e.json" }]] : [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: [SERVER_WIDE, SECOND_SERVER_TOO], workers: 2 },
    // Specs that change what every customer gets (pricing, Settings) run one at a time on a server of their own
    // (ALONE_BASE_URL), beside the others: no other spec sees their settings. SECOND_SERVER_TOO joins them for balance.
    { name: "chromium-alone", use: { ...devices["Desktop Chrome"], baseURL: ALONE_BASE_URL }, testMatch: [SERVER_WIDE, SECOND_SERVER_TOO], workers: 1 },
  ],
  webServer: [server(PORT, ".e2e-data"), server(PORT + 1, ".e2e-data-alone")],
});
