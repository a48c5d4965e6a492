// Screenshots of the main pages at a phone's, a tablet's and a desktop's width, with JavaScript off:
// each must load every picture and stay within its width. The pictures are attached to the report
// (and kept in test-results/screenshots/) to be looked at; pixel baselines would break daily, since
// the pages show today's rewards and dates.
import { expect, type Page, test } from "@playwright/test";
import { portalUrl } from "../support/e2e-env";

test.use({ javaScriptEnabled: false });

const WIDTHS = [320, 768, 1440];
const PAGES: [tenant: string, path: string][] = [
  ["telekom", "/"],
  ["friday", "/"],
  ["allianz", "/"],
  ["telekom", "/empfaengerdaten/TK-100001"],
  ["telekom", "/empfehlen"],
  ["standard", "/praemien"],
  ["telekom", "/praemie?token=rwd-telekom-valid-0002"],
  ["friday", "/login"],
];

async function imagesLoaded(page: Page) {
  return page.evaluate(() =>
    [...document.images].filter((image) => !image.complete || image.naturalWidth === 0).map((image) => image.currentSrc || image.src),
  );
}

for (const width of WIDTHS) {
  test(`the main pages at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    for (const [tenant, path] of PAGES) {
      await page.goto(portalUrl(tenant, path));
      // Lazy pictures load once scrolled to: the full-page picture needs them all.
      await page.evaluate(() => document.querySelectorAll("img[loading=lazy]").forEach((image) => image.removeAttribute("loading")));
      await page.waitForLoadState("networkidle");
      expect(await imagesLoaded(page), `${tenant} ${path}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${tenant} ${path}`).toBeLessThanOrEqual(width);
      const name = `${tenant}${path.replace(/[^\w]+/g, "-")}-${width}.png`.replace(/-+/g, "-");
      const shot = await page.screenshot({ fullPage: true, path: `test-results/screenshots/${name}` });
      await testInfo.attach(name, { body: shot, contentType: "image/png" });
    }
  });
}
