// Two portal instances behind the operators' nginx recipe (docs/operations.md) (round robin, no sticky sessions) with one
// SESSION_SECRET and one Redis with its append-only file (REDIS_URL), on one backend, all on free
// loopback ports, walked with JavaScript off: journeys cross both instances; a logout on one refuses
// the copied cookie on the other, after a restart of the instance and after a restart of Redis; a
// double submit that reaches both instances at once makes one backend write, and the same submission
// id from another browser is that browser's own submission; the login limit counts across both
// instances and every spelling of the address; fifty wrong passwords at once for one account reach
// the backend at most the account's budget while the owner's browser still logs in; a client's X-Forwarded-Host picks no tenant; share
// links name the port the portal is reached on; and each instance reports it in its metrics.
import { type ChildProcess, spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { type Browser, expect, request as playwrightRequest, test } from "@playwright/test";
import { Redis } from "ioredis";
import { LOGIN_TRIES } from "../../bff/state/rate-limits.server";
import { consentedCookie } from "../support/e2e-env";
import { type RunningNginx, startNginx } from "../support/nginx";
import { formBody, postForm, postPageForm } from "../support/page-form";
import { logIn } from "../support/playwright-utils";
import { startPortal, stopProcess, waitForReady } from "../support/portal-process";
import { fillRecipient, walkRecipientJourney } from "../support/recipient-form";
import { freePort, startRedis, type TestRedis } from "../support/redis";
import { testSecret } from "../support/test-secret";

let NGINX_PORT: number;
let INSTANCES: number[];
let METRICS: number[];
let SIMULATOR: { legacy: number; cms: number };
const LOGIN_BUDGET = 4;
const [{ points: LOGIN_TRIES_PER_QUARTER_HOUR }] = LOGIN_TRIES;
const SESSION_SECRET = testSecret("scale-out");
const url = (tenant: string, path: string, port = NGINX_PORT) => `http://${tenant}.localhost:${port}${path}`;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false, locale: "de-DE" });

let redis: TestRedis;
let nginx: RunningNginx | undefined;
let simulator: ChildProcess | undefined;
const instances: ReturnType<typeof startPortal>[] = [];

function startInstance(index: number) {
  instances[index] = startPortal(
    { port: INSTANCES[index], simulatorPort: 0 },
    {
      LEGACY_API_URL: `http://127.0.0.1:${SIMULATOR.legacy}`,
      CMS_URL: `http://127.0.0.1:${SIMULATOR.cms}`,
      SESSION_SECRET,
      REDIS_URL: redis.url,
      TRUST_PROXY: "1",
      RATE_LIMIT_PER_MINUTE: String(LOGIN_BUDGET),
      METRICS_PORT: String(METRICS[index]),
    },
  );
  return waitForReady({ port: INSTANCES[index] });
}

