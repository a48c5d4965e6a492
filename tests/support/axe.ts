// axe-core run in the page, without @axe-core/playwright (whose current version needs Node 22):
// the same engine, injected as a script, with the WCAG 2.2 A/AA tags and best practices.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

type Violation = { id: string; help: string; nodes: { target: string[] }[] };

/** The page's violations, one line each, naming the path, the rule and where. */
export async function axeViolations(page: Page): Promise<string[]> {
  // The portal's CSP allows no inline script and no eval; an evaluated expression is not subject to it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } };
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map(({ id, help, nodes }) => ({
      id,
      help,
      nodes: nodes.map(({ target }) => ({ target: target.map(String) })),
    }));
  }, AXE_TAGS);
  const path = new URL(page.url()).pathname + new URL(page.url()).search;
  return violations.map(({ id, help, nodes }) => `${path}: ${id} (${help}) at ${nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * The violations of a page as a browser with JavaScript off shows it. axe needs script (and timers,
 * which a browser with JavaScript off stops), so the server's HTML is shown again, at its own address,
 * in `auditPage` (JavaScript on) without its scripts and with its `<noscript>` content in place.
 */
export async function axeViolationsWithoutScript(auditPage: Page, url: string, html: string) {
  const scriptless = html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
  await auditPage.route(url, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: scriptless }));
  await auditPage.goto(url);
  await auditPage.unroute(url);
  return axeViolations(auditPage);
}

export async function expectNoViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}
