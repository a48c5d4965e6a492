// The tenant's login modes in a browser with JavaScript off, on a portal of its own whose
// simulator has forced login (standard) and autologin (friday) switched on before the first page,
// and names /empfehlen as the personal area route (GET route/default), where a login lands.
import { expect, test } from "@playwright/test";
import { E2E_SESSION_SECRET } from "../support/e2e-env";
import { startPortal, waitForReady } from "../support/portal-process";
import { fillRecipient, textbox } from "../support/recipient-form";

const ports = { port: 3165, simulatorPort: 4165 };
const url = (tenant: string, path: string) => `http://${tenant}.localhost:${ports.port}${path}`;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false });

let portal: ReturnType<typeof startPortal>;

test.beforeAll(async () => {
  portal = startPortal(ports, { SESSION_SECRET: E2E_SESSION_SECRET, LOG_LEVEL: "warn" });
  await waitForReady(ports);
  const config = { standard: { ModuleErzwingeLogin: true }, friday: { IsAutologin: true } };
  const defaultRoutes = { PersoenlicherBereich: "/empfehlen" };
  await fetch(`http://127.0.0.1:${ports.simulatorPort}/__control`, { method: "POST", body: JSON.stringify({ config, defaultRoutes }) });
});

test.afterAll(() => {
  portal.child.kill("SIGKILL");
});

test("forced login: a closed page goes to /login and back after login; the open pages stay open", async ({ page }) => {
  await page.goto(url("standard", "/empfehlen/10"));
  await expect(page).toHaveURL(url("standard", "/login?redirectTo=%2Fempfehlen%2F10"));
  for (const open of ["/code", "/registrieren", "/passwortvergessen", "/empfaengerdaten/ST-100003"]) {
    await page.goto(url("standard", open));
    await expect(page).toHaveURL(url("standard", open));
  }
  await page.goto(url("standard", "/"));
  await expect(page).toHaveURL(url("standard", "/login?redirectTo=%2F"));
  await page.goto(url("standard", "/login?redirectTo=%2Fempfehlen%2F10"));
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@standard.example");
  await page.getByLabel("Passwort", { exact: true }).fill("Demo1234");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(url("standard", "/empfehlen/10"));
});

test("forced login leaves a recipient's journey open: the form, bank data and confirmation, and the expired page", async ({ page }) => {
  await page.goto(url("standard", "/empfaengerdaten/ST-100003"));
  await fillRecipient(page, { geburtsdatum: "01.01.1980", email: `forced.${Date.now()}@example.org` });
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(url("standard", "/bankdaten"));
  await textbox(page, "IBAN *").fill("DE89 3704 0044 0532 0130 00");
  await textbox(page, "Kontoinhaber *").fill("Erika Musterfrau");
  await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
  await expect(page).toHaveURL(url("standard", "/empfaengerbestaetigung"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto(url("standard", "/empfehlungabgelaufen"));
  await expect(page).toHaveURL(url("standard", "/empfehlungabgelaufen"));
});

test("the logout, opened while logged out, goes straight to the login page", async ({ page }) => {
  await page.goto(url("standard", "/logout"));
  await expect(page).toHaveURL(url("standard", "/login"));
});

test("forced login refuses an external redirect target and lands on the tenant's personal area route", async ({ page }) => {
  await page.goto(url("standard", "/login?redirectTo=%2F%2Fevil.example%2F"));
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@standard.example");
  await page.getByLabel("Passwort", { exact: true }).fill("Demo1234");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(url("standard", "/empfehlen"));
});

test("autologin: the password pages show the notice, login-required pages send home, the token link logs in and is kept", async ({
  page,
  context,
}) => {
  await page.goto(url("friday", "/login"));
  await expect(page.getByRole("heading", { name: /Anmeldung über/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Anmelden" })).toHaveCount(0);
  await page.goto(url("friday", "/persoenlicherbereich"));
  await expect(page).toHaveURL(url("friday", "/"));
  await page.goto(url("friday", "/empfehlung/FR-100003"));
  await expect(page).toHaveURL(url("friday", "/"));

  await page.goto(url("friday", "/login/adm-friday-0001"));
  await expect(page).toHaveURL(url("friday", "/empfehlen"));
  const cookies = await context.cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain("__Host-rp_autologin");

  // The session ends (the browser drops it); the kept token logs in again on the next page.
  await context.clearCookies({ name: "__Host-rp_session" });
  await page.goto(url("friday", "/empfehlung/FR-100003"));
  await expect(page).toHaveURL(url("friday", "/empfehlung/FR-100003"));
  await expect(page.getByRole("heading", { name: "Empfehlung teilen" })).toBeVisible();
});
