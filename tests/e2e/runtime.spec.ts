// The portal ships on Node 24 LTS (docs/decisions/068), whatever Node runs the tests: the built server
// started on Node 24's binary (tests/runtime/node24.sh) serves every tenant and its readiness, and a
// backend that writes windows-1252 reads as the web reads it (€ „ “ –). JavaScript off.
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { E2E_SESSION_SECRET } from "../support/e2e-env";
import { type SimulatorProcess, startPortal, startSimulatorProcess, stopProcess, waitForReady } from "../support/portal-process";
import { freePort } from "../support/redis";

test.use({ javaScriptEnabled: false, locale: "de-DE" });

let portalPort: number;
let simulator: SimulatorProcess;
let portal: ReturnType<typeof startPortal>;
let runtime: string;
const url = (tenant: string, path: string) => `http://${tenant}.localhost:${portalPort}${path}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  runtime = execFileSync("bash", ["tests/runtime/node24.sh", "install"], { encoding: "utf8" }).trim();
  portalPort = await freePort();
  // The backend speaks windows-1252 for two tenants from the first reply the portal reads.
  simulator = await startSimulatorProcess(portalPort);
  const control = await fetch(`http://127.0.0.1:${simulator.legacyPort}/__control`, {
    method: "POST",
    body: JSON.stringify({ dialectFor: { telekom: ["windows1252"], allianz: ["windows1252"] } }),
  });
  expect(control.ok).toBe(true);
  const backends = { LEGACY_API_URL: `http://127.0.0.1:${simulator.legacyPort}`, CMS_URL: `http://127.0.0.1:${simulator.cmsPort}` };
  portal = startPortal({ port: portalPort, simulatorPort: 0 }, { SESSION_SECRET: E2E_SESSION_SECRET, ...backends }, [], runtime);
  await waitForReady({ port: portalPort });
});
test.afterAll(async () => {
  await Promise.all([stopProcess(portal?.child), stopProcess(simulator?.child)]);
});

test("the built server on Node 24 serves every tenant, its readiness ready, and windows-1252 as the web reads it", async ({ page }) => {
  expect(execFileSync(runtime, ["--version"], { encoding: "utf8" })).toMatch(/^v24\./);
  expect(await (await fetch(`http://127.0.0.1:${portalPort}/readyz`)).json()).toMatchObject({ status: "ready", problems: [] });
  for (const tenant of ["telekom", "allianz", "standard", "friday"]) {
    expect((await page.goto(url(tenant, "/")))?.status(), tenant).toBe(200);
    await expect(page.getByRole("heading", { name: "Aktuelle Prämien" })).toBeVisible();
  }
  await page.goto(url("telekom", "/praemien"));
  await expect(page.getByText("Mobilfunktarife bringen die Geldprämie – bei Festnetz")).toBeVisible();
  await page.goto(url("telekom", "/empfehlen/631"));
  await expect(page.getByText("Einkaufsgutscheinen über je 100 €")).toBeVisible();
  expect(portal.output()).not.toMatch(/"level":(50|60)/);
});
