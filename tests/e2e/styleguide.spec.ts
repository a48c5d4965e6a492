// The styleguide (/styleguide, on in this suite's server by STYLEGUIDE=1): every component in each
// state in each tenant's look, and the dialog opened by a link, in the page's flow without
// JavaScript and modal with it.
import { expect, test } from "@playwright/test";
import { hydrated, portalUrl } from "../support/e2e-env";

const SPECIMENS = ["Knöpfe", "Formular mit Fehlern", "Hinweise", "Karte, Kennzahlen, Status", "Fortschritt"];
/** The error summary in the tenant's tone: friday says "du" (docs/decisions/050). */
const SUMMARY: Record<string, string> = {
  telekom: "Bitte prüfen Sie die 2 markierten Angaben.",
  allianz: "Bitte prüfen Sie die 2 markierten Angaben.",
  standard: "Bitte prüfen Sie die 2 markierten Angaben.",
  friday: "Bitte prüfe die 2 markierten Angaben.",
};

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  for (const [tenant, summary] of Object.entries(SUMMARY)) {
    test(`${tenant}: every component in its states, and a dialog in the page's flow`, async ({ page }) => {
      await page.goto(portalUrl(tenant, "/styleguide"));
      for (const name of SPECIMENS) await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
      await expect(page.getByRole("alert").first()).toContainText(summary);
      await expect(page.getByRole("textbox", { name: "E-Mail-Adresse" })).toHaveAttribute("aria-invalid", "true");
      await page.getByRole("link", { name: "Dialog öffnen …" }).click();
      const dialog = page.getByRole("dialog", { name: "Wirklich löschen?" });
      await expect(dialog).toBeVisible();
      expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(false);
      await dialog.getByRole("link", { name: "Abbrechen" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  }
});

test("with JavaScript the dialog is modal: focus inside, Escape closes it and goes back", async ({ page }) => {
  await page.goto(portalUrl("allianz", "/styleguide"));
  await hydrated(page);
  await page.getByRole("link", { name: "Dialog öffnen …" }).click();
  const dialog = page.getByRole("dialog", { name: "Wirklich löschen?" });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.matches(":modal") && element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(portalUrl("allianz", "/styleguide"));
});

test("checkboxes, radios and choice cards are the portal's own in every state, in the tenant's ink", async ({ page }) => {
  await page.goto(portalUrl("telekom", "/styleguide"));
  const looks = (name: string | RegExp, role: "checkbox" | "radio") =>
    page.getByRole(role, { name }).evaluate((input) => {
      const style = getComputedStyle(input);
      const card = input.closest(".choice-card");
      return {
        appearance: style.appearance,
        border: style.borderTopColor,
        fill: style.backgroundColor,
        card: card ? getComputedStyle(card).borderTopColor : null,
        cursor: style.cursor,
        opacity: style.opacity,
      };
    });
  // The tenant's ink, as the page's links wear it.
  const ink = await page
    .locator("main a.text-brand-ink, main .text-brand-ink")
    .first()
    .evaluate((element) => getComputedStyle(element).color);
  const slate600 = "rgb(71, 85, 105)";
  const white = "rgb(255, 255, 255)";
  expect(await looks("Angekreuzt", "checkbox")).toMatchObject({ appearance: "none", border: ink, fill: ink });
  expect(await looks("Nicht wählbar", "checkbox")).toMatchObject({ appearance: "none", border: slate600, fill: white, opacity: "0.5" });
  // In error: the red of the error texts (red-700).
  expect(await looks("Ich stimme den Teilnahmebedingungen zu.", "checkbox")).toMatchObject({ border: "rgb(185, 28, 28)", fill: white });
  // A choice card: the chosen one framed in the ink, the other in grey.
  expect(await looks(/^Geldprämie/, "radio")).toMatchObject({ appearance: "none", fill: ink, card: ink });
  expect(await looks(/^Gutschein/, "radio")).toMatchObject({
    appearance: "none",
    border: slate600,
    fill: white,
    card: "rgb(203, 213, 225)",
  });
});
