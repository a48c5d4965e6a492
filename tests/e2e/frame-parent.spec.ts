// A frame tenant's page opened in a tab of its own, on a portal of its own, whose friday tenant names the sample parent page (on
// another site, 127.0.0.1) as its MandantUrl + EmpfehlenPath: a friday page opened in a tab of
// its own goes to that page, which opens the route in its frame.
import { expect, test } from "@playwright/test";
import { E2E_SESSION_SECRET } from "../support/e2e-env";
import { startPortal, waitForReady } from "../support/portal-process";

const ports = { port: 3170, simulatorPort: 4170 };
const parentPage = `http://127.0.0.1:${ports.port}/einbettung.html`;
const friday = (path: string) => `http://friday.localhost:${ports.port}${path}`;

test.describe.configure({ mode: "serial" });

let portal: ReturnType<typeof startPortal>;

test.beforeAll(async () => {
  portal = startPortal(ports, { SESSION_SECRET: E2E_SESSION_SECRET, LOG_LEVEL: "warn" });
  await waitForReady(ports);
  const config = { friday: { MandantUrl: `http://127.0.0.1:${ports.port}`, EmpfehlenPath: "/einbettung.html" } };
  await fetch(`http://127.0.0.1:${ports.simulatorPort}/__control`, { method: "POST", body: JSON.stringify({ config }) });
});

test.afterAll(() => {
  portal.child.kill("SIGKILL");
});

test("without JavaScript the visit lands on the parent page, with the route in the hash", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(friday("/empfehlen?c=mail"));
  expect(page.url()).toBe(`${parentPage}#/empfehlen?c=mail`);
  await expect(page.frameLocator("#portal").getByRole("heading", { level: 1 })).toContainText("FRIDAY");
  await context.close();
});

test("with JavaScript the parent page opens the route in its frame and clears the hash", async ({ page }) => {
  await page.goto(friday("/empfehlen"));
  const portalFrame = page.frameLocator("#portal");
  await expect(portalFrame.getByRole("heading", { name: "Was möchtest du empfehlen?" })).toBeVisible();
  expect(page.url()).toBe(parentPage);
  await expect(page.locator("#portal-path")).toHaveText("/empfehlen?widget=1");
});

test("files and other tenants stay where they are", async ({ page, request }) => {
  const openedInATab = (path: string) =>
    request.get(`http://127.0.0.1:${ports.port}${path}`, {
      headers: { Host: `friday.localhost:${ports.port}`, "Sec-Fetch-Dest": "document" },
      maxRedirects: 0,
    });
  expect((await openedInATab("/empfehlen")).headers().location).toBe(`${parentPage}#/empfehlen`);
  expect((await openedInATab("/empfehlung/FR-100001/story.png")).headers().location).toBeUndefined();
  await page.goto(`http://standard.localhost:${ports.port}/empfehlen`);
  expect(new URL(page.url()).hostname).toBe("standard.localhost");
});
