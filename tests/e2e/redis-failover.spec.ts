// Redis with Sentinel under the portal (issue 55, finding 6): a primary, a replica and three Sentinels
// (docs/operations.md's recipe), two instances behind the nginx recipe with REDIS_SENTINELS, one backend;
// JavaScript off. A Redis that refuses writes shows as degraded, with logouts kept and written once it
// takes writes again. Then the primary is killed while people log in, log out and submit recipient
// data: after the failover no logout is revived, no login budget starts again, and no submission is
// written twice, because every write counted once the replica had it.
import { request as httpRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { Redis } from "ioredis";
import { LOGIN_TRIES, LOGIN_TRIES_WITHOUT_REDIS } from "../../bff/state/rate-limits.server";
import { consentedCookie } from "../support/e2e-env";
import { type RunningNginx, startNginx } from "../support/nginx";
import { postPageForm } from "../support/page-form";
import { logIn } from "../support/playwright-utils";
import {
  backendCallsTo,
  type ReadinessAnswer,
  type SimulatorProcess,
  startPortal,
  startSimulatorProcess,
  stopProcess,
  waitForReady,
} from "../support/portal-process";
import { fillRecipient } from "../support/recipient-form";
import { freePort, startSentinelGroup } from "../support/redis";
import { testSecret } from "../support/test-secret";

const SESSION_SECRET = testSecret("redis-failover");
const WRONG = "Falsch123";
let NGINX_PORT: number;
let INSTANCES: number[];
let group: Awaited<ReturnType<typeof startSentinelGroup>>;
let nginx: RunningNginx | undefined;
let simulator: SimulatorProcess | undefined;
const instances: ReturnType<typeof startPortal>[] = [];
const url = (tenant: string, path: string, port = NGINX_PORT) => `http://${tenant}.localhost:${port}${path}`;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false, locale: "de-DE" });

