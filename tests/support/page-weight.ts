// What a page costs a phone: its HTML and every script it loads with JavaScript on, gzipped as
// the portal's compression sends them. Used by the budget test and by `npm run bench`.
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions, Response } from "@playwright/test";

/** `textsKb`: the page texts the browser fetches before it hydrates (JSON, cached for a year). */
export type PageWeight = { path: string; htmlKb: number; jsKb: number; scripts: number; textsKb: number };

/** The recipient pages and their budgets (issue 7): at most 100 KB of JS and 25 KB of HTML, gzipped. */
export const RECIPIENT_BUDGET = { jsKb: 100, htmlKb: 25 };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Opens `url` in a fresh browser context (cold cache, JavaScript on) and weighs what it loaded. */
export async function weighPage(browser: Browser, url: string, storageState?: BrowserContextOptions["storageState"]): Promise<PageWeight> {
  const context = await browser.newContext({ locale: "de-DE", storageState, javaScriptEnabled: true });
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  const texts: Promise<number>[] = [];
  page.on("response", (response: Response) => {
    if (new URL(response.url()).pathname.startsWith("/texte/")) texts.push(response.body().then((body) => gzipSync(body).length));
    // Module preloads are not of the resource type "script": the file name tells.
    if (new URL(response.url()).pathname.endsWith(".js")) scripts.push(response.body().then((body) => gzipSync(body).length));
  });
  try {
    const response = await page.goto(url);
    const html = await response!.body();
    // Hydrated, so every module the page needs has loaded; then nothing more on the wire.
    await page.waitForFunction(() => (window as { __remixRouter?: unknown }).__remixRouter !== undefined);
    await page.waitForLoadState("networkidle");
    const external = await Promise.all(scripts);
    // Inline scripts (Remix's hydration data) are counted in the HTML.
    const jsBytes = external.reduce((sum, size) => sum + size, 0);
    const textsBytes = (await Promise.all(texts)).reduce((sum, size) => sum + size, 0);
    return {
      path: new URL(page.url()).pathname,
      htmlKb: kb(gzipSync(html).length),
      jsKb: kb(jsBytes),
      scripts: external.length,
      textsKb: kb(textsBytes),
    };
  } finally {
    await context.close();
  }
}