test.beforeAll(async () => {
  const ports: number[] = [];
  for (let index = 0; index < 7; index++) ports.push(await freePort());
  [NGINX_PORT] = ports;
  INSTANCES = ports.slice(1, 3);
  METRICS = ports.slice(3, 5);
  SIMULATOR = { legacy: ports[5], cms: ports[6] };
  redis = await startRedis({ appendOnly: true });
  simulator = spawn(process.execPath, ["--import", "tsx", "simulators/start.ts"], {
    env: {
      ...process.env,
      SIMULATOR_PORT: String(SIMULATOR.legacy),
      CMS_SIMULATOR_PORT: String(SIMULATOR.cms),
      // The backend's tenant URL is where the portal is reached: through nginx.
      SIMULATOR_PORTAL_ORIGIN: `http://{tenant}.localhost:${NGINX_PORT}`,
    },
    stdio: "ignore",
  });
  nginx = await startNginx(NGINX_PORT, INSTANCES);
  await Promise.all(INSTANCES.map((_port, index) => startInstance(index)));
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${NGINX_PORT}/healthz`).catch(() => null))?.status, { timeout: 10_000 })
    .toBe(200);
});

test.afterAll(async () => {
  await Promise.all([...instances.map((instance) => stopProcess(instance.child)), stopProcess(simulator), nginx?.stop()]);
  await redis?.stop();
});

/** The requests of a journey an instance answered: its request log lines, health checks aside. */
function requestsServedBy(instance: ReturnType<typeof startPortal>) {
  return instance
    .output()
    .split("\n")
    .filter((line) => line.includes('"msg":"request"') && !/"path":"\/(healthz|readyz)"/.test(line)).length;
}

/** The login posts an instance answered, whatever the spelling of their address. */
function loginPostsServedBy(instance: ReturnType<typeof startPortal>) {
  return instance
    .output()
    .split("\n")
    .filter((line) => line.includes('"method":"POST"') && /"path":"\/(login|LOGIN|%6Cogin)/.test(line)).length;
}

/** How often the backend received calls whose `METHOD /path` contains `call`. */
async function backendReceived(call: string) {
  const calls = (await (await fetch(`http://127.0.0.1:${SIMULATOR.legacy}/__calls?contains=${encodeURIComponent(call)}`)).json()) as Record<
    string,
    number
  >;
  return Object.values(calls).reduce((sum, count) => sum + count, 0);
}

/** Empties the test Redis of rate-limit counts: the tests before have used their budgets. */
async function clearLimitCounts() {
  const admin = new Redis(redis.url);
  const counts = await admin.keys("rp:limit:*");
  if (counts.length) await admin.del(...counts);
  admin.disconnect();
}

/** Flips the simulator's switches (delayMs, …). */
async function simulatorControl(switches: Record<string, unknown>) {
  await fetch(`http://127.0.0.1:${SIMULATOR.legacy}/__control`, { method: "POST", body: JSON.stringify(switches) });
}

/** A browser of its own on a tenant (standard unless named), past the cookie banner, JavaScript off. */
function browserOn(browser: Browser, tenant = "standard") {
  return browser.newContext({
    javaScriptEnabled: false,
    locale: "de-DE",
    storageState: { cookies: [consentedCookie(tenant, SESSION_SECRET)], origins: [] },
  });
}

/** A login post through nginx from the loopback address `from`: a client of its own. Its status. */
function postFrom(from: string, { host, cookie, body }: { host: string; cookie: string; body: string }) {
  return new Promise<number>((resolve, reject) => {
    const headers = {
      host,
      origin: `http://${host}`,
      cookie,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": Buffer.byteLength(body),
      "accept-language": "de-DE",
    };
    const request = httpRequest(
      { host: "127.0.0.1", port: NGINX_PORT, localAddress: from, method: "POST", path: "/login", headers },
      (response) => {
        response.resume();
        resolve(response.statusCode!);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test("a recipient's journey crosses both instances and ends in one recipient", async ({ page }) => {
  const email = `scale.${Date.now()}@example.org`;
  await walkRecipientJourney(page, url("allianz", ""), email);

  const recipients = (await (await fetch(`http://127.0.0.1:${SIMULATOR.legacy}/__recipients`)).json()) as { email: string }[];
  expect(recipients.filter((recipient) => recipient.email === email)).toHaveLength(1);
  expect(instances.map(requestsServedBy).every((served) => served >= 3)).toBe(true);
});

test("a logout on one instance refuses the copied cookie on the other, and after a restart of the first", async ({ page, context }) => {
  // A restart of an instance in the middle: 31.7 s on a fresh clone's busy run (2026-11-29), past the default 30 s.
  test.setTimeout(60_000);
  const before = instances.map(requestsServedBy);
  await logIn(page, { tenant: "telekom", url, landsOn: null });
  await expect(page).toHaveURL(url("telekom", "/persoenlicherbereich"));
  for (let visit = 0; visit < 4; visit++) {
    await page.goto(url("telekom", "/meinedaten"));
    await expect(page.getByText("demo@telekom.example")).toBeVisible();
  }
  expect(instances.map(requestsServedBy).every((served, index) => served - before[index] >= 2)).toBe(true);
  const copied = (await context.cookies()).find((cookie) => cookie.name.endsWith("rp_session"))!;

  // Logged out on the first instance, directly.
  await page.goto(url("telekom", "/logout", INSTANCES[0]));
  await page.getByRole("button", { name: "Abmelden" }).last().click();
  await expect(page).toHaveURL(/\/login$/);

  const refusedOn = async (port: number) => {
    await context.addCookies([copied]);
    await page.goto(url("telekom", "/meinedaten", port));
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmeinedaten$/);
  };
  await refusedOn(INSTANCES[1]);
  await refusedOn(NGINX_PORT);
  await refusedOn(NGINX_PORT);

  await stopProcess(instances[0].child);
  await startInstance(0);
  await refusedOn(INSTANCES[0]);

  // Redis restarts: its append-only file keeps the logout. The second instance never saw it, and the first
  // was restarted since: both know it only from Redis. Once connected again, both refuse the copied cookie.
  const opensOn = async (port: number) => {
    // Node's fetch sets Host itself; Playwright's client sends the tenant's.
    const response = await context.request.get(`http://127.0.0.1:${port}/meinedaten`, {
      headers: { host: `telekom.localhost:${port}`, cookie: `${copied.name}=${copied.value}` },
      maxRedirects: 0,
    });
    return response.status() === 200;
  };
  expect(await Promise.all(INSTANCES.map(opensOn))).toEqual([false, false]);
  await redis.stop();
  await redis.start();
  for (const port of INSTANCES) await expect.poll(() => opensOn(port), { timeout: 15_000 }).toBe(false);
  for (let look = 0; look < 3; look++) expect(await Promise.all(INSTANCES.map(opensOn))).toEqual([false, false]);
  await refusedOn(NGINX_PORT);
});

test("a password change ends every other session of the account on both instances, a copied cookie too; the browser that changed it stays signed in", async ({
  browser,
}) => {
  const account = { tenant: "telekom", email: "neu@telekom.example", url, landsOn: null };
  const [mine, other] = [await (await browserOn(browser, "telekom")).newPage(), await (await browserOn(browser, "telekom")).newPage()];
  await logIn(mine, account);
  await logIn(other, account);
  const copied = (await mine.context().cookies()).find((cookie) => cookie.name.endsWith("rp_session"))!;
  // Sessions count in whole seconds, and one made in the change's own second goes on (docs/security.md): the change comes a second later.
  const loggedInSecond = Math.floor(Date.now() / 1000);
  await expect.poll(() => Math.floor(Date.now() / 1000), { intervals: [50] }).toBeGreaterThan(loggedInSecond);
  // A client of its own, with no cookie but the one given: the browsers' contexts would add theirs.
  const client = await playwrightRequest.newContext();
  const opensWith = async (cookie: { name: string; value: string }, port: number) => {
    const response = await client.get(`http://127.0.0.1:${port}/meinedaten`, {
      headers: { host: `telekom.localhost:${port}`, cookie: `${cookie.name}=${cookie.value}` },
      maxRedirects: 0,
    });
    return response.status() === 200;
  };
  expect(await Promise.all(INSTANCES.map((port) => opensWith(copied, port)))).toEqual([true, true]);

  // Changed on the first instance, directly.
  await mine.goto(url("telekom", "/passwortaendern", INSTANCES[0]));
  await mine.getByLabel("Aktuelles Passwort").fill("Demo1234");
  await mine.getByLabel("Neues Passwort", { exact: true }).fill("Neu-Passwort-2026");
  await mine.getByLabel("Neues Passwort wiederholen").fill("Neu-Passwort-2026");
  await mine.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(mine.getByText("Ihr Passwort wurde geändert.")).toBeVisible();

  // This browser goes on, with a session issued anew, through either instance.
  const renewed = (await mine.context().cookies()).find((cookie) => cookie.name.endsWith("rp_session"))!;
  expect(renewed.value).not.toBe(copied.value);
  expect(await Promise.all(INSTANCES.map((port) => opensWith(renewed, port)))).toEqual([true, true]);
  await mine.goto(url("telekom", "/meinedaten"));
  await expect(mine.getByText("neu@telekom.example")).toBeVisible();
  // The other browser and the copy taken before the change are signed out, on both instances.
  await other.goto(url("telekom", "/meinedaten"));
  await expect(other).toHaveURL(/\/login\?redirectTo=%2Fmeinedaten$/);
  expect(await Promise.all(INSTANCES.map((port) => opensWith(copied, port)))).toEqual([false, false]);
  // A restart of the instance that took the change forgets nothing: Redis holds it.
  await stopProcess(instances[0].child);
  await startInstance(0);
  expect(await opensWith(copied, INSTANCES[0])).toBe(false);
  expect(await opensWith(renewed, INSTANCES[0])).toBe(true);
});

test("a recipient form posted to both instances at once with one submission id makes one create call", async ({ page, context }) => {
  const email = `double.${Date.now()}@example.org`;
  await page.goto(url("standard", "/empfaengerdaten/ST-100003"));
  await fillRecipient(page, { geburtsdatum: "07.03.1990", email });
  const createsBefore = await backendReceived("/empfaenger/create/");
  const path = "/empfaengerdaten/ST-100003";
  const [first, second] = await Promise.all(INSTANCES.map((port) => postPageForm(page, context, { path, port })));
  expect(await backendReceived("/empfaenger/create/")).toBe(createsBefore + 1);
  for (const response of [first, second]) {
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/bankdaten");
  }
  // The browser's own post, the same form a third time (a reload through the balancer): still one.
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(url("standard", "/bankdaten"));
  expect(await backendReceived("/empfaenger/create/")).toBe(createsBefore + 1);
  const recipients = (await (await fetch(`http://127.0.0.1:${SIMULATOR.legacy}/__recipients`)).json()) as { email: string }[];
  expect(recipients.filter((recipient) => recipient.email === email)).toHaveLength(1);
});

test("a submission id replayed by another browser through the other instance is that browser's own submission", async ({
  page,
  context,
  browser,
}) => {
  const path = "/empfaengerdaten/ST-100003";
  await page.goto(url("standard", path));
  await fillRecipient(page, { geburtsdatum: "07.03.1990", email: `first.${Date.now()}@example.org` });
  const submissionId = (await postForm(page)).fields.find((field) => field.name === "submissionId")!.value;
  const createsBefore = await backendReceived("/empfaenger/create/");
  const mine = await postPageForm(page, context, { path, port: INSTANCES[0] });
  expect(mine.status()).toBe(302);
  const myCookie = mine.headers()["set-cookie"];

  // Another person's browser: its own cookies and page, the first one's submission id, its own data.
  const consented = consentedCookie("standard", SESSION_SECRET);
  const other = await browser.newContext({
    javaScriptEnabled: false,
    locale: "de-DE",
    storageState: { cookies: [consented], origins: [] },
  });
  const otherPage = await other.newPage();
  await otherPage.goto(url("standard", path));
  const otherEmail = `other.${Date.now()}@example.org`;
  await fillRecipient(otherPage, { geburtsdatum: "08.04.1985", email: otherEmail });
  const theirs = await postPageForm(otherPage, other, { path, port: INSTANCES[1], typed: { submissionId } });
  expect(theirs.status()).toBe(302);
  // Its own create call and its own recipient, never the first browser's cookie.
  expect(await backendReceived("/empfaenger/create/")).toBe(createsBefore + 2);
  expect(theirs.headers()["set-cookie"]).not.toBe(myCookie);
  const recipients = (await (await fetch(`http://127.0.0.1:${SIMULATOR.legacy}/__recipients`)).json()) as { email: string }[];
  expect(recipients.filter((recipient) => recipient.email === otherEmail)).toHaveLength(1);
  await other.close();
});

test("a client's X-Forwarded-Host picks no tenant through the recipe", async ({ request }) => {
  const response = await request.get(`http://127.0.0.1:${NGINX_PORT}/`, {
    headers: { host: `telekom.localhost:${NGINX_PORT}`, "x-forwarded-host": `allianz.localhost:${NGINX_PORT}` },
  });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("Telekom");
  expect(html).not.toContain("Allianz");
});

test("share links name the port the portal is reached on", async ({ page }) => {
  await logIn(page, { tenant: "telekom", url, landsOn: null });
  await page.goto(url("telekom", "/empfehlung/TK-100001"));
  await expect(page.locator("#share-link")).toHaveText(`http://telekom.localhost:${NGINX_PORT}/e/TK-100001`);
  expect(await page.content()).not.toContain("localhost:3000");
});

test("the login limit counts across both instances and every spelling of the address", async ({ page, context }) => {
  // A fresh budget for this client (the journeys above logged in).
  await clearLimitCounts();
  const loginsBefore = await backendReceived("account/login");

  await logIn(page, { tenant: "telekom", password: "Falsch123", url, landsOn: null });
  await expect(page.getByText("E-Mail-Adresse oder Passwort ist falsch.")).toBeVisible();
  const spellings = ["/LOGIN", "/login/", "/login.data", "/%6Cogin?index"];
  const statuses = [];
  // The page keeps the address, not the password: each post types it again.
  for (const path of spellings)
    statuses.push((await postPageForm(page, context, { path, port: NGINX_PORT, typed: { password: "Falsch123" } })).status());
  expect(statuses.slice(0, LOGIN_BUDGET - 1).every((status) => status !== 429)).toBe(true);
  expect(statuses.at(-1)).toBe(429);

  // The right password, from the browser: refused too, with a clear page in German.
  await page.getByLabel("Passwort").fill("Demo1234");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es dann noch einmal.",
  );
  expect(await backendReceived("account/login")).toBe(loginsBefore + LOGIN_BUDGET);
  expect(instances.map(loginPostsServedBy).every((posts) => posts >= 2)).toBe(true);

  // The instances' metrics count the two refusals.
  const scrapes = await Promise.all(METRICS.map(async (port) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text()));
  const refusals = scrapes.map((text) => Number(/portal_rate_limit_refusals_total\{limit="client"\} (\d+)/.exec(text)?.[1] ?? 0));
  expect(refusals.reduce((sum, count) => sum + count, 0)).toBe(2);
});

test("fifty wrong passwords at once from fifty clients reach a slow backend at most the budget, and the owner's browser logs in during the attack", async ({
  page,
  browser,
}) => {
  await clearLimitCounts();
  const email = "demo@standard.example";
  // The owner logged in on this browser before, and has logged out since.
  await logIn(page, { tenant: "standard", url });
  await page.getByRole("banner").getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(url("standard", "/login"));

  // The attacker: a login form of its own, posted by fifty clients at once, twice over, to a backend that takes 200 ms.
  const attacker = await browserOn(browser);
  const attackerPage = await attacker.newPage();
  await attackerPage.goto(url("standard", "/login"));
  const { fields } = await postForm(attackerPage);
  const cookie = (await attacker.cookies(url("standard", "/"))).map(({ name, value }) => `${name}=${value}`).join("; ");
  const body = formBody(fields, { email, password: "Falsch123" });
  const wave = () =>
    Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        postFrom(`127.0.0.${index + 2}`, { host: new URL(url("standard", "/")).host, cookie, body }),
      ),
    );
  await simulatorControl({ delayMs: 200 });
  try {
    const loginsBefore = await backendReceived("account/login");
    const first = await wave();
    const redisWarned = () => `redis warned: ${instances.map((instance) => instance.output().includes("redis unavailable"))}`;
    expect(await backendReceived("account/login"), redisWarned()).toBe(loginsBefore + LOGIN_TRIES_PER_QUARTER_HOUR);
    expect(first.filter((status) => status === 401)).toHaveLength(LOGIN_TRIES_PER_QUARTER_HOUR);
    expect(first.filter((status) => status === 429)).toHaveLength(50 - LOGIN_TRIES_PER_QUARTER_HOUR);

    const second = wave();
    await logIn(page, { tenant: "standard", url, landsOn: url("standard", "/persoenlicherbereich") });
    const refused = await second;
    const redisWarnings = instances.map((instance) => instance.output().includes("redis unavailable"));
    expect(
      refused.filter((status) => status !== 429),
      `second wave ${refused.join(" ")}; redis warned: ${redisWarnings}`,
    ).toEqual([]);
    expect(await backendReceived("account/login")).toBe(loginsBefore + LOGIN_TRIES_PER_QUARTER_HOUR + 1);

    // A browser that never logged in to the account is told how long to wait, and how to get in now.
    const newcomer = await (await browserOn(browser)).newPage();
    await logIn(newcomer, { tenant: "standard", url, landsOn: null });
    await expect(newcomer.getByRole("alert")).toContainText(/zu viele fehlgeschlagene Anmeldungen.*in 1[45] Minuten noch einmal/);
    await expect(newcomer.getByRole("link", { name: "Passwort jetzt zurücksetzen" })).toBeVisible();
    expect(await backendReceived("account/login")).toBe(loginsBefore + LOGIN_TRIES_PER_QUARTER_HOUR + 1);
  } finally {
    await simulatorControl({ delayMs: 0 });
  }
});

test("each instance reports to operators on its metrics port, and the public port has no metrics", async ({ page }) => {
  // Straight to the instance whose metrics are read: nginx may have kept it out a while after an earlier restart (fail_timeout).
  await page.goto(url("telekom", "/favicon.ico", INSTANCES[1]));
  expect((await page.goto(url("standard", "/empfaengerdaten/ST-100003", INSTANCES[1])))?.status()).toBe(200);
  const text = await (await fetch(`http://127.0.0.1:${METRICS[1]}/metrics`)).text();
  expect(text).toMatch(/portal_http_requests_total\{method="GET",route="static",status="200"\} \d+/);
  expect(text).toMatch(/portal_http_requests_total\{method="GET",route="routes\/empfaengerdaten\.\$empfehlungsnummer",status="200"\} \d+/);
  expect(text).toMatch(/portal_legacy_call_duration_seconds_count\{tenant="\w+",call="getRecommendation",outcome="ok"\} \d+/);
  expect(text).toMatch(/portal_tenant_ready\{tenant="\w+"\} 1/);
  expect(text).toMatch(new RegExp(`portal_circuit_breaker_state\\{backend="http://127.0.0.1:${SIMULATOR.legacy}",state="closed"\\} 1`));
  expect(text).toMatch(/portal_shared_read_cache_total\{result="(hit|miss|stale|inflight)"\} \d+/);
  expect(text).toMatch(/process_resident_memory_bytes \d+/);
  // Latency by route and tenant, in buckets around the objectives; and what this process runs.
  expect(text).toMatch(
    /portal_http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="static",tenant="telekom",status_class="2xx"\} [1-9]\d*/,
  );
  expect(text).toMatch(/portal_http_request_duration_seconds_count\{method="GET",route="health",tenant="none",status_class="2xx"\} \d+/);
  expect(text).toMatch(new RegExp(`portal_build_info\\{version="[^"]+",node_version="${process.version}"\\} 1`));
  const response = await page.goto(url("telekom", "/metrics"));
  expect(response?.status()).toBe(404);
  expect(await page.content()).not.toContain("portal_http_requests_total");
});

test("with Redis gone, both instances keep serving, each warns once a minute per kind at most, and they share again once it is back", async ({
  page,
}) => {
  const outputBefore = instances.map((instance) => instance.output().length);
  await redis.stop();
  const email = `outage.${Date.now()}@example.org`;
  await page.goto(url("allianz", "/empfaengerdaten/AZ-100003"));
  await fillRecipient(page, { geburtsdatum: "07.03.1990", email });
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(url("allianz", "/empfaenger/zustimmung"));
  await page.goto(url("standard", "/login"));
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@standard.example");
  await page.getByLabel("Passwort").fill("Demo1234");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(url("standard", "/persoenlicherbereich"));
  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // One warning a minute per kind at most (reads, writes), in one line or two.
  const warnedKinds = (instance: ReturnType<typeof startPortal>, index: number) =>
    instance
      .output()
      .slice(outputBefore[index])
      .split("\n")
      .flatMap((line) => /redis unavailable for ([a-z ]+):/.exec(line)?.[1].split(" and ") ?? [])
      .sort();
  // (An earlier test's Redis restart within the minute may have used an instance's warning of a kind.)
  for (const [index, instance] of instances.entries()) {
    const kinds = warnedKinds(instance, index);
    expect(kinds).toEqual([...new Set(kinds)]);
  }
  // Nothing answered 5xx during the outage (a start's /readyz answers 503 until the first tenant is checked).
  expect(instances.every((instance, index) => !/"status":5\d\d/.test(instance.output().slice(outputBefore[index])))).toBe(true);

  await redis.start();
  await page.goto(url("standard", "/login"));
  await expect
    .poll(() => instances.map((instance, index) => instance.output().slice(outputBefore[index]).includes("redis answers reads again")), {
      timeout: 15_000,
    })
    .toEqual([true, true]);
});
