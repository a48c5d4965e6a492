import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { SUITE_REPORTS } from "./tests/suite/reports";
import { consentedCookie, E2E_PORT, E2E_SESSION_SECRET, E2E_SIMULATOR_PORT } from "./tests/support/e2e-env";

/**
 * Debian's headless shell, the build Playwright itself runs headless tests in: the same Blink, without the
 * full browser around it, about 40 % less CPU a page here (decision 074). Where it is not installed, the full
 * browser (the suite passes in both, only slower); E2E_CHROMIUM names another.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

const consentedCookies = ["telekom", "allianz", "standard", "friday"].map((tenant) => consentedCookie(tenant));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: `${SUITE_REPORTS}/playwright.json` }]],
  use: {
    baseURL: `http://telekom.localhost:${E2E_PORT}`,
    locale: "de-DE",
    // Every test starts with the cookie choice made (necessary only); tests of the banner start without it.
    storageState: { cookies: consentedCookies, origins: [] },
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "npm run build && node build/portal-server/index.js",
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      SIMULATOR_PORT: String(E2E_SIMULATOR_PORT),
      CMS_SIMULATOR_PORT: "4111",
      NODE_ENV: "production",
      DEMO: "1",
      STYLEGUIDE: "1",
      SESSION_SECRET: E2E_SESSION_SECRET,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "200",
      MAILS_PER_ADDRESS_PER_HOUR: "200",
      // Every test's browser is one client (loopback): the budgets of link lookups are tested on a portal of their own.
      LINK_LOOKUPS_PER_10_MINUTES: "100000",
      FAILED_TOKENS_PER_10_MINUTES: "10000",
    },
  },
});
