// axe-core on the steps of the recipient and the recommender journeys, walked as a user would, with
// JavaScript on (the enhanced pages) and the forms also in their error state: no violations. Every
// page a plain visit reaches is audited in every-page.spec.ts.
import { expect, type Page, test } from "@playwright/test";
import { expectNoViolations } from "../support/axe";
import { portalUrl } from "../support/e2e-env";
import { fillRecipient, textbox } from "../support/recipient-form";

test.use({ locale: "de-DE" });

async function audit(page: Page, path: string, tenant = "allianz") {
  await page.goto(portalUrl(tenant, path));
  await expectNoViolations(page);
}

/** Submits the page's main form empty, so the messages next to the fields are audited too. */
async function auditErrors(page: Page, button: string, message = "ist ein Pflichtfeld") {
  await page
    .locator("form[method=post]")
    .last()
    .evaluate((form) => ((form as HTMLFormElement).noValidate = true));
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByText(message).first()).toBeVisible();
  await expectNoViolations(page);
}

test("the recipient journey", async ({ page }) => {
  await audit(page, "/empfaengerdaten/AZ-100003");
  await auditErrors(page, "Weiter", "Vorname ist ein Pflichtfeld");
  await fillRecipient(page, { geburtsdatum: "07.03.1990", email: `axe.${Date.now()}@example.org` });
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/empfaenger\/zustimmung$/);
  await expectNoViolations(page);
  await auditErrors(page, "Zustimmen und weiter", "Die Zustimmung ist erforderlich, um fortzufahren.");
  await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
  await page.getByRole("button", { name: "Zustimmen und weiter" }).click();
  await expect(page).toHaveURL(/\/bankdaten$/);
  await expectNoViolations(page);
  await textbox(page, "IBAN *").fill("DE89 3704 0044 0532 0130 00");
  await textbox(page, "Kontoinhaber *").fill("Erika Musterfrau");
  await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
  await expect(page).toHaveURL(/\/empfaengerbestaetigung$/);
  await expectNoViolations(page);
});

test("the recommender journey", async ({ page }) => {
  test.setTimeout(180_000);
  await audit(page, "/login", "telekom");
  await auditErrors(page, "Anmelden");
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@telekom.example");
  await page.getByLabel("Passwort").fill("Demo1234");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/persoenlicherbereich$/);
  await expectNoViolations(page);
  await page.getByRole("link", { name: "Neue Empfehlung" }).click();
  await expectNoViolations(page);
  await page.getByRole("link", { name: "Jetzt empfehlen – MagentaZuhause L" }).click();
  await expectNoViolations(page);
  await auditErrors(page, "Empfehlungslink erstellen", "Die Zustimmung ist erforderlich, um fortzufahren.");
});

test("the reward pickup and the customer number", async ({ page }) => {
  await audit(page, "/praemie?token=rwd-standard-valid-0001", "standard");
  await auditErrors(page, "Prämie wählen", "Bitte wählen Sie eine Prämie.");
  await audit(page, "/kundennummer?token=rwd-standard-valid-0002", "standard");
});
