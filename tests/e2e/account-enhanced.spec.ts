// The recommender's forms with JavaScript on: the same server-side validation, answered in place
// without a page load, with focus on the first field in error.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { hydrated, mailedLink, portalUrl } from "../support/e2e-env";

test("register, complete from the mail, then recommend and reach the share page, all answered in place", async ({ page }) => {
  const email = `js-${randomBytes(4).toString("hex")}@example.org`;
  await page.goto(portalUrl("standard", "/registrieren"));
  await hydrated(page);
  await page.getByLabel("Vorname").fill("Jana");
  await page.getByLabel("Nachname").fill("Jung");
  await page.getByLabel("E-Mail-Adresse", { exact: true }).fill("keine-adresse");
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(page.getByText("Dies ist keine gültige E-Mail-Adresse.")).toBeVisible();
  await expect(page.getByLabel("E-Mail-Adresse", { exact: true })).toBeFocused();
  await page.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await page.getByLabel("E-Mail-Adresse wiederholen").fill(email);
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(page.getByRole("status")).toContainText(email);

  await page.goto(portalUrl("standard", await mailedLink(email, "welcome")));
  await hydrated(page);
  await page.getByLabel("Neues Passwort", { exact: true }).fill("Sicher123");
  await page.getByLabel("Neues Passwort wiederholen").fill("Sicher12");
  await page.getByRole("button", { name: "Registrierung abschließen" }).click();
  await expect(page.getByText("Die Passwörter stimmen nicht überein.")).toBeVisible();
  await page.getByLabel("Neues Passwort", { exact: true }).fill("Sicher123");
  await page.getByLabel("Neues Passwort wiederholen").fill("Sicher123");
  await page.getByRole("button", { name: "Registrierung abschließen" }).click();
  await expect(page).toHaveURL(portalUrl("standard", "/persoenlicherbereich"));

  // A new account's area is empty, and says where to start.
  await page.getByRole("link", { name: "Ihre erste Empfehlung" }).click();
  await page.getByRole("link", { name: "Jetzt empfehlen – Gas Basis" }).click();
  await page.getByRole("radio", { name: "Mein Kontakt erhält die ganze Prämie." }).check();
  await page.getByRole("button", { name: "Empfehlungslink erstellen" }).click();
  await expect(page.getByText("Bitte bestätigen Sie, dass Sie mindestens 18 Jahre alt sind und als Privatperson empfehlen.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /mindestens 18 Jahre alt/ })).toBeFocused();
  await expect(page.getByRole("radio", { name: "Mein Kontakt erhält die ganze Prämie." })).toBeChecked();
  await page.getByRole("checkbox", { name: /mindestens 18 Jahre alt/ }).check();
  await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
  await page.getByRole("button", { name: "Empfehlungslink erstellen" }).click();
  await expect(page).toHaveURL(/\/empfehlung\/ST-\d+\?erstellt$/);
  await expect(page.getByRole("button", { name: "Link kopieren" })).toBeVisible();
});

test("a slow login: the button is disabled, says it is busy, and a second tap posts nothing", async ({ page }) => {
  await page.goto(portalUrl("telekom", "/login"));
  await hydrated(page);
  let posts = 0;
  // The portal's answer to the post is held for a second, as a slow backend would hold it.
  await page.route("**/login.data*", async (route) => {
    if (route.request().method() === "POST") posts += 1;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@telekom.example");
  await page.getByLabel("Passwort").fill("Demo1234");
  const button = page.locator("main form button[type=submit]").first();
  await button.click();
  await expect(button).toHaveText("Wird gesendet …");
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute("aria-busy", "true");
  await button.click({ force: true });
  await expect(page).toHaveURL(/\/persoenlicherbereich$/);
  expect(posts).toBe(1);
});

test("after a client-side navigation, focus is on the new page's heading and its title is announced", async ({ page }) => {
  await page.goto(portalUrl("telekom", "/login"));
  await hydrated(page);
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@telekom.example");
  await page.getByLabel("Passwort").fill("Demo1234");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/persoenlicherbereich$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.locator("[aria-live=polite]")).toHaveText(await page.title());
  await page.getByRole("link", { name: "Neue Empfehlung" }).click();
  await expect(page).toHaveURL(/\/empfehlen$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.locator("[aria-live=polite]")).toHaveText(await page.title());
});

test("a failed login answered in place moves the focus to what went wrong, every time", async ({ page }) => {
  await page.goto(portalUrl("allianz", "/login"));
  await hydrated(page);
  // An address without an account gets the same answer, and uses up no one's budget of tries.
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("niemand@allianz.example");
  for (let attempt = 0; attempt < 2; attempt++) {
    await page.getByLabel("Passwort", { exact: true }).fill("Falsch123");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("alert")).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
    await expect(page.getByRole("alert")).toBeFocused();
  }
});
