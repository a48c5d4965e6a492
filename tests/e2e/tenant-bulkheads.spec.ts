// One tenant's backend is a neighbour (issues 35 and 55): two tenants on two backends, as the README's
// TENANTS_FILE allows, telekom on backend A and friday on backend B. B sends padded codes, trickles its
// replies, sends gzip replies that inflate to hundreds of MB, or is down; telekom's pages answer all the
// while, /readyz stays 200 with each tenant's state and never waits for B, friday gets its own page that
// says so within the page's deadline, the portal's memory stays bounded, and the process never exits.
// JavaScript off.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { demoTenantHosts } from "../../simulators/demo-tenants";
import { E2E_SESSION_SECRET } from "../support/e2e-env";
import {
  jsonLogLines,
  residentMegabytes,
  type SimulatorProcess,
  startPortal,
  startSimulatorProcess,
  stopProcess as stop,
  waitForReady,
} from "../support/portal-process";
import { freePort } from "../support/redis";

const SECRET = E2E_SESSION_SECRET;
/** All of a page's backend calls together; friday's trickling replies take longer. */
const PAGE_DEADLINE_MS = 3_000;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false, locale: "de-DE" });

type Backend = SimulatorProcess;

let portalPort: number;
let metricsPort: number;
let telekomBackend: Backend;
let fridayBackend: Backend;
let portal: ReturnType<typeof startPortal>;

const url = (tenant: string, path: string) => `http://${tenant}.localhost:${portalPort}${path}`;
const control = (backend: Backend, switches: Record<string, unknown>) =>
  fetch(`http://127.0.0.1:${backend.legacyPort}/__control`, { method: "POST", body: JSON.stringify(switches) });

/** telekom on backend A, friday on backend B; the CMS is A's. */
function startTwoTenantPortal() {
  const hosts = demoTenantHosts(portalPort, "telekom");
  const file = join(tmpdir(), `tenants-bulkheads-${process.pid}.json`);
  const backendOf = (backend: Backend) => `http://127.0.0.1:${backend.legacyPort}`;
  writeFileSync(
    file,
    JSON.stringify({
      "telekom.localhost": { ...hosts["telekom.localhost"], backendUrl: backendOf(telekomBackend) },
      "friday.localhost": {
        ...hosts["friday.localhost"],
        backendUrl: backendOf(fridayBackend),
        look: { name: "FRIDAY Freunde werben", colour: "#2d2a6e" },
      },
      "127.0.0.1": { ...hosts["127.0.0.1"], backendUrl: backendOf(telekomBackend) },
    }),
  );
  return startPortal(
    { port: portalPort, simulatorPort: 0 },
    {
      SESSION_SECRET: SECRET,
      TENANTS_FILE: file,
      LEGACY_API_URL: backendOf(telekomBackend),
      CMS_URL: `http://127.0.0.1:${telekomBackend.cmsPort}`,
      METRICS_PORT: String(metricsPort),
      UPSTREAM_SLOW_MS: "2000",
      PAGE_DEADLINE_MS: String(PAGE_DEADLINE_MS),
    },
  );
}

