// The reward pickup with a reward token from a link: choose, bank data for cash, thanks.
import { expect, test } from "@playwright/test";
import { accessibleNames, invalidControls } from "../support/accessibility-tree";
import { hydrated, portalUrl } from "../support/e2e-env";

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("cash: the token leaves the address bar, bank data is asked before payout", async ({ page }) => {
    await page.goto(portalUrl("telekom", "/praemie?token=rwd-telekom-valid-0001"));
    await expect(page).toHaveURL(portalUrl("telekom", "/praemie"));
    await expect(page.getByRole("heading", { name: "Wählen Sie Ihre Prämie" })).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(2);
    await expect(page.getByText("Sommeraktion")).toHaveCount(0);
    await expect(page.getByText("wählbar bis")).toBeVisible();
    // The link opened in this browser lapses: said before, with a way to keep going, and that the reward is kept.
    await expect(
      page.getByText(
        /^Ihr Prämienlink bleibt in diesem Browser bis \d{2}:\d{2} Uhr am \d{2}\.\d{2}\.\d{4} geöffnet\..*Ihre Prämie bleibt erhalten\.$/,
      ),
    ).toBeVisible();
    await page.getByRole("button", { name: "Mehr Zeit" }).click();
    await expect(page).toHaveURL(portalUrl("telekom", "/praemie"));
    await page.getByRole("radio", { name: /Geldprämie: 50 €/ }).check();
    await page.getByRole("button", { name: "Prämie wählen" }).click();

    await expect(page).toHaveURL(portalUrl("telekom", "/empfehler/bankdaten"));
    await page.getByRole("textbox", { name: "IBAN *" }).fill("DE88370400440532013000");
    await page.getByRole("textbox", { name: "Kontoinhaber *" }).fill("Anna Schmidt");
    await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
    await expect(page.getByText("IBAN ist nicht gültig")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Kontoinhaber *" })).toHaveValue("Anna Schmidt");
    await page.getByRole("textbox", { name: "IBAN *" }).fill("DE89370400440532013000");
    await page.getByRole("button", { name: "Bankverbindung speichern" }).click();

    await expect(page).toHaveURL(portalUrl("telekom", "/praemiedanke"));
    await expect(page.getByText(/^Ihre Wahl: Geldprämie über 50\s€\.$/)).toBeVisible();
    await expect(page.getByText("Wir überweisen Ihre Prämie spätestens 4 Wochen nach Ihrer Wahl auf Ihr Konto.")).toBeVisible();

    await page.goto(portalUrl("telekom", "/praemie"));
    await expect(page.getByRole("alert")).toHaveText("Diese Prämie wurde bereits abgeholt. Gewählt: Geldprämie.");
  });

  test("voucher: a preselected reward goes straight to the thanks", async ({ page }) => {
    await page.goto(portalUrl("allianz", "/praemie/202?token=rwd-allianz-valid-0001"));
    await expect(page).toHaveURL(portalUrl("allianz", "/praemie/202"));
    await expect(page.getByRole("radio", { name: /Einkaufsgutschein: 70 €/ })).toBeChecked();
    await page.getByRole("button", { name: "Prämie wählen" }).click();
    await expect(page).toHaveURL(portalUrl("allianz", "/praemiedanke"));
    // The thanks names the reward and its amount, when it comes, and offers to recommend again: no dead end.
    await expect(page.getByText(/^Ihre Wahl: Einkaufsgutschein über 70\s€\.$/)).toBeVisible();
    await expect(page.getByText("Ihren Gutschein erhalten Sie innerhalb von 24 Stunden per E-Mail.")).toBeVisible();
    const again = page.getByRole("region", { name: "Noch jemanden empfehlen?" });
    await expect(again).toContainText(/Sie: 50\s€ aufs Konto oder 70\s€ als Gutschein\s*Ihr Kontakt: bis zu 50\s€/);
    await again.getByRole("link", { name: "Jetzt empfehlen" }).click();
    await expect(page).toHaveURL(portalUrl("allianz", "/empfehlen"));
  });

  test("an invalid and an expired reward token get their messages and a way forward", async ({ page }) => {
    await page.goto(portalUrl("standard", "/praemie?token=not-a-valid-token"));
    await expect(page.getByRole("alert")).toHaveText("Der Prämienlink ist ungültig.");
    await expect(page.getByRole("link", { name: "Zum Kontaktformular" })).toBeVisible();
    await page.goto(portalUrl("standard", "/praemie?token=rwd-standard-expired-0001"));
    await expect(page.getByRole("alert")).toHaveText("Der Prämienlink ist abgelaufen.");
    // The title says what the page shows, not the choice it cannot offer.
    await expect(page).toHaveTitle("Prämie nicht verfügbar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prämie nicht verfügbar");
    // The reward stays: a new pickup link from the personal area (its login first), not a dead end.
    await expect(page.getByText("Ihre Prämie geht nicht verloren")).toBeVisible();
    await expect(page.getByRole("link", { name: "Neuen Empfehlungslink erstellen" })).toHaveCount(0);
    await page.getByRole("link", { name: "Neuen Abhollink anfordern" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpersoenlicherbereich$/);
    await page.goto(portalUrl("standard", "/kundennummer?token=rwd-standard-expired-0001"));
    await expect(page).toHaveTitle("Prämie nicht verfügbar");
  });

  test("the customer number goes to the goodwill thanks", async ({ page }) => {
    await page.goto(portalUrl("friday", "/kundennummer?token=rwd-friday-valid-0002"));
    await expect(page).toHaveURL(portalUrl("friday", "/kundennummer"));
    // The term explained where it first appears: where the customer number is found.
    await expect(page.getByRole("textbox", { name: "Kundennummer *" })).toHaveAccessibleDescription(
      "Deine Kundennummer steht auf deinem Vertrag und auf jeder Rechnung von uns.",
    );
    await page.getByRole("textbox", { name: "Kundennummer *" }).fill("KD-778899");
    await page.getByRole("button", { name: "Kundennummer senden" }).click();
    await expect(page).toHaveURL(portalUrl("friday", "/kulanzdanke"));
    await page.goto(portalUrl("friday", "/kundennummer"));
    await expect(page.getByText("Deine Kundennummer KD-778899 liegt uns bereits vor.")).toBeVisible();
  });

  test("submitting without a choice: the title says so, the message has the focus, the rewards stay; none is invalid before", async ({
    page,
  }) => {
    await page.goto(portalUrl("telekom", "/praemie?token=rwd-telekom-valid-0002"));
    // Required, and said so on the group; no radio is exposed as invalid before a choice (Chromium's tree, as a screen reader gets it).
    await expect(page.getByRole("radiogroup", { name: "Prämie" })).toHaveAttribute("aria-required", "true");
    const invalid = await invalidControls(page);
    expect(invalid).toEqual([]);
    const title = await page.title();
    await page.getByRole("button", { name: "Prämie wählen" }).click();
    await expect(page.getByText("Bitte wählen Sie eine Prämie.")).toBeVisible();
    await expect(page).toHaveTitle(`Fehler: ${title}`);
    await expect(page.getByRole("alert").first()).toBeFocused();
    await expect(page.getByRole("radio")).toHaveCount(2);
    // The group in error says so; the radios' names are the words as written, without the soft hyphens the eye gets.
    await expect(page.getByRole("radiogroup", { name: "Prämie" })).toHaveAttribute("aria-invalid", "true");
    expect(await page.locator(".choice-card").first().innerHTML()).toContain("\u00AD");
    const names = await accessibleNames(page, "radio");
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).not.toContain("\u00AD");
    expect(names[0]).toMatch(/^Geldprämie: 50\s€/);
    expect(await invalidControls(page)).toContain("radiogroup: Prämie");
  });

  test("in forced colours a filled button keeps a visible boundary", async ({ page }) => {
    await page.emulateMedia({ forcedColors: "active" });
    await page.goto(portalUrl("telekom", "/empfaengerdaten/TK-100001"));
    const border = await page
      .getByRole("button", { name: "Weiter" })
      .evaluate((button) => getComputedStyle(button).borderTopStyle + " " + getComputedStyle(button).borderTopWidth);
    expect(border).toBe("solid 2px");
  });

  test("reward graphics come through the portal", async ({ page }) => {
    await page.goto(portalUrl("friday", "/praemie?token=rwd-friday-valid-0001"));
    const image = page.locator("img").first();
    await expect(image).toBeVisible();
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});

test.describe("with JavaScript on", () => {
  test("choosing a voucher", async ({ page }) => {
    await page.goto(portalUrl("standard", "/praemie?token=rwd-standard-valid-0001"));
    await hydrated(page);
    await page.getByRole("radio", { name: /Einkaufsgutschein/ }).check();
    await page.getByRole("button", { name: "Prämie wählen" }).click();
    await expect(page).toHaveURL(portalUrl("standard", "/praemiedanke"));
    await expect(page.getByText("Ihren Gutschein erhalten Sie innerhalb von 24 Stunden per E-Mail.")).toBeVisible();
  });

  test("five minutes before the reward link lapses the page says so aloud, and 'Mehr Zeit' keeps it open", async ({ page }) => {
    await page.clock.install();
    // A link no other test collects.
    await page.goto(portalUrl("telekom", "/praemie?token=rwd-telekom-valid-0002"));
    await hydrated(page);
    const status = page.locator(".notice").getByRole("status");
    await expect(status).toHaveText("");
    // Kept two hours from the link's opening: an hour and 56 minutes later the warning comes.
    await page.clock.fastForward("01:56:00");
    await expect(status).toHaveText(/^Nur noch wenige Minuten bis \d{2}:\d{2} Uhr\. Mit „Mehr Zeit“ geht es weiter\.$/);
    await page.getByRole("button", { name: "Mehr Zeit" }).click();
    await expect(page).toHaveURL(portalUrl("telekom", "/praemie"));
    await expect(page.getByRole("radio").first()).toBeVisible();
  });
});