test.beforeAll(async () => {
  const ports: number[] = [];
  for (let index = 0; index < 3; index++) ports.push(await freePort());
  [NGINX_PORT] = ports;
  INSTANCES = ports.slice(1, 3);
  group = await startSentinelGroup();
  // The backend's tenant URL is where the portal is reached: through nginx.
  simulator = await startSimulatorProcess(NGINX_PORT);
  nginx = await startNginx(NGINX_PORT, INSTANCES);
  await Promise.all(
    INSTANCES.map((port, index) => {
      instances[index] = startPortal(
        { port, simulatorPort: 0 },
        {
          LEGACY_API_URL: `http://127.0.0.1:${simulator!.legacyPort}`,
          CMS_URL: `http://127.0.0.1:${simulator!.cmsPort}`,
          SESSION_SECRET,
          REDIS_SENTINELS: group.addresses,
          REDIS_MASTER_NAME: group.name,
          TRUST_PROXY: "1",
          RATE_LIMIT_PER_MINUTE: "1000",
        },
      );
      return waitForReady({ port });
    }),
  );
  // nginx marked the instances down while they started: through it once it sends requests on again.
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${NGINX_PORT}/healthz`).catch(() => null))?.status, { timeout: 15_000 })
    .toBe(200);
});

test.afterAll(async () => {
  await Promise.all([...instances.map((instance) => stopProcess(instance.child)), stopProcess(simulator?.child), nginx?.stop()]);
  await group?.stop();
});

// A failure here is often a matter of timing on a busy machine: the instances' own account of it goes with the report.
test.afterEach(async ({ browserName: _browser }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  instances.forEach((instance, index) => console.log(`instance ${index}, its last log lines:\n${instance.output().slice(-6_000)}`));
});

/** A GET of `path` on `port` with the tenant's Host and `cookie`: its status, redirects not followed. */
function statusOf(port: number, tenant: string, path: string, cookie = "") {
  return new Promise<number>((resolve, reject) => {
    const headers = { host: `${tenant}.localhost:${port}`, cookie };
    const request = httpRequest({ host: "127.0.0.1", port, path, headers }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    request.on("error", reject);
    request.end();
  });
}

const sharedStateOf = async (port: number) =>
  (
    (await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()) as ReadinessAnswer["body"] & {
      sharedState: { degraded: boolean; failing: string[] };
    }
  ).sharedState;

/** Whether a session cookie opens the personal data page on each instance. */
const opensOn = (cookie: string) =>
  Promise.all(INSTANCES.map(async (port) => (await statusOf(port, "telekom", "/meinedaten", cookie)) === 200));

const backendCreates = () => backendCallsTo(simulator!.legacyPort, "/empfaenger/create/");
/** Password logins the backend was asked to judge. */
const backendLogins = () => backendCallsTo(simulator!.legacyPort, "POST /api/v1/allianz/account/login");

function browserOn(browser: Browser, tenant: string) {
  return browser.newContext({
    javaScriptEnabled: false,
    locale: "de-DE",
    storageState: { cookies: [consentedCookie(tenant, SESSION_SECRET)], origins: [] },
  });
}

/** A logged-in telekom session: its page, and a copy of its cookie as someone might have taken it. */
async function sessionOnTelekom(browser: Browser) {
  const context = await browserOn(browser, "telekom");
  const page = await context.newPage();
  await logIn(page, { tenant: "telekom", url, landsOn: url("telekom", "/persoenlicherbereich") });
  const cookie = (await context.cookies()).find(({ name }) => name.endsWith("rp_session"))!;
  return { page, copied: `${cookie.name}=${cookie.value}` };
}

/** Logs out through `page`: the kept-choices address the logout sent the browser to, used once by it. */
async function logOut(page: Page) {
  let keptAddress = "";
  page.on("request", (request) => void (request.url().includes("/behalten?") && (keptAddress = request.url())));
  await page.getByRole("banner").getByRole("button", { name: "Abmelden" }).click();
  await expect(page).toHaveURL(/\/login$/);
  return keptAddress;
}

/** Whether a kept-choices address, used again from the portal's own page on `port`, sets the choices again. */
function keptAddressTaken(address: string, port: number) {
  const { pathname, search } = new URL(address);
  return new Promise<boolean>((resolve, reject) => {
    const host = `telekom.localhost:${port}`;
    const headers = { host, referer: `http://${host}/login`, "sec-fetch-site": "same-origin" };
    const request = httpRequest({ host: "127.0.0.1", port, path: pathname + search, headers }, (response) => {
      response.resume();
      resolve(response.headers["set-cookie"] !== undefined);
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * Until `done`, every copied cookie (logged out) and the used kept-choices address are tried again on
 * each instance, one after the other: how often a logged-out cookie opened, or the address set choices.
 */
async function revivalsUntil(done: () => boolean, copies: string[], keptAddress: string) {
  let revived = 0;
  let reused = 0;
  while (!done()) {
    for (const copy of copies) revived += (await opensOn(copy)).filter(Boolean).length;
    for (const port of INSTANCES) if (await keptAddressTaken(keptAddress, port)) reused++;
  }
  return { revived, reused };
}

/** A recipient's data page, filled in and posted once through `port`: the page, to post again. */
async function submittedRecipient(browser: Browser, port: number) {
  const context = await browserOn(browser, "standard");
  const page = await context.newPage();
  await page.goto(url("standard", "/empfaengerdaten/ST-100003"));
  await fillRecipient(page, { geburtsdatum: "07.03.1990", email: `failover.${Date.now()}.${Math.random()}@example.org` });
  expect((await postPageForm(page, context, { path: "/empfaengerdaten/ST-100003", port })).status()).toBe(302);
  return { page, context };
}

/** One wrong password for `email` from a browser that never logged in there: the alert it gets. */
async function wrongPassword(browser: Browser, email: string, port = NGINX_PORT) {
  const page = await (await browserOn(browser, "allianz")).newPage();
  await logIn(page, { tenant: "allianz", email, password: WRONG, url: (tenant, path) => url(tenant, path, port), landsOn: null });
  return (await page.getByRole("alert").first().textContent()) ?? "";
}

const TOO_MANY = /zu viele fehlgeschlagene Anmeldungen/;

test("a primary that refuses writes: the instances say so, keep the logout, and share it once Redis takes writes again", async ({
  browser,
}) => {
  const admin = new Redis({ port: group.primary.port, host: "127.0.0.1" }).on("error", () => undefined);
  const { page, copied } = await sessionOnTelekom(browser);
  await admin.config("SET", "maxmemory-policy", "noeviction");
  await admin.config("SET", "maxmemory", "1");
  try {
    await page.goto(url("telekom", "/meinedaten", INSTANCES[0]));
    await logOut(page);
    expect(await sharedStateOf(INSTANCES[0])).toMatchObject({ degraded: true, failing: ["write"] });
    // The other instance cannot know it while Redis takes no writes: the outage policy, shown in /readyz.
    expect(await opensOn(copied)).toEqual([false, true]);
  } finally {
    await admin.config("SET", "maxmemory", "0");
    admin.disconnect();
  }
  await expect.poll(() => opensOn(copied), { timeout: 15_000 }).toEqual([false, false]);
  // Writes count as working again after a few successes in a row (no flapping).
  await expect.poll(() => sharedStateOf(INSTANCES[0]), { timeout: 10_000 }).toMatchObject({ degraded: false, failing: [] });
  // One warning for the outage, not one a request.
  expect(instances[0].output().match(/redis unavailable for write/g)).toHaveLength(1);
});

test("the primary killed during logins, logouts and submissions: no logout revived or one-use address used twice, no budget reset, no submission written twice, steady soon after", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Before the failover: eight sessions logged out, four on each instance, a kept-choices address used once.
  const loggedOut: string[] = [];
  let keptAddress = "";
  for (let index = 0; index < 8; index++) {
    const session = await sessionOnTelekom(browser);
    await session.page.goto(url("telekom", "/meinedaten", INSTANCES[index % 2]));
    keptAddress = await logOut(session.page);
    loggedOut.push(session.copied);
  }
  expect(keptAddress).toMatch(/\/behalten\?w=/);
  for (const copy of loggedOut) expect(await opensOn(copy)).toEqual([false, false]);
  for (const port of INSTANCES) expect(await keptAddressTaken(keptAddress, port)).toBe(false);
  // An account's budget used up, a submission written.
  const guessed = "neu@allianz.example";
  const loginsAtStart = await backendLogins();
  for (let attempt = 0; attempt < LOGIN_TRIES[0].points; attempt++) expect(await wrongPassword(browser, guessed)).not.toMatch(TOO_MANY);
  expect(await wrongPassword(browser, guessed)).toMatch(TOO_MANY);
  expect((await backendLogins()) - loginsAtStart).toBe(LOGIN_TRIES[0].points);
  const submitted = await submittedRecipient(browser, INSTANCES[0]);
  const during = await sessionOnTelekom(browser);
  const createsBefore = await backendCreates();

  // The primary dies. Through the failover's seconds every logged-out cookie and the used address are
  // tried again and again on both instances; meanwhile a logout, a new submission and another guess.
  await group.primary.stop();
  let promotedAt: number | null = null;
  const tries = revivalsUntil(() => promotedAt !== null && Date.now() - promotedAt > 5_000, loggedOut, keptAddress);
  await logOut(during.page);
  await submittedRecipient(browser, INSTANCES[1]);
  // While no primary answers, each instance counts on its own with a much smaller budget (docs/operations.md):
  // of twelve guesses at the locked account, six on each instance, at most one each reaches the backend.
  const loginsBefore = await backendLogins();
  for (let guess = 0; guess < 12; guess++) await wrongPassword(browser, guessed, INSTANCES[guess % 2]);
  expect((await backendLogins()) - loginsBefore).toBeLessThanOrEqual(INSTANCES.length * LOGIN_TRIES_WITHOUT_REDIS[0].points);

  // The Sentinels promote the replica; both instances find it and take writes again, without waiting for a replica.
  const sentinel = new Redis({ port: Number(group.addresses.split(",")[0].split(":")[1]), host: "127.0.0.1" }).on("error", () => undefined);
  await expect
    .poll(async () => ((await sentinel.call("SENTINEL", "get-master-addr-by-name", group.name)) as string[])[1], {
      timeout: 30_000,
      intervals: [100],
    })
    .toBe(String(group.replica.port));
  promotedAt = Date.now();
  sentinel.disconnect();
  expect(await tries).toEqual({ revived: 0, reused: 0 });
  // Steady within 10 s of the promotion, and staying so: no flapping between degraded and not.
  for (const port of INSTANCES)
    await expect
      .poll(() => sharedStateOf(port), { timeout: Math.max(1_000, promotedAt + 10_000 - Date.now()), intervals: [200] })
      .toEqual({ store: "redis", degraded: false, failing: [], writes: "unreplicated", loginTries: "shared" });
  for (let poll = 0; poll < 20; poll++) {
    for (const port of INSTANCES) expect((await sharedStateOf(port)).degraded).toBe(false);
    await sleep(250);
  }
  // One warning per kind at most, on each instance, for the whole failover.
  for (const instance of instances) expect(instance.output().match(/redis unavailable for/g)?.length ?? 0).toBeLessThanOrEqual(2);

  // Nothing written before the failover was lost with the old primary.
  for (const copy of loggedOut) expect(await opensOn(copy)).toEqual([false, false]);
  await expect.poll(() => opensOn(during.copied), { timeout: 30_000 }).toEqual([false, false]);
  for (const port of INSTANCES) expect(await wrongPassword(browser, guessed, port)).toMatch(TOO_MANY);
  for (const port of INSTANCES)
    expect((await postPageForm(submitted.page, submitted.context, { path: "/empfaengerdaten/ST-100003", port })).status()).toBe(302);
  // The submission during the failover made its one create; the earlier one, posted again on both instances, none.
  expect(await backendCreates()).toBe(createsBefore + 1);
});
