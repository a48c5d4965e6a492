// Signing on at the simulator's identity provider from the portal's agency sign-on page, with
// JavaScript off: the start button, the provider's form, back to the portal.
import { expect, type Page } from "@playwright/test";

/** On `/agentur/anmelden`: signs on as `login` (every demo agency user's password is Demo1234). */
export async function signOnAtProvider(page: Page, login: string) {
  await page.getByRole("button", { name: "Mit dem Agentur-Konto anmelden" }).click();
  await expect(page.getByRole("heading", { name: "Agentur-Anmeldung" })).toBeVisible();
  await page.getByLabel("Benutzer").fill(login);
  await page.getByLabel("Passwort").fill("Demo1234");
  await page.getByRole("button", { name: "Anmelden" }).click();
}
