// Fills the recipient data form (German labels) as a recipient would.
import type { Page } from "@playwright/test";

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
