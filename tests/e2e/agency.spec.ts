// The agency area of the insurance-agency tenant (allianz), with JavaScript off: single sign-on at
// the simulator's identity provider, the roles' tabs, reports by links, order release, invitations.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { signOnAtProvider } from "../support/agency-sign-on";
import { hydrated, portalUrl, simulatorControl } from "../support/e2e-env";

const agency = (path: string) => portalUrl("allianz", path);
const ownerTabs = [
  "Übersicht",
  "Einladen",
  "Einladungen",
  "Empfehler",
  "Interessenten",
  "Aufträge & Freigabe",
  "Rechnungen",
  "Mitarbeiter",
];

async function signOn(page: Page, login: string, start = "/agentur") {
  await page.goto(agency(start));
  await expect(page).toHaveURL(/\/agentur\/anmelden\?redirectTo=/);
  await signOnAtProvider(page, login);
}

const tabNames = (page: Page) => page.getByRole("navigation", { name: "Agenturbereich" }).getByRole("link").allTextContents();

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("at 1440 px an owner's tabs stand on one line, each named plainly", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signOn(page, "inhaber@allianz.example");
    const tops = await page
      .getByRole("navigation", { name: "Agenturbereich" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(tops).toHaveLength(ownerTabs.length);
    expect(new Set(tops).size).toBe(1);
  });

  test("an owner signs on through the identity provider and sees every tab, the owner's lists included", async ({ page }) => {
    await signOn(page, "inhaber@allianz.example");
    await expect(page).toHaveURL(agency("/agentur/dashboard"));
    await expect(page.getByText("Angemeldet als Petra Inhaber (Agenturinhaber)")).toBeVisible();
    expect(await tabNames(page)).toEqual(ownerTabs);
    await page.getByRole("link", { name: "Rechnungen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rechnungen" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "RE-2026-001" })).toBeVisible();
  });

  test("the header leads back to the agency area and signs off from it, and offers no recommender login meanwhile", async ({ page }) => {
    await signOn(page, "inhaber@allianz.example");
    const header = page.getByRole("banner");
    await page.goto(agency("/kontakt"));
    await expect(header.getByRole("link", { name: "Anmelden" })).toHaveCount(0);
    await header.getByRole("link", { name: "Agenturbereich" }).click();
    await expect(page).toHaveURL(agency("/agentur/dashboard"));
    await header.getByRole("button", { name: "Agenturbereich verlassen" }).click();
    await expect(page).toHaveURL(agency("/agentur/anmelden"));
    await expect(header.getByRole("link", { name: "Anmelden" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Agenturbereich verlassen" })).toHaveCount(0);
    const response = await page.goto(agency("/agentur/dashboard"));
    expect(new URL(response!.url()).pathname).toBe("/agentur/anmelden");
  });

  test("an employee sees exactly the employee's tabs, and a direct request for the owner's data is refused for the role", async ({
    page,
  }) => {
    await signOn(page, "mitarbeiter@allianz.example");
    expect(await tabNames(page)).toEqual(ownerTabs.slice(0, 6));
    for (const path of ["/agentur/rechnungen", "/agentur/mitarbeiter", "/agentur/export/rechnungen", "/agentur/export/mitarbeiter"]) {
      const response = await page.goto(agency(path));
      expect(response?.status(), path).toBe(403);
      await expect(page.getByText("Ihre Rolle erlaubt diese Seite nicht.")).toBeVisible();
      await expect(page.getByText("aus Sicherheitsgründen abgelehnt")).toHaveCount(0);
    }
  });

  test("a role the portal does not know has no rights", async ({ page }) => {
    await signOn(page, "praktikant@allianz.example");
    await expect(page.getByText("Ihr Agentur-Konto hat keine Berechtigungen für diesen Bereich.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Agenturbereich" })).toHaveCount(0);
    const response = await page.goto(agency("/agentur/empfehlungen"));
    expect(response?.status()).toBe(403);
  });

  test("a replayed or forged return from the identity provider is refused", async ({ page }) => {
    let returnUrl = "";
    page.on("request", (request) => {
      if (request.url().includes("/agentur/sso?")) returnUrl = request.url();
    });
    await signOn(page, "inhaber@allianz.example");
    await expect(page).toHaveURL(agency("/agentur/dashboard"));
    expect(returnUrl).toContain("state=");
    const replayed = await page.goto(returnUrl);
    expect(replayed?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Anmeldung nicht möglich" })).toBeVisible();
    const forged = await page.goto(agency("/agentur/sso?code=abc&state=def"));
    expect(forged?.status()).toBe(403);
  });

  test("a report pages, sorts and searches by links, and exports as CSV", async ({ page }) => {
    await signOn(page, "mitarbeiter@allianz.example", "/agentur/empfehlungen");
    await expect(page).toHaveURL(agency("/agentur/empfehlungen"));
    await expect(page.getByText("23 Einträge")).toBeVisible();
    await expect(page.getByText("Seite 1 von 3")).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(11);
    await page.getByRole("link", { name: "Nächste Seite" }).click();
    await expect(page).toHaveURL(agency("/agentur/empfehlungen?seite=2"));
    await expect(page.getByText("Seite 2 von 3")).toBeVisible();

    await page.getByRole("link", { name: "Nach Empfehlernummer aufsteigend sortieren" }).click();
    await expect(page).toHaveURL(agency("/agentur/empfehlungen?sortierung=Empfehlernummer"));
    await expect(page.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("E-3001");
    await page.getByRole("link", { name: "Nach Empfehlernummer absteigend sortieren" }).click();
    await expect(page).toHaveURL(agency("/agentur/empfehlungen?sortierung=Empfehlernummer&absteigend=1"));
    await expect(page.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("E-3023");
    await expect(page.getByRole("columnheader", { name: /Empfehlernummer/ })).toHaveAttribute("aria-sort", "descending");

    await page.getByRole("searchbox", { name: "Suchen" }).fill("empfehler7@");
    await page.getByRole("button", { name: "Anzeigen" }).click();
    await expect(page.getByText("1 Eintrag", { exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "empfehler7@example.org" })).toBeVisible();

    // The export takes the view as it stands: here the search, so one row under the header.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Als CSV exportieren" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^empfehlungen-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trim().split("\r\n");
    expect(lines).toEqual([
      "Empfehlernummer;Vorname;Nachname;E-Mail-Adresse;Empfehlungen;Erstellt am",
      expect.stringMatching(/^E-3007;.*;empfehler7@example\.org;/),
    ]);
  });

  test("on a phone a report is a list of cards, each naming its columns, with the release in reach; the form sorts", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signOn(page, "inhaber@allianz.example", "/agentur/auftraege");
    const cards = page.locator("tbody tr");
    await expect(cards).toHaveCount(10);
    await expect(page.locator('tbody td[data-label="Status"]')).toHaveCount(10);
    const release = page.getByRole("link", { name: /^Freigeben – AZ-\d+$/ }).first();
    const box = (await release.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // The release is a button to see and to hit, not a small link at the card's foot.
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The tabs stay one row that scrolls sideways, not four rows above the report.
    const tabs = page.getByRole("navigation", { name: "Agenturbereich" }).getByRole("list");
    expect((await tabs.boundingBox())!.height).toBeLessThan(60);

    // Every sort option in plain words: the report's own order too.
    await expect(page.getByRole("combobox", { name: "Sortieren nach" }).getByRole("option").first()).toHaveText("Reihenfolge des Berichts");
    await page.getByRole("combobox", { name: "Sortieren nach" }).selectOption({ label: "Auftragsdatum" });
    await page.getByRole("checkbox", { name: "absteigend" }).check();
    await page.getByRole("button", { name: "Anzeigen" }).click();
    await expect(page).toHaveURL(/[?&]sortierung=Auftragsdatum(&|$)/);
    await expect(page).toHaveURL(/[?&]absteigend=1(&|$)/);
    await expect(page.getByRole("combobox", { name: "Sortieren nach" })).toHaveValue("Auftragsdatum");

    // On a tablet the report is a table that scrolls in its own box: the page itself stays 768 px wide
    // (the release links' hidden words once pushed it to 929).
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  });

  test("an empty report says so", async ({ page }) => {
    await signOn(page, "mitarbeiter@allianz.example", "/agentur/leads?suche=niemand-hier");
    await expect(page.getByText("Für diese Auswahl gibt es keine Einträge.")).toBeVisible();
  });

  test("an order is released after a confirmation, and only once", async ({ page }) => {
    await signOn(page, "inhaber@allianz.example", "/agentur/auftraege?sortierung=Empfehlungsnummer&absteigend=1");
    const firstOpen = page.getByRole("link", { name: /^Freigeben – AZ-\d+$/ }).first();
    const label = (await firstOpen.textContent())!;
    const number = label.match(/AZ-\d+/)![0];
    await firstOpen.click();
    await expect(page.getByRole("heading", { name: "Auftrag freigeben" })).toBeVisible();
    const confirmUrl = page.url();
    await page.getByRole("button", { name: "Ja, Auftrag freigeben" }).click();
    await expect(page.getByRole("status")).toHaveText(`Der Auftrag zur Empfehlung ${number} ist freigegeben.`);
    await expect(page.getByRole("link", { name: `Freigeben – ${number}` })).toHaveCount(0);

    await page.goto(confirmUrl);
    await page.getByRole("button", { name: "Ja, Auftrag freigeben" }).click();
    await expect(page.getByRole("alert")).toHaveText("Dieser Auftrag ist bereits freigegeben.");
  });

  test("the overview draws the reports' numbers as charts on the server", async ({ page }) => {
    await signOn(page, "mitarbeiter@allianz.example", "/agentur/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Übersicht" })).toBeVisible();
    const perMonth = page.getByRole("img", { name: "Interessenten und Aufträge der letzten 6 Monate" });
    await expect(perMonth).toBeVisible();
    await expect(page.getByRole("img", { name: "Aufträge nach Status" })).toBeVisible();
    // Six calendar months, each named once; what the chart sums is said beside the tiles' totals.
    const months = await perMonth.locator("text").allTextContents();
    const monthLabels = months.filter((text) => /^\d{2}\/\d{4}$/.test(text));
    expect(monthLabels).toHaveLength(6);
    expect(new Set(monthLabels).size).toBe(6);
    await expect(
      page.getByText(/^In diesen 6 Monaten: \d+ Interessenten und \d+ Aufträge\. Die Kacheln oben zählen alles seit Beginn\.$/),
    ).toBeVisible();
    await expect(page.getByText("Empfehler", { exact: true }).first()).toBeVisible();

    // On a phone the labels stay legible (12 px at least): the chart scrolls in its own box, the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    const label = perMonth.locator("text").first();
    expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(12);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test.describe("the invitation tool with the backend's captcha", () => {
    test.beforeEach(() => simulatorControl({ captchaFor: { "allianz/Einladung": true } }));
    test.afterEach(() => simulatorControl({ captchaFor: { "allianz/Einladung": false } }));

    test("messages next to the fields, values kept; then the invitation is sent and listed", async ({ page }) => {
      const email = `neu-${Date.now()}@example.org`;
      await signOn(page, "mitarbeiter@allianz.example", "/agentur/recommend-employees");
      await page.getByLabel("Vorname *").fill("Jürgen");
      await page.getByLabel("E-Mail-Adresse *").fill("kein-at-zeichen");
      await page.getByRole("button", { name: "Einladung senden" }).click();
      await expect(page.getByText("Nachname ist ein Pflichtfeld")).toBeVisible();
      await expect(page.getByText("Bitte lösen Sie das Captcha.")).toBeVisible();
      await expect(page.getByLabel("Vorname *")).toHaveValue("Jürgen");

      await page.getByLabel("Nachname *").fill("Beispiel");
      await page.getByLabel("E-Mail-Adresse *").fill(email);
      await page.getByLabel("Art der Einladung *").selectOption("Kunde");
      const captcha = page.getByLabel(/^Sicherheitsfrage: Wie viel ist \d+ \+ \d+\?$/);
      const question = (await page.locator(`label[for="${await captcha.getAttribute("id")}"]`).textContent())!;
      const [a, b] = question.match(/\d+/g)!.map(Number);
      await captcha.fill(String(a + b));
      await page.getByRole("button", { name: "Einladung senden" }).click();
      await expect(page.getByRole("status")).toHaveText(`Die Einladung an ${email} ist verschickt.`);

      await page.goto(agency(`/agentur/einladungen?suche=${encodeURIComponent(email)}`));
      await expect(page.getByRole("cell", { name: email })).toBeVisible();
    });
  });

  test("an agent creates a recommendation on a person's behalf, with the recommender's rules and messages", async ({ page }) => {
    await signOn(page, "mitarbeiter@allianz.example", "/agent/empfehlen/2");
    await expect(page).toHaveURL(agency("/agent/empfehlen/2"));
    await expect(page.getByRole("heading", { level: 1, name: "Privathaftpflicht im Auftrag empfehlen" })).toBeVisible();
    await expect(page.getByText("Sie empfehlen als Berater Max Mitarbeiter im Auftrag einer Person.")).toBeVisible();
    await expect(page.getByRole("group", { name: "Die Person, die empfiehlt" })).toBeVisible();
    await page.getByLabel("Vorname *").fill("Olga");
    await page.getByRole("button", { name: "Empfehlungslink erstellen" }).click();
    await expect(page.getByText("Nachname ist ein Pflichtfeld")).toBeVisible();
    await expect(page.getByText("Die Zustimmung ist erforderlich, um fortzufahren.")).toBeVisible();
    await expect(page.getByLabel("Vorname *")).toHaveValue("Olga");

    await page.getByLabel("Nachname *").fill("Otto");
    await page.getByLabel("E-Mail-Adresse *").fill(`olga.otto-${Date.now()}@example.org`);
    await page.getByLabel(/^Ich bin mindestens 18 Jahre alt/).check();
    await page.getByLabel(/^Ich akzeptiere die Teilnahmebedingungen/).check();
    await page.getByRole("button", { name: "Empfehlungslink erstellen" }).click();
    await expect(page).toHaveURL(/\/empfehlung\/AZ-\d+\?erstellt$/);
    await expect(page.getByRole("heading", { name: "Ihr Empfehlungslink ist fertig" })).toBeVisible();
  });

  test("the agent route needs an agency sign-on", async ({ page }) => {
    await page.goto(agency("/agent/empfehlen/2"));
    await expect(page).toHaveURL(agency("/agentur/anmelden?redirectTo=%2Fagent%2Fempfehlen%2F2"));
  });
});

test.describe("agents and colleagues, with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the agent finder searches and pages by links, six to a page, with photos", async ({ page }) => {
    await page.goto(agency("/berater"));
    await expect(page.getByText("14 Berater gefunden")).toBeVisible();
    await expect(page.getByRole("listitem")).toHaveCount(6);
    await expect(page.getByText("Seite 1 von 3")).toBeVisible();
    const photo = page.getByRole("listitem").first().locator("img");
    await expect(photo).toHaveJSProperty("naturalWidth", 160);
    await page.getByRole("link", { name: "Nächste Seite" }).click();
    await expect(page).toHaveURL(agency("/berater?seite=2"));
    await expect(page.getByText("Seite 2 von 3")).toBeVisible();
    await page.getByRole("searchbox", { name: "Name, PLZ oder Ort" }).fill("Dachau");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page.getByText("2 Berater gefunden")).toBeVisible();
    for (const place of await page
      .getByRole("listitem")
      .getByText(/^\d{5} /)
      .allTextContents())
      expect(place).toBe("85221 Dachau");
  });

  test("a visitor recommends the agent chosen in the finder", async ({ page }) => {
    await page.goto(agency("/berater?suche=Dachau"));
    const card = page.getByRole("listitem").first();
    const name = (await card.locator("p.font-semibold").textContent())!;
    await card.getByRole("link", { name: `Diesen Berater empfehlen – ${name}` }).click();
    await expect(page.getByText(`Sie empfehlen Ihren Berater ${name}.`)).toBeVisible();
    await page.getByRole("link", { name: "Jetzt empfehlen – Hausratversicherung" }).click();
    await expect(page).toHaveURL(/\/empfehlen\/3\?berater=AG-/);
    await expect(page.getByText(`Mit dieser Empfehlung empfehlen Sie auch Ihren Berater ${name}.`)).toBeVisible();
    await page.getByLabel("Vorname *").fill("Vera");
    await page.getByLabel("Nachname *").fill("Visitor");
    await page.getByLabel("E-Mail-Adresse *").fill(`vera-${Date.now()}@example.org`);
    await page.getByLabel(/^Ich bin mindestens 18 Jahre alt/).check();
    await page.getByLabel(/^Ich akzeptiere die Teilnahmebedingungen/).check();
    await page.getByRole("button", { name: "Empfehlungslink erstellen" }).click();
    await expect(page).toHaveURL(/\/empfehlung\/AZ-\d+\?erstellt$/);
  });

  test("refer a colleague: a name with a line break (a client posting it itself) is refused next to the field, the rest kept", async ({
    page,
  }) => {
    await page.goto(agency("/mitarbeiterempfehlen"));
    const email = `zeilen-${Date.now()}@example.org`;
    await page.getByLabel("Vorname *").fill("Kira");
    await page.getByLabel("Nachname *").fill("Kollegin");
    await page.getByLabel("E-Mail-Adresse *").fill(email);
    // A browser's text field holds no line break: the post is changed on its way, as a script would send it.
    await page.route(/\/mitarbeiterempfehlen/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const body = new URLSearchParams(route.request().postData() ?? "");
      body.set("vorname", "Kira\n=1+1*CHAR(65)");
      await route.continue({ postData: body.toString() });
    });
    const posted = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Empfehlung senden" }).click();
    expect((await posted).status()).toBe(400);
    await expect(page.getByText("Vorname darf keine Zeilenumbrüche oder Steuerzeichen enthalten.")).toBeVisible();
    await expect(page.getByLabel("Nachname *")).toHaveValue("Kollegin");
    await expect(page.getByLabel("E-Mail-Adresse *")).toHaveValue(email);
  });

  test("a name that starts like a formula reaches the agency's export as text: every row read back by a CSV reader", async ({ page }) => {
    const email = `formel-${Date.now()}@example.org`;
    await page.goto(agency("/mitarbeiterempfehlen"));
    await page.getByLabel("Vorname *").fill("=1+1*CHAR(65)");
    await page.getByLabel("Nachname *").fill("@SUMME(A1)");
    await page.getByLabel("E-Mail-Adresse *").fill(email);
    await page.getByRole("button", { name: "Empfehlung senden" }).click();
    await expect(page.getByRole("status")).toContainText(email);
    await signOn(page, "inhaber@allianz.example", "/agentur/einladungen");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Als CSV exportieren" }).click()]);
    const records = parse(await readFile((await download.path())!), { delimiter: ";", bom: true }) as string[][];
    expect(records.length).toBeGreaterThan(1);
    for (const record of records) {
      expect(record).toHaveLength(records[0].length);
      for (const line of record.flatMap((cell) => cell.split(/\r\n|\n|\r/))) expect(line).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(records.find((record) => record.includes(email))?.slice(0, 2)).toEqual(["'=1+1*CHAR(65)", "'@SUMME(A1)"]);
  });

  test("a tenant without agent recommendation has no agent finder", async ({ page }) => {
    const response = await page.goto(portalUrl("standard", "/berater"));
    expect(response?.status()).toBe(404);
  });

  test("refer a colleague: messages next to the fields, then sent", async ({ page }) => {
    await page.goto(agency("/mitarbeiterempfehlen"));
    await page.getByLabel("E-Mail-Adresse *").fill("kollegin");
    await page.getByRole("button", { name: "Empfehlung senden" }).click();
    await expect(page.getByText("Vorname ist ein Pflichtfeld")).toBeVisible();
    await expect(page.getByLabel("E-Mail-Adresse *")).toHaveValue("kollegin");
    const email = `kollegin-${Date.now()}@example.org`;
    await page.getByLabel("Vorname *").fill("Kira");
    await page.getByLabel("Nachname *").fill("Kollegin");
    await page.getByLabel("E-Mail-Adresse *").fill(email);
    await page.getByRole("button", { name: "Empfehlung senden" }).click();
    await expect(page.getByRole("status")).toHaveText(`Ihre Empfehlung an ${email} ist verschickt. Vielen Dank!`);
    const response = await page.goto(portalUrl("telekom", "/mitarbeiterempfehlen"));
    expect(response?.status()).toBe(404);
  });
});

