// The recipient journey: link, data, consent, bank data, confirmation; as recipients on
// low-end phones use it (JavaScript off) and with JavaScript on.
import { type Page } from "@playwright/test";
import { createSealer } from "../../bff/platform/seal.server";
import { createTokenCookies } from "../../bff/session/cookies.server";
import { invalidControls } from "../support/accessibility-tree";
import { E2E_SESSION_SECRET, E2E_SIMULATOR_PORT, hydrated, portalUrl, serverUrl } from "../support/e2e-env";
import { expect, openRecipientForm, test } from "../support/playwright-utils";
import { fillRecipient, textbox, walkRecipientJourney } from "../support/recipient-form";

/** The simulator's recipients with this e-mail address. */
async function recipientsWith(email: string) {
  const recipients = (await (await fetch(`http://127.0.0.1:${E2E_SIMULATOR_PORT}/__recipients`)).json()) as { email: string }[];
  return recipients.filter((recipient) => recipient.email === email);
}

/** The consent page's terms accepted: on to the bank data (telekom). */
async function consentToBankData(page: Page) {
  await page.getByRole("checkbox", { name: /Ich akzeptiere/ }).check();
  await page.getByRole("button", { name: "Zustimmen und weiter" }).click();
  await expect(page).toHaveURL(portalUrl("telekom", "/bankdaten"));
}

