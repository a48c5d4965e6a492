// Every page of every tenant, walked from the portal's own route list, anonymous and logged in,
// with JavaScript on and off: axe (WCAG 2.2 A/AA and best practices) finds nothing, no page's HTML
// holds a NUL byte, and different pages have different titles. The Nu Html Checker reads the server
// HTML of the JavaScript-off walk. Forms in their error states and the steps of the journeys are
// audited in accessibility.spec.ts.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { signOnAtProvider } from "../support/agency-sign-on";
import { axeViolations, axeViolationsWithoutScript } from "../support/axe";
import { portalUrl, serverUrl } from "../support/e2e-env";
import { logIn } from "../support/playwright-utils";
import { portalPaths } from "../support/portal-routes";

/** Routes that answer a file, or end what the walk stands on, are not pages to audit. */
const NOT_PAGES =
  /^routes\/(katalogbild|praemienbild|beraterfoto|cmsbild|vorschau|empfehlung_\..*story|agentur\.export|sprache|logout|agentur_\.abmelden|agentur_\.sso)/;
const TENANTS = ["telekom", "allianz", "standard", "friday"];

type Visited = { path: string; status: number; title: string; html: string };

type Shown = { url: URL; status: number; isHtml: boolean; html: string };
/**
 * How a page is shown and audited. With JavaScript on: in the browser, hydrated. With JavaScript off:
 * the server's HTML, asked for with the browser's cookies, shown in a page of its own (axe needs script).
 */
type Viewer = { show(url: string): Promise<Shown>; audit(shown: Shown): Promise<{ title: string; violations: string[] }> };

/**
 * One layout grid on every page: the content starts where the header's logo does, and the footer's links; or, a
 * narrow page on a wide screen, it stands in the middle of the grid (decision 079).
 */
function offTheGrid(page: Page) {
  return page.evaluate(() => {
    const boxOf = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
    const [header, content, footer, main] = [boxOf("header a"), boxOf("main > :first-child"), boxOf("footer a"), boxOf("main")];
    if (header === undefined || content === undefined || main === undefined) return [];
    const centred = content.left > header.left && Math.abs(content.left + content.width / 2 - (main.left + main.width / 2)) <= 1;
    const off = [centred ? header.left : content.left, footer?.left ?? header.left].some((left) => Math.abs(left - header.left) > 1);
    return off ? [`${location.pathname}: off the grid (header ${header.left}px, content ${content.left}px, footer ${footer?.left}px)`] : [];
  });
}

function viewerWithScript(page: Page): Viewer {
  return {
    async show(url) {
      const response = await page.goto(url);
      const isHtml = /text\/html/.test(response?.headers()["content-type"] ?? "");
      return { url: new URL(page.url()), status: response?.status() ?? 0, isHtml, html: isHtml ? await response!.text() : "" };
    },
    audit: async () => ({ title: await page.title(), violations: [...(await axeViolations(page)), ...(await offTheGrid(page))] }),
  };
}

function viewerWithoutScript(page: Page, auditPage: Page): Viewer {
  return {
    async show(url) {
      // Node does not resolve *.localhost: the server is asked on loopback, naming the tenant, with the browser's cookies.
      const address = new URL(url);
      const cookie = (await page.context().cookies(address.origin)).map(({ name, value }) => `${name}=${value}`).join("; ");
      for (let hops = 0; hops < 5; hops++) {
        const response = await page.request.get(serverUrl(`${address.pathname}${address.search}`), {
          headers: { host: address.host, cookie, "accept-language": "de" },
          maxRedirects: 0,
        });
        const location = response.headers()["location"];
        if (location && response.status() >= 300 && response.status() < 400) {
          address.href = new URL(location, address).href;
          continue;
        }
        const isHtml = /text\/html/.test(response.headers()["content-type"] ?? "");
        return { url: address, status: response.status(), isHtml, html: isHtml ? await response.text() : "" };
      }
      throw new Error(`${url}: more than five redirects`);
    },
    async audit({ url, html }) {
      const violations = await axeViolationsWithoutScript(auditPage, url.href, html);
      return { title: await auditPage.title(), violations };
    },
  };
}