test.describe("with JavaScript on (agency desks)", () => {
  test("sign-on, sorting, paging and an order release all work in the hydrated app", async ({ page }) => {
    await signOn(page, "inhaber@allianz.example", "/agentur/auftraege");
    await expect(page).toHaveURL(agency("/agentur/auftraege"));
    await hydrated(page);
    await page.getByRole("link", { name: "Nach Kunde aufsteigend sortieren" }).click();
    await expect(page).toHaveURL(agency("/agentur/auftraege?sortierung=Kunde"));
    await expect(page.getByRole("columnheader", { name: /Kunde/ })).toHaveAttribute("aria-sort", "ascending");
    await page.getByRole("link", { name: "Nächste Seite" }).click();
    await expect(page.getByText("Seite 2 von 2")).toBeVisible();
    await page.getByRole("link", { name: "Vorherige Seite" }).click();
    await expect(page.getByText("Seite 1 von 2")).toBeVisible();
    const release = page.getByRole("link", { name: /^Freigeben – AZ-\d+$/ }).first();
    const number = (await release.textContent())!.match(/AZ-\d+/)![0];
    await release.click();
    await page.getByRole("button", { name: "Ja, Auftrag freigeben" }).click();
    await expect(page.getByRole("status")).toHaveText(`Der Auftrag zur Empfehlung ${number} ist freigegeben.`);
    await page.getByRole("link", { name: "Übersicht" }).click();
    await expect(page.getByRole("img", { name: "Aufträge nach Status" })).toBeVisible();
  });
});