/** A browser without native form validation: the server's messages are all it gets. */
async function withoutNativeValidation(page: Page) {
  await page
    .locator("form[method=post]")
    .last()
    .evaluate((form) => ((form as HTMLFormElement).noValidate = true));
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("autofill fills each field with what it is for: salutation, names, and street and house number apart", async ({
    page,
    recipientForm,
  }) => {
    await recipientForm({ tenant: "allianz", empfehlungsnummer: "AZ-100003" });
    await expect(page.getByRole("combobox", { name: "Anrede *" })).toHaveAttribute("autocomplete", "honorific-prefix");
    await expect(textbox(page, "Vorname *")).toHaveAttribute("autocomplete", "given-name");
    // No token names the street alone: address-line1 would put the house number into it too.
    expect(await textbox(page, "Straße *").getAttribute("autocomplete")).toBeNull();
    expect(await textbox(page, "Hausnummer *").getAttribute("autocomplete")).toBeNull();
    await expect(textbox(page, "PLZ *")).toHaveAttribute("autocomplete", "postal-code");
  });

  test("link to confirmation: wrong input first, then right input, nothing typed is lost", async ({ page, recipientForm }) => {
    const unique = `erika.${Date.now()}@example.org`;
    await recipientForm({ tenant: "allianz", empfehlungsnummer: "AZ-100003", channel: "whatsapp" });
    await expect(page.getByRole("heading", { level: 1, name: "Anna S. empfiehlt Ihnen Kfz-Versicherung" })).toBeVisible();
    await expect(page.getByText("Für Sie: bis zu 50 € Prämie.")).toBeVisible();
    await expect(
      page.getByText("Ihre Prämie überweisen wir, sobald Ihr Vertrag abgeschlossen ist: meist nach 4 bis 6 Wochen"),
    ).toBeVisible();
    await expect(page.locator('img[src$="/grafik100"]')).toHaveCount(1);

    // Nothing is exposed as invalid before input (the Anrede select, the checkboxes included); required ones say so.
    expect(await invalidControls(page)).toEqual([]);
    // Required by aria-required, which Chromium exposes to screen readers (its IsRequired reads it; the DevTools tree
    // lists no 'required' for a select or checkbox, even a natively required one): the attribute is what is checked.
    await expect(page.getByRole("combobox", { name: /Anrede/ })).toHaveAttribute("aria-required", "true");
    const title = await page.title();

    await fillRecipient(page, { geburtsdatum: "31.02.1990", email: "demo@allianz.example" });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByText("Geburtsdatum ist nicht gültig")).toBeVisible();
    // Without JavaScript the page that comes back says it failed first: in its title, and with the focus on its summary.
    await expect(page).toHaveTitle(`Fehler: ${title}`);
    await expect(page.getByRole("alert").filter({ hasText: "Bitte prüfen Sie die 2 markierten Angaben." })).toBeFocused();
    await expect(page.getByText("Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein.")).toBeVisible();
    await expect(textbox(page, "Nachname *")).toHaveValue("Musterfrau-Ünal");
    await expect(textbox(page, "Hausnummer *")).toHaveValue("12a");
    await expect(page.getByRole("combobox", { name: "Anrede *" })).toHaveValue("Frau");
    await expect(textbox(page, "E-Mail-Adresse *")).toHaveAttribute("aria-invalid", "true");
    // Above the form: how many entries to check, and a link to the first.
    const summary = page.getByRole("alert");
    await expect(summary).toHaveText("Bitte prüfen Sie die 2 markierten Angaben. Zur ersten markierten Angabe");
    await summary.getByRole("link", { name: "Zur ersten markierten Angabe" }).click();
    await expect(page).toHaveURL(/#recipient-data-geburtsdatum$/);
    await expect(textbox(page, "Geburtsdatum *")).toBeFocused();

    await textbox(page, "Geburtsdatum *").fill("07.03.1990");
    await textbox(page, "E-Mail-Adresse *").fill(unique);
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(portalUrl("allianz", "/empfaenger/zustimmung"));

    // The draft is kept for two hours, and the page says until when before it is lost, with a way to keep it (WCAG 2.2.6).
    await expect(page.getByText(/^Ihre Angaben bewahren wir bis \d{2}:\d{2} Uhr am \d{2}\.\d{2}\.\d{4} für Sie auf\./)).toBeVisible();
    const draft = async () => (await page.context().cookies()).find((cookie) => cookie.name.endsWith("rp_recipient_draft"))?.value;
    const before = await draft();
    await page.getByRole("button", { name: "Mehr Zeit" }).click();
    // Back on the same page, its data kept longer: the draft's cookie written anew.
    await expect(page).toHaveURL(portalUrl("allianz", "/empfaenger/zustimmung"));
    expect(await draft()).not.toBe(before);
    await expect(page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ })).toBeVisible();
    await withoutNativeValidation(page);
    await page.getByRole("button", { name: "Zustimmen und weiter" }).click();
    await expect(page.getByText("Bitte stimmen Sie den Teilnahmebedingungen zu, um fortzufahren.")).toBeVisible();
    await expect(page.getByText("Die Zustimmung ist erforderlich, um fortzufahren.")).toBeVisible();
    // A form's own message takes the focus too (no field summary before it may claim the page's one autofocus).
    await expect(page.getByRole("alert").filter({ hasText: "Die Zustimmung ist erforderlich, um fortzufahren." })).toBeFocused();
    // What is accepted is one click away, in a new tab, so the form stays as it is.
    for (const [name, href] of [
      ["Teilnahmebedingungen", "/agb"],
      ["Datenschutzhinweise", "/datenschutz"],
    ]) {
      const link = page.getByRole("link", { name: new RegExp(`^${name} \\(öffnet in einem neuen Tab\\)$`) });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
    }
    const terms = page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ });
    await expect(terms).toHaveAttribute("aria-required", "true");
    await terms.check();
    await page.getByRole("button", { name: "Zustimmen und weiter" }).click();
    await expect(page).toHaveURL(portalUrl("allianz", "/bankdaten"));
    // The backend keeps exactly the words the recipient read.
    const recipients = (await (await fetch(`http://127.0.0.1:${E2E_SIMULATOR_PORT}/__recipients`)).json()) as {
      email: string;
      agbText: string | null;
    }[];
    expect(recipients.find((recipient) => recipient.email === unique)?.agbText).toBe(
      "Ich akzeptiere die Teilnahmebedingungen und habe die Datenschutzhinweise gelesen.",
    );

    await textbox(page, "IBAN *").fill("DE88 3704 0044 0532 0130 00");
    await textbox(page, "Kontoinhaber *").fill("Erika Musterfrau");
    await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
    await expect(page.getByText("IBAN ist nicht gültig")).toBeVisible();
    await expect(textbox(page, "IBAN *")).toHaveValue("DE88 3704 0044 0532 0130 00");
    await expect(textbox(page, "Kontoinhaber *")).toHaveValue("Erika Musterfrau");
    await textbox(page, "IBAN *").fill("DE89 3704 0044 0532 0130 00");
    await page.getByRole("button", { name: "Bankverbindung speichern" }).click();

    await expect(page).toHaveURL(portalUrl("allianz", "/empfaengerbestaetigung"));
    await expect(page.getByRole("heading", { name: "Vielen Dank!" })).toBeVisible();
    await expect(page.getByText("AZ-100003")).toBeVisible();
    // The recipient's own reward, from the backend (their share of the recommendation's reward).
    await expect(
      page.getByRole("definition").filter({ hasText: /^[\d,]+\s€, wenn Ihr Vertrag abgeschlossen ist$|^Die Prämie erhält Anna S\.$/ }),
    ).toBeVisible();
    await expect(page.getByText("In Bearbeitung")).toBeVisible();
    // What happens next and when the reward is paid; then an invitation to recommend in turn, with the best a recommendation brings.
    await expect(page.getByRole("heading", { name: "So geht es weiter" })).toBeVisible();
    await expect(page.getByText(/zahlen wir Ihre Prämie aus: meist nach 4 bis 6 Wochen, spätestens nach 3 Monaten\.$/)).toBeVisible();
    const invite = page.getByRole("region", { name: "Empfehlen Sie uns weiter" });
    await expect(invite).toContainText(
      /Für jede erfolgreiche Empfehlung gilt:\s*Sie: 50\s€ aufs Konto oder 70\s€ als Gutschein\s*Ihr Kontakt: bis zu 50\s€/,
    );
    // No per cent anywhere: an amount says it.
    await expect(page.getByText(/Anteil: \d+ %/)).toHaveCount(0);
    await expect(invite.getByRole("link", { name: "Jetzt selbst empfehlen" })).toHaveAttribute("href", "/empfehlen");

    // Coming back to the link goes on where the journey stands, instead of a second recipient.
    await recipientForm({ tenant: "allianz", empfehlungsnummer: "AZ-100003" });
    await expect(page).toHaveURL(portalUrl("allianz", "/empfaengerbestaetigung"));
  });

  test("a stepper says where the recipient is, and the reward stays in view on every step", async ({ page, recipientForm }) => {
    const steps = page.getByRole("list", { name: "Fortschritt" }).getByRole("listitem");
    const current = page.getByRole("list", { name: "Fortschritt" }).locator('[aria-current="step"]');
    await recipientForm({ tenant: "allianz", empfehlungsnummer: "AZ-100003" });
    await expect(steps).toHaveText(["1Ihre Daten", "2Zustimmung", "3Bankverbindung"]);
    await expect(current).toHaveText("1Ihre Daten");
    await fillRecipient(page, { geburtsdatum: "07.03.1990", email: `stepper.${Date.now()}@example.org` });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(current).toHaveText("2Zustimmung");
    await expect(steps.first()).toHaveText("✓Ihre Daten (erledigt)");
    await expect(page.getByText("Ihre Prämie: bis zu 50 €")).toBeVisible();
    await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
    await page.getByRole("button", { name: "Zustimmen und weiter" }).click();
    await expect(current).toHaveText("3Bankverbindung");
    await expect(page.getByText("Ihre Prämie: bis zu 50 €")).toBeVisible();
    await page.getByRole("button", { name: "Später angeben" }).click();
    await expect(page).toHaveURL(portalUrl("allianz", "/empfaengerbestaetigung"));
    await expect(current).toHaveCount(0);
    await expect(steps).toHaveText(["✓Ihre Daten (erledigt)", "✓Zustimmung (erledigt)", "✓Bankverbindung (erledigt)"]);

    // Where the terms are accepted with the data there is no consent step; without a share, no bank step.
    await recipientForm({ tenant: "standard", empfehlungsnummer: "ST-100003" });
    await expect(steps).toHaveText(["1Ihre Daten", "2Bankverbindung"]);
    await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100001" });
    await expect(steps).toHaveText(["1Ihre Daten", "2Zustimmung"]);
  });

  test("the landing greets by name and shows the product first: its card beside the form from 1024 px, above it on a phone", async ({
    page,
    recipientForm,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100003" });
    await expect(page.getByRole("heading", { level: 1, name: "Anna S. empfiehlt Ihnen MagentaZuhause M" })).toBeVisible();
    const card = page.getByRole("region", { name: "MagentaZuhause M", exact: true });
    await expect(card.getByText(/^39,95\s€ im Monat · 69,95\s€ einmalig$/)).toBeVisible();
    await expect(card.getByRole("listitem").first()).toBeVisible();
    await expect(card.getByText("Für Sie: bis zu 50 € Prämie.")).toBeVisible();
    await expect(card.getByRole("heading", { name: "So geht es weiter" })).toBeVisible();
    await expect(card.getByText("Wir melden uns bei Ihnen mit Ihrem persönlichen Angebot.")).toBeVisible();
    const [beside, form] = [await card.boundingBox(), await textbox(page, "Vorname *").boundingBox()];
    expect(form!.x).toBeGreaterThan(beside!.x + beside!.width);
    await page.setViewportSize({ width: 390, height: 800 });
    const [above, field] = [await card.boundingBox(), await textbox(page, "Vorname *").boundingBox()];
    expect(field!.y).toBeGreaterThan(above!.y + above!.height);
  });

  test("a shared reward shows the recipient's half", async ({ page, recipientForm }) => {
    await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100004" });
    await expect(page.getByText("Sie und Anna S. teilen sich die Prämie: Für Sie gibt es bis zu 25 €.")).toBeVisible();
    await expect(page.locator('img[src$="/grafik50empfaenger"]')).toHaveCount(1);
  });

  test("a tenant with AgbCheckBoxAutoAccept skips the consent step; a foreign IBAN is refused where only German ones are allowed", async ({
    page,
    recipientForm,
  }) => {
    await recipientForm({ tenant: "standard", empfehlungsnummer: "ST-100003" });
    await fillRecipient(page, { geburtsdatum: "01.01.1980", email: `at.${Date.now()}@example.org` });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(portalUrl("standard", "/bankdaten"));
    await expect(page.getByText("Es sind nur deutsche IBANs möglich.")).toBeVisible();
    await textbox(page, "IBAN *").fill("AT611904300234573201");
    await textbox(page, "Kontoinhaber *").fill("Erika Musterfrau");
    await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
    await expect(page.getByText("IBAN ist nicht gültig")).toBeVisible();
  });

  test("a recipient whose recommender keeps the whole reward is asked no bank data, and the confirmation says who gets it", async ({
    page,
    recipientForm,
  }) => {
    // TK-100001: the recommender keeps 100 %.
    await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100001" });
    await expect(page.getByText("Die Prämie erhält Anna S.", { exact: true })).toBeVisible();
    await fillRecipient(page, { geburtsdatum: "07.03.1990", email: `ohne-anteil.${Date.now()}@example.org` });
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
    await page.getByRole("button", { name: "Zustimmen und weiter" }).click();
    await expect(page).toHaveURL(portalUrl("telekom", "/empfaengerbestaetigung"));
    // The confirmation names the recommender as the landing did.
    await expect(page.getByRole("definition").filter({ hasText: /^Die Prämie erhält Anna S\.$/ })).toBeVisible();
    await expect(page.getByText("Sobald Ihr Vertrag abgeschlossen ist, erhält Anna S. die Prämie.")).toBeVisible();
    await expect(page.getByText(/Bankverbindung/)).toHaveCount(0);
    await page.goto(portalUrl("telekom", "/bankdaten"));
    await expect(page).toHaveURL(portalUrl("telekom", "/empfaengerbestaetigung"));
  });

  test("the confirmation's labels stand above their values on a phone, beside them from 768 px", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 900 });
    await walkRecipientJourney(page, portalUrl("allianz", ""), `schmal.${Date.now()}@example.org`);
    const label = page.locator("dt", { hasText: "Ihre Prämie" });
    const value = label.locator("xpath=following-sibling::dd[1]");
    const [labelBox, valueBox] = [await label.boundingBox(), await value.boundingBox()];
    expect(valueBox!.y).toBeGreaterThanOrEqual(labelBox!.y + labelBox!.height - 1);
    await page.setViewportSize({ width: 768, height: 900 });
    expect((await value.boundingBox())!.y).toBeCloseTo((await label.boundingBox())!.y, 0);
  });

  test("Back from the confirmation does not offer the given bank data's empty form again", async ({ page }) => {
    await walkRecipientJourney(page, portalUrl("allianz", ""), `zurueck.${Date.now()}@example.org`);
    await page.goBack();
    await expect(page).toHaveURL(portalUrl("allianz", "/empfaengerbestaetigung"));
    await expect(page.getByRole("textbox", { name: "IBAN *" })).toHaveCount(0);
  });

  test("Back from consent corrects the data: the form comes back filled, and only the corrected data reaches the backend, once", async ({
    page,
    recipientForm,
  }) => {
    const email = `korrektur.${Date.now()}@example.org`;
    await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100004" });
    await fillRecipient(page, { geburtsdatum: "07.03.1990", email, nachname: "Tippfehlr" });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(portalUrl("telekom", "/empfaenger/zustimmung"));
    // Before consent the backend has nothing: the data waits, sealed, in the browser.
    expect(await recipientsWith(email)).toHaveLength(0);
    const given = page.getByRole("region", { name: "Ihre Angaben" });
    await expect(given).toContainText("Erika Tippfehlr");
    await expect(given).toContainText("Lindenstraße 12a, 10969 Berlin");

    await page.goBack();
    await expect(page).toHaveURL(portalUrl("telekom", "/empfaengerdaten/TK-100004"));
    await expect(textbox(page, "Nachname *")).toHaveValue("Tippfehlr");
    await expect(textbox(page, "E-Mail-Adresse *")).toHaveValue(email);
    await expect(page.getByRole("combobox", { name: "Anrede *" })).toHaveValue("Frau");
    await textbox(page, "Nachname *").fill("Tippfehler");
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByRole("region", { name: "Ihre Angaben" })).toContainText("Erika Tippfehler");

    // The link on the consent page leads back as well.
    await page.getByRole("link", { name: "Angaben ändern" }).click();
    await expect(textbox(page, "Nachname *")).toHaveValue("Tippfehler");
    await page.getByRole("button", { name: "Weiter" }).click();
    await consentToBankData(page);
    expect(await recipientsWith(email)).toEqual([
      expect.objectContaining({ name: "Tippfehler", completed: true, agbText: expect.stringContaining("Teilnahmebedingungen") }),
    ]);
    // Once consented, the data is the backend's: the form leads on to the step that is due.
    await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100004" });
    await expect(page).toHaveURL(portalUrl("telekom", "/bankdaten"));
  });

  test("the address addition is optional, kept through a wrong entry, shown at consent and sent with the address", async ({
    page,
    recipientForm,
  }) => {
    const email = `zusatz.${Date.now()}@example.org`;
    await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100004" });
    await withoutNativeValidation(page);
    await fillRecipient(page, { geburtsdatum: "07.03.1990", email });
    await expect(page.getByText("Zum Beispiel „c/o“ (care of: bei jemandem wohnend), Wohnung oder Hinterhaus. Freiwillig.")).toBeVisible();
    await textbox(page, "Adresszusatz").fill("x".repeat(61));
    await textbox(page, "PLZ *").fill("1096");
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(textbox(page, "Adresszusatz")).toHaveAccessibleDescription(/Adresszusatz ist nicht gültig/);
    await expect(textbox(page, "PLZ *")).toHaveAccessibleDescription(/PLZ ist nicht gültig/);
    await expect(textbox(page, "Adresszusatz")).toHaveValue("x".repeat(61));
    await textbox(page, "Adresszusatz").fill("c/o Muster");
    await textbox(page, "PLZ *").fill("10969");
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByRole("region", { name: "Ihre Angaben" })).toContainText("Lindenstraße 12a, c/o Muster, 10969 Berlin");
    await page.getByRole("link", { name: "Angaben ändern" }).click();
    await expect(textbox(page, "Adresszusatz")).toHaveValue("c/o Muster");
    await page.getByRole("button", { name: "Weiter" }).click();
    await consentToBankData(page);
    expect(await recipientsWith(email)).toEqual([
      expect.objectContaining({
        address: { Strasse: "Lindenstraße", Hausnummer: "12a", Adresszusatz: "c/o Muster", Plz: "10969", Ort: "Berlin" },
      }),
    ]);
  });

  test("bank data can wait: 'later' goes on to the confirmation, which offers them again", async ({ page, recipientForm }) => {
    await recipientForm({ tenant: "standard", empfehlungsnummer: "ST-100003" });
    await fillRecipient(page, { geburtsdatum: "01.01.1980", email: `later.${Date.now()}@example.org` });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(portalUrl("standard", "/bankdaten"));
    await page.getByRole("button", { name: "Später angeben" }).click();
    await expect(page).toHaveURL(portalUrl("standard", "/empfaengerbestaetigung"));
    await expect(page.getByText("Sie haben noch keine Bankverbindung angegeben.")).toBeVisible();
    await page.getByRole("link", { name: "Bankverbindung jetzt angeben" }).click();
    await textbox(page, "IBAN *").fill("DE89 3704 0044 0532 0130 00");
    await textbox(page, "Kontoinhaber *").fill("Erika Musterfrau");
    await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
    await expect(page).toHaveURL(portalUrl("standard", "/empfaengerbestaetigung"));
    await expect(page.getByText("Sie haben noch keine Bankverbindung angegeben.")).toHaveCount(0);
  });

  test("an offline code leads to the recipient form", async ({ page }) => {
    await page.goto(portalUrl("friday", "/code"));
    await page.getByRole("textbox", { name: "Empfehlungscode" }).fill("frcode26");
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(portalUrl("friday", "/empfaengerdaten/FR-100001"));
    // friday says "du" (docs/decisions/050).
    await expect(page.getByRole("heading", { level: 1, name: /^Anna S\. empfiehlt dir / })).toBeVisible();
  });

  test("the insurance programme's links land on the recipient form, keeping the channel", async ({ page }) => {
    const hex = Buffer.from("FR-100003").toString("hex");
    for (const path of [`/empfehlen/FR-100003/${hex}?channel=sms`, `/empfehlen/any/FR-100003/${hex}`]) {
      await page.goto(portalUrl("friday", path));
      await expect(page).toHaveURL(new RegExp(`/empfaengerdaten/FR-100003`));
      await expect(page.getByRole("heading", { level: 1, name: /^Anna S\. empfiehlt dir / })).toBeVisible();
    }
    await page.goto(portalUrl("friday", "/empfehlen/FR-100003/abcdef"));
    await expect(page).toHaveURL(portalUrl("friday", "/empfehlungabgelaufen"));
  });

  test("/danke shows the steps after an offline recommendation", async ({ page }) => {
    await page.goto(portalUrl("friday", "/danke"));
    await expect(page.getByRole("heading", { name: "Vielen Dank für deine Empfehlung!" })).toBeVisible();
    await expect(page.getByRole("listitem")).toHaveCount(3);
  });

  test("a recipient token in a link goes into the cookie and out of the address bar", async ({ page }) => {
    const response = await page.goto(portalUrl("telekom", "/bankdaten?token=recipient-token-from-mail&x=1"));
    // The page asks the backend with the token (is bank data still asked?); the simulator knows no such token
    // (401): the link has ended, and the recipient gets the journey's expired page with the way to start again.
    await expect(page).toHaveURL(portalUrl("telekom", "/empfehlungabgelaufen"));
    const visited: string[] = [];
    for (let request = response?.request() ?? null; request; request = request.redirectedFrom()) visited.unshift(request.url());
    expect(visited).toEqual([
      portalUrl("telekom", "/bankdaten?token=recipient-token-from-mail&x=1"),
      portalUrl("telekom", "/bankdaten?x=1"),
      portalUrl("telekom", "/empfehlungabgelaufen"),
    ]);
    await expect(page.getByRole("link", { name: "Sie haben einen Empfehlungscode? Hier eingeben." })).toBeVisible();
    expect(await page.content()).not.toContain("recipient-token-from-mail");
  });

  test("an expired recommendation gets the expired page with its message and the ways on: a new link, a code, the offers, a question", async ({
    page,
    recipientForm,
  }) => {
    await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100002" });
    await expect(page).toHaveURL(portalUrl("telekom", "/empfehlungabgelaufen"));
    await expect(page.getByRole("alert")).toHaveText(
      "Diese Empfehlung ist nicht mehr möglich. Bitte wenden Sie sich an die Person, die Sie empfohlen hat.",
    );
    await expect(page.getByRole("heading", { name: "So geht es weiter" })).toBeVisible();
    await expect(page.getByText("Bitten Sie die Person, die Ihnen den Link geschickt hat, um einen neuen")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sie haben einen Empfehlungscode? Hier eingeben." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Fragen? Schreiben Sie uns" })).toHaveAttribute("href", "/kontakt");
    await page.getByRole("link", { name: "Unsere Angebote ansehen und selbst empfehlen" }).click();
    await expect(page.getByRole("heading", { name: "Was möchten Sie empfehlen?" })).toBeVisible();
  });

  test("a recommendation that expires after its page was shown: the backend refuses it at create, and the recipient learns so", async ({
    page,
    recipientForm,
  }) => {
    // ST-100001 is no other test's: it stays expired until the simulator restarts.
    await recipientForm({ tenant: "standard", empfehlungsnummer: "ST-100001" });
    await fillRecipient(page, { geburtsdatum: "01.01.1980", email: `late.${Date.now()}@example.org` });
    const expire = { tenant: "standard", empfehlungsnummer: "ST-100001" };
    await fetch(`http://127.0.0.1:${E2E_SIMULATOR_PORT}/__control`, { method: "POST", body: JSON.stringify({ expire }) });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(portalUrl("standard", "/empfehlungabgelaufen"));
    await expect(page.getByRole("alert")).toHaveText(
      "Diese Empfehlung ist nicht mehr möglich. Bitte wenden Sie sich an die Person, die Sie empfohlen hat.",
    );
  });

  test("the pages after the form send a visitor without a recipient cookie to /code", async ({ page }) => {
    for (const path of ["/empfaenger/zustimmung", "/bankdaten", "/empfaengerbestaetigung"]) {
      await page.goto(portalUrl("telekom", path));
      await expect(page).toHaveURL(portalUrl("telekom", "/code"));
    }
  });

  test("the form works at 320 px width and in English", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB", viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    await openRecipientForm(page, { tenant: "telekom", empfehlungsnummer: "TK-100003" });
    await expect(page.getByRole("heading", { level: 1, name: /^Anna S\. recommends .+ to you$/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.getByRole("textbox", { name: "Date of birth *" }).fill("31.02.1990");
    await page.getByRole("textbox", { name: "E-mail address *" }).fill("demo@telekom.example");
    await withoutNativeValidation(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Date of birth is not valid")).toBeVisible();
    await context.close();
  });
});

test.describe("a double submit", () => {
  test("creates the recipient once", async ({ request }) => {
    const form = await request.get(serverUrl("/empfaengerdaten/ST-100004"), { headers: { Host: "standard.localhost" } });
    const submissionId = /name="submissionId" value="([^"]+)"/.exec(await form.text())?.[1];
    expect(submissionId).toBeTruthy();
    const body = {
      submissionId: submissionId!,
      anrede: "Herr",
      vorname: "Max",
      name: "Doppelklick",
      geburtsdatum: "01.01.1980",
      email: `double.${Date.now()}@example.org`,
      telefon: "0301234567",
      strasse: "Weg",
      hausnummer: "1",
      plz: "10115",
      ort: "Berlin",
    };
    const post = () =>
      request.post(serverUrl("/empfaengerdaten/ST-100004"), {
        form: body,
        headers: { Host: "standard.localhost", Origin: "http://standard.localhost" },
        maxRedirects: 0,
      });
    const [first, second] = await Promise.all([post(), post()]);
    const cookies = createTokenCookies({ sealer: createSealer([E2E_SESSION_SECRET]), secure: true });
    const recipientOf = (setCookie: string) =>
      cookies.recipient.read(new Request("http://standard.localhost/", { headers: { Cookie: setCookie.split(";")[0] } }));
    const [a, b] = [first, second].map((response) => {
      expect(response.status()).toBe(302);
      return recipientOf(response.headers()["set-cookie"]);
    });
    expect(a?.empfaengernummer).toBeTruthy();
    expect(b?.empfaengernummer).toBe(a?.empfaengernummer);
  });
});

