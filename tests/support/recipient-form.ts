// Fills the recipient data form (German labels) as a recipient would.
import { expect, type Page } from "@playwright/test";

export const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

export async function fillRecipient(page: Page, values: { geburtsdatum: string; email: string; nachname?: string }) {
  await page.getByRole("combobox", { name: "Anrede *" }).selectOption("Frau");
  await textbox(page, "Vorname *").fill("Erika");
  await textbox(page, "Nachname *").fill(values.nachname ?? "Musterfrau-Ünal");
  await textbox(page, "Geburtsdatum *").fill(values.geburtsdatum);
  await textbox(page, "E-Mail-Adresse *").fill(values.email);
  await textbox(page, "Telefonnummer *").fill("030 1234567");
  await textbox(page, "Straße *").fill("Lindenstraße");
  await textbox(page, "Hausnummer *").fill("12a");
  await textbox(page, "PLZ *").fill("10969");
  await textbox(page, "Ort *").fill("Berlin");
}

/** The whole journey of allianz's AZ-100003 with JavaScript off, on the portal at `origin`: data, consent, bank data, confirmation. */
export async function walkRecipientJourney(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/empfaengerdaten/AZ-100003`);
  await fillRecipient(page, { geburtsdatum: "07.03.1990", email });
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(`${origin}/empfaenger/zustimmung`);
  await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
  await page.getByRole("button", { name: "Zustimmen und weiter" }).click();
  await expect(page).toHaveURL(`${origin}/bankdaten`);
  await textbox(page, "IBAN *").fill("DE89 3704 0044 0532 0130 00");
  await textbox(page, "Kontoinhaber *").fill("Erika Musterfrau");
  await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
  await expect(page).toHaveURL(`${origin}/empfaengerbestaetigung`);
  await expect(page.getByText("AZ-100003")).toBeVisible();
  // The number explained where it first appears.
  await expect(page.getByText("Unter dieser Nummer führen wir die Empfehlung. Nennen Sie sie, wenn Sie uns dazu schreiben.")).toBeVisible();
}
