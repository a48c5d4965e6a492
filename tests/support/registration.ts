// Registering a recommender and completing it from the welcome mail, with JavaScript off, on the
// end-to-end server or on a portal of a test's own (another site: its address and its simulator).
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { E2E_SIMULATOR_PORT, mailedLink, portalUrl } from "./e2e-env";

export type Site = { url: (tenant: string, path: string) => string; simulatorPort: number };
export const E2E_SITE: Site = { url: portalUrl, simulatorPort: E2E_SIMULATOR_PORT };

export function uniqueEmail(prefix: string) {
  return `${prefix}-${randomBytes(4).toString("hex")}@example.org`;
}

async function register(page: Page, tenant: string, email: string, site: Site) {
  await page.goto(site.url(tenant, "/registrieren"));
  await page.getByLabel("Vorname").fill("Lena");
  await page.getByLabel("Nachname").fill("Lange");
  await page.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await page.getByLabel("E-Mail-Adresse wiederholen").fill(email);
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(page.getByRole("status")).toContainText(`Ist ${email} noch nicht registriert, haben wir eine E-Mail dorthin geschickt`);
}

export async function setPassword(page: Page, password: string, submit: string) {
  await page.getByLabel("Neues Passwort", { exact: true }).fill(password);
  await page.getByLabel("Neues Passwort wiederholen").fill(password);
  await page.getByRole("button", { name: submit }).click();
}

export async function registerAndComplete(page: Page, tenant: string, email: string, password: string, site = E2E_SITE) {
  await register(page, tenant, email, site);
  await page.goto(site.url(tenant, await mailedLink(email, "welcome", site.simulatorPort)));
  await setPassword(page, password, "Registrierung abschließen");
  await expect(page).toHaveURL(site.url(tenant, "/persoenlicherbereich"));
}