async function readiness(query = "") {
  const response = await fetch(`http://127.0.0.1:${portalPort}/readyz${query}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const logLines = () => jsonLogLines(portal.output());

test.beforeAll(async () => {
  [portalPort, metricsPort] = [await freePort(), await freePort()];
  [telekomBackend, fridayBackend] = [await startSimulatorProcess(portalPort), await startSimulatorProcess(portalPort)];
});

test.afterAll(async () => {
  await Promise.all([portal, telekomBackend, fridayBackend].filter(Boolean).map(({ child }) => stop(child)));
});

test("a backend sending padded codes (char(n) columns) is read as meant: both tenants answer, readiness says so", async ({ page }) => {
  await control(fridayBackend, { dialect: ["dotnet", "padded", "minValueDates"] });
  portal = startTwoTenantPortal();
  await waitForReady({ port: portalPort });
  expect((await readiness()).body).toMatchObject({ status: "ready", tenants: { telekom: true, friday: true }, problems: [] });
  for (const tenant of ["telekom", "friday"]) {
    expect((await page.goto(url(tenant, "/")))?.status(), tenant).toBe(200);
    await expect(page.getByRole("heading", { name: "Aktuelle Prämien" })).toBeVisible();
  }
  // Rewards without an end date (MinValue) are offered, not dropped.
  await page.goto(url("friday", "/praemien"));
  await expect(page.getByRole("listitem").filter({ hasText: "Geldprämie" }).first()).toBeVisible();
  await control(fridayBackend, { dialect: null });
});

test("a backend that trickles its replies holds its own pages only until their deadline, and the log names the slow call", async ({
  page,
  context,
}) => {
  await control(fridayBackend, { dripMs: 6_000 });
  let fridayAnswered = false;
  const fridayTab = await context.newPage();
  const friday = fridayTab.goto(url("friday", "/empfaengerdaten/FR-100003"), { timeout: 60_000 }).then((response) => {
    fridayAnswered = true;
    return response;
  });
  try {
    // telekom's pages, each with its own calls to backend A, answer while friday's page still waits.
    for (const path of ["/", "/empfaengerdaten/TK-100003", "/praemien"]) {
      expect((await page.goto(url("telekom", path)))?.status(), path).toBe(200);
    }
    expect(fridayAnswered).toBe(false);
    expect((await readiness()).status).toBe(200);
    // friday's page does not wait out its trickling calls: past its deadline it says the portal is away for now.
    const answered = await friday;
    expect(answered?.status()).toBe(503);
    expect(answered?.headers()["retry-after"]).toBe("30");
    await expect(fridayTab.getByRole("alert")).toContainText("Verbindung");
  } finally {
    await control(fridayBackend, { dripMs: 0 });
  }
  expect(logLines()).toContainEqual(expect.objectContaining({ msg: "legacy call slow", tenant: "friday", ms: expect.any(Number) }));
  const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  expect(metrics).toMatch(/portal_legacy_call_duration_seconds_count\{tenant="friday",call="getRecommendation",outcome="unavailable"\}/);
  // The event loop's delay is there for the operator's alert (docs/operations.md).
  expect(metrics).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
});

test("a backend whose gzip replies inflate to 400 MB: refused, the other tenant answers, the memory stays bounded", async ({ page }) => {
  await control(fridayBackend, { fault: { kind: "inflating", path: "/api/v1/", mb: 400 } });
  const before = residentMegabytes(portal.child.pid);
  try {
    for (const number of ["FR-100001", "FR-100003", "FR-100004"]) {
      const hostile = await page.goto(url("friday", `/empfaengerdaten/${number}`));
      expect(hostile?.status(), number).toBeGreaterThanOrEqual(500);
      await expect(page.getByRole("alert")).toBeVisible();
      await expect(page.locator("body")).not.toContainText(/RangeError|at \w+ \(|Error:/);
      expect((await page.goto(url("telekom", "/empfaengerdaten/TK-100003")))?.status()).toBe(200);
    }
    expect((await readiness()).status).toBe(200);
  } finally {
    await control(fridayBackend, { fault: null });
  }
  // Three replies of 400 MB each would have taken the process past a gigabyte.
  expect(residentMegabytes(portal.child.pid) - before).toBeLessThan(150);
  expect(logLines()).toContainEqual(
    expect.objectContaining({
      tenant: "friday",
      call: "getRecommendation",
      kind: "too-large",
      wireBytes: expect.any(Number),
      decodedBytes: expect.any(Number),
    }),
  );
  expect(portal.child.exitCode).toBeNull();
});

test("a portal started while a backend trickles answers /readyz at once, ready by the other tenant, the slow one not checked yet", async () => {
  await stop(portal.child);
  await control(fridayBackend, { dripMs: 6_000 });
  try {
    portal = startTwoTenantPortal();
    await expect.poll(() => portal.output(), { timeout: 30_000 }).toContain("portal listening");
    // The first probe is answered from what is known now, not after friday's trickling check.
    const first = await readiness();
    expect(first.body.problems).toContain("friday: not checked yet");
    await expect.poll(async () => (await readiness()).status, { timeout: 10_000 }).toBe(200);
    expect((await readiness()).body).toMatchObject({ tenants: { telekom: true, friday: false }, problems: ["friday: not checked yet"] });
  } finally {
    await control(fridayBackend, { dripMs: 0 });
  }
});

test("a backend that is down: its tenant gets its own 503 page, the other answers, /readyz stays 200 and names it", async ({ page }) => {
  await stop(portal.child);
  await stop(fridayBackend.child);
  portal = startTwoTenantPortal();
  await waitForReady({ port: portalPort });

  const ready = await readiness();
  expect(ready.status).toBe(200);
  expect(ready.body).toMatchObject({ status: "ready", tenants: { telekom: true, friday: false } });
  expect(ready.body.problems).toContainEqual(expect.stringMatching(/^friday: getTenantConfig: .*unavailable/));
  expect((await readiness("?tenant=friday")).status).toBe(503);
  expect((await readiness("?tenant=telekom")).status).toBe(200);
  expect((await readiness("?tenant=nobody")).status).toBe(404);
  const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  expect(metrics).toContain('portal_tenant_ready{tenant="friday"} 0');
  expect(metrics).toContain('portal_tenant_ready{tenant="telekom"} 1');

  const unavailable = await page.goto(url("friday", "/empfehlen"));
  expect(unavailable?.status()).toBe(503);
  expect(unavailable?.headers()["retry-after"]).toBe("30");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vorübergehend nicht erreichbar");
  // Never read in this process: its look comes from TENANTS_FILE.
  await expect(page.getByRole("banner")).toContainText("FRIDAY Freunde werben");
  expect(await page.locator("header").evaluate((header) => getComputedStyle(header).backgroundColor)).toBe("rgb(45, 42, 110)");
  await expect(page.getByRole("alert")).toContainText("Dieses Portal ist vorübergehend nicht erreichbar.");
  await expect(page.locator("body")).not.toContainText(/ECONNREFUSED|at \w+ \(|Error:/);

  expect((await page.goto(url("telekom", "/")))?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Aktuelle Prämien" })).toBeVisible();
  expect(logLines()).toContainEqual(expect.objectContaining({ msg: expect.stringMatching(/^tenant not ready: friday/), tenant: "friday" }));
  expect(portal.child.exitCode).toBeNull();
});
