// How the main pages look, kept like code: each tenant's home, share, recipient and personal-area
// pages (and its styleguide) at a small phone's, a phone's, a tablet's and a desktop's width, with
// JavaScript off, compared with the baselines beside this file. The portal runs in a process of its
// own, its clock fixed at FIXED_NOW and its simulators freshly seeded, so the dates, rewards and
// lists on the pages are the same on every run. Every picture must load and no page may be wider
// than the screen. After a change of the look, look at the new pictures, then take them as the
// baselines: `npx playwright test tests/e2e/looks.spec.ts --update-snapshots`.
import { expect, type Page, test } from "@playwright/test";
import { E2E_SESSION_SECRET } from "../support/e2e-env";
import { startPortal, waitForReady } from "../support/portal-process";

const ports = { port: 3190, simulatorPort: 4190 };
const FIXED_NOW = "2026-11-24T09:00:00Z";
const WIDTHS = [320, 390, 768, 1440];
const TENANTS = { telekom: "TK", allianz: "AZ", standard: "ST", friday: "FR" } as const;

const url = (tenant: string, path: string) => `http://${tenant}.localhost:${ports.port}${path}`;

let portal: ReturnType<typeof startPortal>;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

test.beforeAll(async () => {
  portal = startPortal(ports, { SESSION_SECRET: E2E_SESSION_SECRET, CMS_SIMULATOR_PORT: "4191", FIXED_NOW, STYLEGUIDE: "1" }, [
    "./tests/support/fixed-clock.ts",
  ]);
  await waitForReady(ports);
});

test.afterAll(() => {
  portal.child.kill("SIGKILL");
});

async function brokenPictures(page: Page) {
  return page.evaluate(() =>
    [...document.images].filter((image) => !image.complete || image.naturalWidth === 0).map((image) => image.currentSrc || image.src),
  );
}

/** The page at each width: every picture loaded, nothing wider than the screen, and as its baseline shows it. */
async function looksRight(page: Page, address: string, name: string, widths = WIDTHS) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(address);
    // Lazy pictures load once scrolled to: the full-page picture needs them all.
    // Then each picture's own end (loaded or failed) and the fonts', instead of half a second of a quiet network.
    await page.evaluate(async () => {
      document.querySelectorAll("img[loading=lazy]").forEach((image) => image.removeAttribute("loading"));
      const ended = (image: HTMLImageElement) =>
        image.complete ||
        new Promise((resolve) => ["load", "error"].forEach((event) => image.addEventListener(event, resolve, { once: true })));
      await Promise.all([...[...document.images].map(ended), document.fonts.ready]);
    });
    expect(await brokenPictures(page), `${name} at ${width}`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
    await expect(page).toHaveScreenshot(`${name}-${width}.png`, { fullPage: true, maxDiffPixelRatio: 0.01 });
  }
}

for (const [tenant, code] of Object.entries(TENANTS)) {
  test(`${tenant}: home, share, recipient and styleguide pages`, async ({ page }) => {
    // Fourteen full-page pictures compared: 26 s on this machine at its slowest, past the default 30 s once.
    test.setTimeout(60_000);
    await looksRight(page, url(tenant, "/"), `${tenant}-home`);
    await looksRight(page, url(tenant, `/empfehlung/${code}-100003`), `${tenant}-share`);
    await looksRight(page, url(tenant, `/empfaengerdaten/${code}-100001`), `${tenant}-recipient`);
    await looksRight(page, url(tenant, "/styleguide"), `${tenant}-styleguide`, [390, 1440]);
  });

  test(`${tenant}: the personal area`, async ({ page }) => {
    await page.goto(url(tenant, "/login"));
    await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill(`demo@${tenant}.example`);
    await page.getByLabel("Passwort", { exact: true }).fill("Demo1234");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(url(tenant, "/persoenlicherbereich"));
    await looksRight(page, url(tenant, "/persoenlicherbereich"), `${tenant}-area`);
  });
}