type Walk = {
  viewer: Viewer;
  problems: string[];
  visited: Map<string, Visited>;
  /** Paths every visitor gets as they are: walked once, anonymously (the logged-in header is audited on the pages behind the login). */
  openToAll: Set<string>;
};

async function walk(tenant: string, who: string, state: Walk) {
  for (const { id, path } of await portalPaths()) {
    if (NOT_PAGES.test(id) || (who !== "anonymous" && state.openToAll.has(path))) continue;
    const shown = await state.viewer.show(portalUrl(tenant, path));
    const { url: landed, status, html } = shown;
    const key = `${who} ${landed.pathname}${landed.search}`;
    if (who === "anonymous" && landed.pathname === path && status === 200) state.openToAll.add(path);
    if (state.visited.has(key) || !shown.isHtml) continue;
    if (html.includes("\u0000")) state.problems.push(`${key}: a NUL byte in the HTML`);
    const { title, violations } = await state.viewer.audit(shown);
    state.visited.set(key, { path: landed.pathname, status, title, html });
    state.problems.push(...violations.map((line) => `${who} ${line}`));
  }
}

/** Different pages, one title each: a title names the page (an error page may stand for many paths). */
function sharedTitles(visited: Map<string, Visited>) {
  const pathsByTitle = new Map<string, Set<string>>();
  for (const { path, status, title } of visited.values())
    if (status < 400) pathsByTitle.set(title, (pathsByTitle.get(title) ?? new Set()).add(path));
  return [...pathsByTitle].filter(([, paths]) => paths.size > 1).map(([title, paths]) => `"${title}": ${[...paths].join(", ")}`);
}

/** The Nu Html Checker's errors in the server's HTML (the JavaScript-off walk), the whole of it as served. */
function nuErrors(visited: Map<string, Visited>) {
  const folder = mkdtempSync(join(tmpdir(), "nu-"));
  const files = [...visited.values()].map(({ html }, index) => {
    const file = join(folder, `page-${index}.html`);
    writeFileSync(file, html);
    return file;
  });
  const jar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
  let report = "";
  try {
    execFileSync("java", ["-jar", jar, "--errors-only", "--format", "json", ...files], { stdio: "pipe" });
  } catch (failure) {
    report = String((failure as { stderr: Buffer }).stderr);
  }
  if (!report) return [];
  const pathOf = new Map(files.map((file, index) => [`file:${file}`, [...visited.keys()][index]]));
  return (JSON.parse(report) as { messages: { url: string; message: string; extract?: string }[] }).messages.map(
    ({ url, message, extract }) => `${pathOf.get(url) ?? url}: ${message} ${extract ? `(${extract.trim().slice(0, 80)})` : ""}`,
  );
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    for (const tenant of TENANTS) {
      test(`${tenant}: every page, anonymous and logged in`, async ({ page, browser }) => {
        test.setTimeout(240_000);
        const viewer = javaScriptEnabled
          ? viewerWithScript(page)
          : viewerWithoutScript(page, await (await browser.newContext({ javaScriptEnabled: true })).newPage());
        const state: Walk = { viewer, problems: [], visited: new Map(), openToAll: new Set() };
        const { visited } = state;
        await walk(tenant, "anonymous", state);
        await logIn(page, { tenant });
        await walk(tenant, "logged in", state);
        if (tenant === "allianz") {
          await page.goto(portalUrl(tenant, "/agentur/anmelden"));
          await signOnAtProvider(page, "inhaber@allianz.example");
          await walk(tenant, "agency", state);
        }
        expect(visited.size).toBeGreaterThan(30);
        expect(state.problems).toEqual([]);
        expect(sharedTitles(visited)).toEqual([]);
        if (!javaScriptEnabled) expect(nuErrors(visited)).toEqual([]);
      });
    }
  });
}
