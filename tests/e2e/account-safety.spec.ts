// Safe for people's accounts, round four (issue 57), in Chromium with JavaScript off, on a portal of
// its own (its logins and budgets are this file's): the kept-choices address a logout makes cannot be
// planted in another browser by a link from elsewhere, so five wrong passwords from anywhere never keep
// the owner out of the browser they use; neither the portal's log nor the recipe's nginx log holds
// anything that opens an account; and a shared cache in front with nginx's default key cannot serve one
// tenant's picture to another.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, test } from "@playwright/test";
import { LOGIN_TRIES } from "../../bff/state/rate-limits.server";
import { consentedCookie, E2E_SESSION_SECRET } from "../support/e2e-env";
import { startNginx } from "../support/nginx";
import { logIn } from "../support/playwright-utils";
import { startPortal, stopProcess, waitForReady } from "../support/portal-process";
import { freePort } from "../support/redis";

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false, locale: "de-DE" });

const OWNER = "demo@telekom.example";
const ATTACKER = "neu@telekom.example";
const TOO_MANY = /zu viele fehlgeschlagene Anmeldungen/;
let port: number;
let portal: ReturnType<typeof startPortal>;
const url = (tenant: string, path: string, at = port) => `http://${tenant}.localhost:${at}${path}`;

test.beforeAll(async () => {
  port = await freePort();
  portal = startPortal({ port, simulatorPort: await freePort() }, { SESSION_SECRET: E2E_SESSION_SECRET, RATE_LIMIT_PER_MINUTE: "1000" });
  await waitForReady({ port });
});
test.afterAll(async () => {
  await stopProcess(portal?.child);
});

const browserOn = (browser: Browser) =>
  browser.newContext({ javaScriptEnabled: false, locale: "de-DE", storageState: { cookies: [consentedCookie("telekom")], origins: [] } });

/** The attacker's own login and logout, posted as their browser would, its redirect not followed: the kept-choices address, unused. */
async function attackersAddress(browser: Browser) {
  const context = await browserOn(browser);
  const page = await context.newPage();
  await logIn(page, { tenant: "telekom", email: ATTACKER, url, landsOn: url("telekom", "/persoenlicherbereich") });
  const fields = await page
    .locator('form[action="/logout"] input[name]')
    .evaluateAll((inputs) =>
      Object.fromEntries(inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value])),
    );
  const cookie = (await context.cookies(url("telekom", "/"))).map(({ name, value }) => `${name}=${value}`).join("; ");
  const logout = await context.request.post(`http://127.0.0.1:${port}/logout`, {
    form: fields,
    headers: { host: `telekom.localhost:${port}`, cookie, origin: url("telekom", ""), "sec-fetch-site": "same-origin" },
    maxRedirects: 0,
  });
  const address = new URL(logout.headers().location ?? "", url("telekom", "/")).href;
  expect(address).toMatch(/\/behalten\?w=/);
  await context.close();
  return address;
}

test("a kept-choices link sent from another site plants nothing: the owner still logs in on their browser after five wrong passwords from elsewhere", async ({
  browser,
}) => {
  // Eight browsers and nine logins: more than the default half minute on a busy machine.
  test.setTimeout(90_000);
  // The owner's usual browser: logged in once (it is trusted for the account since), then logged out.
  const owners = await browserOn(browser);
  const ownersPage = await owners.newPage();
  await logIn(ownersPage, { tenant: "telekom", email: OWNER, url, landsOn: url("telekom", "/persoenlicherbereich") });
  await ownersPage.getByRole("banner").getByRole("button", { name: "Abmelden" }).click();
  await expect(ownersPage).toHaveURL(url("telekom", "/login"));
  const held = async () => (await owners.cookies(url("telekom", "/"))).map(({ name, value }) => `${name}=${value}`).sort();
  const before = await held();
  expect(before.some((cookie) => cookie.includes("device"))).toBe(true);

  // The attacker's address, on a page of another site the owner opens.
  const address = await attackersAddress(browser);
  await ownersPage.route("http://evil.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><a href="${address}">Ihr Gewinn</a>` }),
  );
  await ownersPage.goto("http://evil.example/gewinn");
  await ownersPage.getByRole("link", { name: "Ihr Gewinn" }).click();
  // On to where the address leads (a login page), without anything of the attacker's.
  await expect(ownersPage).toHaveURL(url("telekom", "/login"));
  expect(await held()).toEqual(before);
  expect(portal.output()).toContain('"refused":"cross-site"');

  // Five wrong passwords for the owner's account from elsewhere: the account's shared budget is used up…
  for (let attempt = 0; attempt <= LOGIN_TRIES[0].points; attempt++) {
    const elsewhere = await (await browserOn(browser)).newPage();
    await logIn(elsewhere, { tenant: "telekom", email: OWNER, password: "Falsch123", url, landsOn: null });
    const alert = (await elsewhere.getByRole("alert").first().textContent()) ?? "";
    if (attempt === LOGIN_TRIES[0].points) expect(alert).toMatch(TOO_MANY);
    else expect(alert).not.toMatch(TOO_MANY);
  }
  // …and the owner, on their own browser, logs in all the same.
  await logIn(ownersPage, { tenant: "telekom", email: OWNER, url, landsOn: url("telekom", "/persoenlicherbereich") });
});

test("neither the portal's log nor the recipe's nginx log holds the kept-choices address or an admin login token", async ({ browser }) => {
  const nginxPort = await freePort();
  const nginx = await startNginx(nginxPort, [port]);
  try {
    // Through nginx, as the owner: a logout, and the kept-choices address the browser follows.
    const context = await browserOn(browser);
    const page = await context.newPage();
    const through = (tenant: string, path: string) => url(tenant, path, nginxPort);
    await logIn(page, { tenant: "telekom", email: ATTACKER, url: through, landsOn: through("telekom", "/persoenlicherbereich") });
    let address = "";
    page.on("request", (request) => {
      if (request.url().includes("/behalten?")) address = request.url();
    });
    await page.getByRole("banner").getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(through("telekom", "/login"));
    await page.goto(through("telekom", "/login/adm-telekom-0001"));
    const sealed = new URL(address).searchParams.get("w")!;
    expect(sealed.length).toBeGreaterThan(40);
    const nginxLog = readFileSync(join(nginx.dir, "access.log"), "utf8");
    expect(nginxLog).toContain('"GET /behalten"');
    expect(nginxLog).toContain('"GET /login/[redacted]"');
    for (const log of [nginxLog, portal.output()]) {
      expect(log).not.toContain(sealed.slice(9, 40));
      expect(log).not.toContain("adm-telekom-0001");
    }
  } finally {
    await nginx.stop();
  }
});

test("a shared cache in front, keyed without the host as nginx is by default, serves each tenant its own picture", async ({ request }) => {
  const nginxPort = await freePort();
  const nginx = await startNginx(nginxPort, [port], { cache: true });
  try {
    const picture = async (tenant: string) => {
      const response = await request.get(`http://127.0.0.1:${nginxPort}/praemienbild/1/grafik100`, {
        headers: { host: `${tenant}.localhost` },
      });
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toBe("private, max-age=86400");
      return (await response.body()).toString("base64");
    };
    const telekom = await picture("telekom");
    expect(await picture("telekom")).toBe(telekom);
    const allianz = await picture("allianz");
    expect(allianz).not.toBe(telekom);
    expect(await picture("allianz")).toBe(allianz);
  } finally {
    await nginx.stop();
  }
});