test.describe("with JavaScript on", () => {
  test("an empty submit gets the portal's own messages in place, not the browser's bubbles; without JavaScript the constraints stay", async ({
    page,
    recipientForm,
  }) => {
    const response = await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100004" });
    // The server's HTML leaves checking to the browser for a visitor without JavaScript.
    const formTag = (await response!.text()).match(/<form[^>]*id="recipient-data"[^>]*>/)![0];
    expect(formTag).not.toContain("novalidate");
    await expect(textbox(page, "Vorname *")).toHaveAttribute("required");
    await hydrated(page);
    await expect(page.locator("form#recipient-data")).toHaveAttribute("novalidate");
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByText("Vorname ist ein Pflichtfeld")).toBeVisible();
    await expect(textbox(page, "Vorname *")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("combobox", { name: "Anrede *" })).toBeFocused();
  });

  test("errors appear in place with focus on the first one, then the journey goes on", async ({ page, recipientForm }) => {
    await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100004" });
    await hydrated(page);
    await fillRecipient(page, { geburtsdatum: "01.01.2015", email: `js.${Date.now()}@example.org` });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page.getByText("Sie müssen mindestens 18 Jahre alt sein.")).toBeVisible();
    await expect(textbox(page, "Geburtsdatum *")).toBeFocused();
    await textbox(page, "Geburtsdatum *").fill("01.01.1985");
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(portalUrl("telekom", "/empfaenger/zustimmung"));
    await consentToBankData(page);
  });
});
