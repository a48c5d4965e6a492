// The pages around the journeys, with JavaScript off: FAQ, legal pages, contact form.
import { expect, test } from "@playwright/test";
import { hydrated, portalUrl, simulatorControl } from "../support/e2e-env";

test.use({ javaScriptEnabled: false });

test("the FAQ lists about 15 questions from the CMS; each opens without JavaScript", async ({ page }) => {
  await page.goto(portalUrl("friday", "/"));
  await page.getByRole("link", { name: "FAQ" }).click();
  await expect(page.getByRole("heading", { name: "Häufige Fragen" })).toBeVisible();
  const questions = page.locator("details summary");
  await expect(questions).toHaveCount(15);
  await expect(page.getByText("Jede natürliche Person ab 18 Jahren mit Wohnsitz in Deutschland.")).toBeHidden();
  await page.getByText("Wer darf empfehlen?").click();
  await expect(page.getByText("Jede natürliche Person ab 18 Jahren mit Wohnsitz in Deutschland.")).toBeVisible();
  await page.getByText("Meine Prämie fehlt. Was tun?").click();
  await expect(page.getByText("auch telefonisch unter 0800 123 456.")).toBeVisible();
});

test("friday says 'du' throughout: the portal's texts and its own from the CMS, never a formal word among them", async ({ page }) => {
  const formal = /\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b/;
  for (const path of ["/", "/faq", "/datenschutz", "/empfehlen", "/empfehlen/1", "/empfaengerdaten/FR-100001", "/login", "/registrieren"]) {
    await page.goto(portalUrl("friday", path));
    // All the page's words, the FAQ's closed answers included, but not its scripts' data.
    const text = await page.locator("body").evaluate((body) => {
      const copy = body.cloneNode(true) as HTMLElement;
      copy.querySelectorAll("script, style").forEach((element) => element.remove());
      return copy.textContent ?? "";
    });
    const found = formal.exec(text);
    expect(found && text.slice(Math.max(0, found.index - 60), found.index + 20), path).toBeNull();
  }
});

test("the legal pages come from the CMS, in the page's language", async ({ page }) => {
  for (const [path, title] of [
    ["/impressum", "Impressum"],
    ["/datenschutz", "Datenschutzhinweise"],
    ["/agb", "Teilnahmebedingungen"],
  ]) {
    await page.goto(portalUrl("telekom", path));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title));
  }
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms of participation" })).toBeVisible();
});

test("contact: messages next to the fields with values kept, then sent with a copy", async ({ page }) => {
  await page.goto(portalUrl("allianz", "/kontakt"));
  await page.getByLabel("Vorname *").fill("Eva");
  await page.getByLabel("E-Mail-Adresse *").fill("eva@");
  await page.getByLabel("Ihre Nachricht *").fill("Wann kommt <b>meine</b> Prämie?");
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page.getByText("Nachname ist ein Pflichtfeld")).toBeVisible();
  await expect(page.getByText("Dies ist keine gültige E-Mail-Adresse.")).toBeVisible();
  await expect(page.getByText("Betreff ist ein Pflichtfeld")).toBeVisible();
  await expect(page.getByLabel("Ihre Nachricht *")).toHaveValue("Wann kommt <b>meine</b> Prämie?");

  await page.getByLabel("Nachname *").fill("Engel");
  await page.getByLabel("E-Mail-Adresse *").fill("eva@example.org");
  await page.getByLabel("Betreff *").fill("Prämie");
  await page.getByRole("checkbox", { name: "Eine Kopie an mich senden" }).check();
  await page.getByRole("button", { name: "Nachricht senden" }).click();
  await expect(page).toHaveURL(portalUrl("allianz", "/kontakt?gesendet=kopie"));
  await expect(page.getByRole("status")).toContainText("Eine Kopie haben wir an Ihre E-Mail-Adresse geschickt.");
});

test("contact with a captcha: a wrong answer is refused next to the field, the right one sends", async ({ page }) => {
  await simulatorControl({ captchaFor: { telekom: true } });
  try {
    await page.goto(portalUrl("telekom", "/kontakt"));
    await page.getByLabel("Vorname *").fill("Eva");
    await page.getByLabel("Nachname *").fill("Engel");
    await page.getByLabel("E-Mail-Adresse *").fill("eva@example.org");
    await page.getByLabel("Betreff *").fill("Frage");
    await page.getByLabel("Ihre Nachricht *").fill("Hallo");
    await page.getByLabel(/Sicherheitsfrage/).fill("0");
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(page.getByText("Das Captcha ist falsch oder abgelaufen. Bitte versuchen Sie es erneut.")).toBeVisible();
    await expect(page.getByLabel("Ihre Nachricht *")).toHaveValue("Hallo");
    const label = (await page.locator("label", { hasText: "Sicherheitsfrage" }).textContent())!;
    const [a, b] = /(\d+) \+ (\d+)/.exec(label)!.slice(1).map(Number);
    await page.getByLabel(/Sicherheitsfrage/).fill(String(a + b));
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await expect(page).toHaveURL(portalUrl("telekom", "/kontakt?gesendet=1"));
  } finally {
    await simulatorControl({ captchaFor: { telekom: false } });
  }
});

test("public pages carry a title, a description, a canonical address and the language alternates", async ({ page }) => {
  await page.goto(portalUrl("telekom", "/faq?utm=x"));
  await expect(page).toHaveTitle("Häufige Fragen");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Empfehlen Sie uns weiter/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", portalUrl("telekom", "/faq"));
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", portalUrl("telekom", "/faq?lng=en"));
  await page.goto(portalUrl("telekom", "/faq?lng=en"));
  await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the rewards page and the home agree on who chooses: where the product decides, the rewards page says which brings what", async ({
  page,
}) => {
  await page.goto(portalUrl("allianz", "/"));
  await expect(
    page.getByText("Kfz- und Haftpflichtversicherung bringen eine Geldprämie, die Hausratversicherung einen Einkaufsgutschein."),
  ).toBeVisible();
  await page.goto(portalUrl("allianz", "/praemien"));
  const forYou = page.getByRole("region", { name: "Was Sie bekommen" });
  await expect(forYou).toContainText("Welche Prämie Sie bekommen, hängt vom empfohlenen Produkt ab.");
  await expect(forYou).not.toContainText("Darin wählen Sie");
  await expect(forYou.getByRole("listitem").filter({ hasText: "Hausratversicherung" })).toHaveText(
    /^70\s€ als Gutschein: Hausratversicherung$/,
  );
  await expect(forYou.getByRole("listitem").filter({ hasText: "Kfz-Versicherung" })).toHaveText(
    /^50\s€ aufs Konto: Kfz-Versicherung, Privathaftpflicht$/,
  );
  // Where the recommender chooses, the page says so.
  await page.goto(portalUrl("telekom", "/praemien"));
  await expect(
    page.getByRole("region", { name: "Was Sie bekommen" }).getByRole("listitem").filter({ hasText: "MagentaZuhause M" }),
  ).toHaveText(/^50\s€ aufs Konto oder 70\s€ als Gutschein – Sie wählen: MagentaZuhause M/);
});

test("the rewards overview says who gets what and when, and leads to recommending: no carousel, every detail shown", async ({ page }) => {
  await page.goto(portalUrl("telekom", "/"));
  await page.getByRole("link", { name: "Alle Prämien im Überblick" }).click();
  await expect(page).toHaveURL(portalUrl("telekom", "/praemien"));
  await expect(page.getByRole("main")).toContainText(/Sie: 50\s€ aufs Konto oder 70\s€ als Gutschein\s*Ihr Kontakt: bis zu 50\s€/);
  const forYou = page.getByRole("region", { name: "Was Sie bekommen" });
  await expect(forYou.getByRole("listitem").filter({ has: page.getByRole("heading") })).toHaveCount(2);
  const voucher = forYou.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Einkaufsgutschein/ }) });
  await expect(voucher).toContainText("innerhalb von 24 Stunden");
  await expect(page.getByRole("region", { name: "Was Ihr Kontakt bekommt" })).toContainText(/bis zu 50\s€/);
  await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Jetzt empfehlen" }).click();
  await expect(page).toHaveURL(portalUrl("telekom", "/empfehlen"));
});

test("in English the backend's names come in English where it offers them: no German words around the portal's own", async ({ page }) => {
  // The portal asks in the page's language (X-Accept-Language); the demo backend answers rewards and categories in it.
  await page.goto(portalUrl("telekom", "/praemien?lng=en"));
  await expect(page.getByRole("heading", { name: "Shopping voucher: €70" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cash reward: €50" })).toBeVisible();
  await page.goto(portalUrl("telekom", "/empfehlen?lng=en"));
  await expect(page.getByRole("navigation").getByRole("link", { name: "Fixed network" })).toBeVisible();
  await expect(page.getByText(/^You: €50 by bank transfer or a €70 voucher$/).first()).toBeVisible();
  // The words around the backend's product texts (in German here, as this backend has them) are the portal's, in English.
  await expect(page.getByText(/Bis zu|Prämie|monatlich|aufs Konto/)).toHaveCount(0);
  expect(await page.getByRole("main").getByRole("navigation").first().innerText()).not.toMatch(/Festnetz|Mobilfunk|Alle/);
  // The rewards overview: the tenant's own reward text (its configuration, in German only) aside.
  await page.goto(portalUrl("telekom", "/praemien?lng=en"));
  expect(await page.getByRole("region", { name: "What you get" }).innerText()).not.toMatch(/Geldprämie|Einkaufsgutschein/);
});

test.describe("the exit-intent pop-up, with JavaScript on", () => {
  test.use({ javaScriptEnabled: true });

  test("appears once the pointer leaves the page after 15 seconds, and not before", async ({ page }) => {
    await page.clock.install();
    await page.goto(portalUrl("standard", "/"));
    await hydrated(page);
    const leave = () =>
      page.evaluate(() => document.dispatchEvent(new MouseEvent("mouseout", { clientY: 0, relatedTarget: null, bubbles: true })));
    const dialog = page.getByRole("dialog", { name: "Schon gehen?" });
    await leave();
    await expect(dialog).toBeHidden();
    // Remix's router is there before React has run the page's effects (the 15-second timer among
    // them): under load, time moved on before the timer was set never fires it. So time moves on and
    // the pointer leaves again until the dialog shows.
    await expect(async () => {
      await page.clock.fastForward(15_000);
      await leave();
      await expect(dialog).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await dialog.getByRole("button", { name: "Nein, danke" }).click();
    await expect(dialog).toBeHidden();
  });
});

test("each tenant looks like itself: its colour and font from its configuration, its logo from the CMS", async ({ page }) => {
  const looks: Record<string, [colour: string, font: RegExp]> = {
    // #b0005e made 2 % darker for 7:1 with white (app/theme.ts).
    telekom: ["rgb(172, 0, 92)", /^TeleNeo, Verdana, "DejaVu Sans", sans-serif$/],
    allianz: ["rgb(0, 55, 129)", /^"Allianz Neo", Arial, Helvetica, sans-serif$/],
    friday: ["rgb(45, 42, 110)", /^Poppins, "Avenir Next", Nunito, "Trebuchet MS", sans-serif$/],
    standard: ["rgb(31, 78, 121)", /^ui-sans-serif, system-ui/],
  };
  for (const [tenant, [colour, font]] of Object.entries(looks)) {
    await page.goto(portalUrl(tenant, "/faq"));
    await expect(page.getByRole("banner")).toHaveCSS("background-color", colour);
    await expect(page.locator("body")).toHaveCSS("font-family", font);
  }
  await page.goto(portalUrl("allianz", "/"));
  const logo = page.getByRole("banner").locator("img");
  // Through the portal, never from the CMS's host.
  await expect(logo).toHaveAttribute("src", "/cmsbild/allianz-logo.svg?width=40&height=40");
  expect(await logo.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(40);
});

test("the home page leads with the tenant's promise, the reward sum beneath it, and the button before the picture", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(portalUrl("friday", "/"));
  const hero = page.locator("section[aria-labelledby=home-title]");
  // The promise is the brand's own (its CMS's key visual), the double-sided offer (decision 071) beneath it.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^FRIDAY Versicherung – Freunde werben\s*Sag's weiter$/);
  const sum = hero.getByText(/^Was eine Empfehlung bringt: Du: 50\s€ aufs Konto oder 70\s€ als Gutschein\s*Dein Kontakt: bis zu 50\s€$/);
  const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  expect((await sum.boundingBox())!.y).toBeGreaterThan(heading.y);
  const button = (await page.getByRole("link", { name: "Jetzt empfehlen" }).boundingBox())!;
  expect(button.y + button.height).toBeLessThanOrEqual(844);
  const picture = (await hero.locator("img").boundingBox())!;
  expect(button.y).toBeLessThan(picture.y);
  // The key visual is the page's largest picture: the browser fetches it first.
  await expect(hero.locator("img")).toHaveAttribute("fetchpriority", "high");
});

test("each tenant's first screen leads with what its configuration says: the telecom's tariffs, the agency's agents, a picture", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const firstScreen = page.locator("section[aria-labelledby=home-title]");
  await page.goto(portalUrl("telekom", "/"));
  await expect(firstScreen.getByRole("table", { name: "Tarife im Überblick" })).toBeInViewport();
  await page.goto(portalUrl("allianz", "/"));
  await expect(firstScreen.getByRole("region", { name: "Ihre Berater vor Ort" })).toBeVisible();
  await expect(firstScreen.getByRole("listitem").first()).toBeInViewport();
  for (const tenant of ["friday", "standard"]) {
    await page.goto(portalUrl(tenant, "/"));
    const picture = (await firstScreen.locator("img").boundingBox())!;
    // Large, beside the promise: more than half the first screen's width.
    expect(picture.width, tenant).toBeGreaterThan(560);
    await expect(firstScreen.getByRole("table")).toHaveCount(0);
  }
  // The sections below come in each tenant's own order.
  const sections = async (tenant: string) => {
    await page.goto(portalUrl(tenant, "/"));
    return page.locator("main > div > section:not([aria-labelledby=home-title]) > h2").allTextContents();
  };
  expect(await sections("telekom")).toEqual([
    "So einfach geht's",
    "Aktuelle Prämien",
    "Empfehlen lohnt sich",
    "Sie haben einen Empfehlungscode erhalten?",
  ]);
  expect(await sections("friday")).toEqual([
    "Zufrieden? Dann sag's weiter.",
    "Aktuelle Prämien",
    "So wirbst du Freunde",
    "Du hast einen Empfehlungscode erhalten?",
  ]);
});

test("the telecom's tariffs are a named table at every width, each row with its own 'Empfehlen'; the insurance agency has none", async ({
  page,
}) => {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(portalUrl("telekom", "/"));
    const table = page.getByRole("table", { name: "Tarife im Überblick" });
    // The head row is there for a screen reader where narrow screens show each row as a card.
    await expect(table.getByRole("columnheader")).toHaveText(["Tarif", "Monatlich", "Ihre Prämie", "Empfehlen"]);
    // Three of each product category: fixed network and mobile.
    const rows = table.getByRole("row").filter({ has: page.getByRole("cell") });
    await expect(rows).toHaveCount(6);
    await expect(rows.filter({ hasText: "MagentaMobil M" })).toContainText(/49,95\s€\s*50\s€ aufs Konto/);
    await expect(rows.filter({ hasText: "MagentaZuhause L" })).toContainText(/50\s€ aufs Konto oder 70\s€ als Gutschein/);
  }
  await page.getByRole("link", { name: "Empfehlen – MagentaZuhause M" }).click();
  await expect(page).toHaveURL(portalUrl("telekom", "/empfehlen/630"));
  await page.goto(portalUrl("allianz", "/"));
  await expect(page.getByRole("table", { name: "Tarife im Überblick" })).toHaveCount(0);
});

test("each tenant's first screen has a promise and a picture of its own, not another's recoloured", async ({ page }) => {
  const scenes = new Set<string>();
  const promises = new Set<string>();
  for (const tenant of ["telekom", "allianz", "friday", "standard"]) {
    await page.goto(portalUrl(tenant, "/"));
    promises.add((await page.getByRole("heading", { level: 1 }).textContent())!);
    const src = (await page.locator("section[aria-labelledby=home-title] img").first().getAttribute("src"))!;
    const picture = (await page.goto(new URL(src, page.url()).href))!;
    expect(picture.headers()["content-type"]).toContain("image/svg+xml");
    // The scene's shapes, whatever their colours.
    scenes.add((await picture.text()).replace(/#[0-9a-f]{3,6}/gi, ""));
  }
  expect(scenes.size).toBe(4);
  expect(promises.size).toBe(4);
});

test("the insurance agency's first page introduces its agents, each to recommend, with the way to all of them; other tenants show none", async ({
  page,
}) => {
  await page.goto(portalUrl("allianz", "/"));
  const agents = page.getByRole("region", { name: "Ihre Berater vor Ort" });
  await expect(agents).toContainText("Er meldet sich bei Ihrem Kontakt und berät ihn persönlich.");
  const cards = agents.getByRole("listitem");
  await expect(cards).toHaveCount(3);
  // Each with the backend's photo, name, place and number, all of one region.
  await expect(cards.first().locator("img")).toHaveJSProperty("naturalWidth", 160);
  await expect(cards.first()).toContainText(/^\S+ \S+8\d{4} \S+Beraternummer AG-2001/);
  await agents.getByRole("link", { name: "Alle 14 Berater der Agentur finden" }).click();
  await expect(page).toHaveURL(portalUrl("allianz", "/berater"));
  await page.goBack();
  await cards
    .first()
    .getByRole("link", { name: /^Diesen Berater empfehlen/ })
    .click();
  await expect(page).toHaveURL(portalUrl("allianz", "/empfehlen?berater=AG-2001"));
  for (const tenant of ["telekom", "friday", "standard"]) {
    await page.goto(portalUrl(tenant, "/"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Ihre Berater vor Ort" })).toHaveCount(0);
  }
});

test("a visitor finds the agency's agents near their postcode without JavaScript; a wrong one is said beside the field and kept", async ({
  page,
}) => {
  await page.goto(portalUrl("allianz", "/"));
  const agents = page.getByRole("region", { name: "Ihre Berater vor Ort" });
  const postcode = agents.getByRole("textbox", { name: "Ihre Postleitzahl (PLZ)" });
  await postcode.fill("85a54");
  await agents.getByRole("button", { name: "Berater in Ihrer Nähe" }).click();
  await expect(postcode).toHaveValue("85a54");
  await expect(postcode).toHaveAttribute("aria-invalid", "true");
  await expect(postcode).toHaveAccessibleDescription(
    "Fünf Ziffern, zum Beispiel 80331 Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein, zum Beispiel 80331.",
  );
  await postcode.fill("85354");
  await agents.getByRole("button", { name: "Berater in Ihrer Nähe" }).click();
  await expect(page).toHaveURL(portalUrl("allianz", "/?plz=85354"));
  await expect(agents.getByText("Berater nahe der PLZ 85354:")).toBeVisible();
  for (const place of await agents
    .getByRole("listitem")
    .getByText(/^\d{5} /)
    .allTextContents())
    expect(place).toBe("85354 Freising");
  // A search's count is not the agency's: the way to all of them names none.
  await expect(agents.getByRole("link", { name: "Alle Berater der Agentur finden" })).toHaveAttribute("href", "/berater");
  await postcode.fill("12345");
  await agents.getByRole("button", { name: "Berater in Ihrer Nähe" }).click();
  await expect(agents.getByText(/^In Ihrer Region haben wir keinen Berater\./)).toBeVisible();
  await expect(agents.getByRole("listitem")).toHaveCount(3);
});

test("the tenant's own words from the backend come before the portal's, in each language it offers", async ({ page }) => {
  await page.goto(portalUrl("telekom", "/"));
  await expect(page.getByRole("heading", { name: "So einfach geht's" })).toBeVisible();
  await page.goto(portalUrl("telekom", "/kontakt"));
  await expect(page.getByText("Schreiben Sie uns, oder rufen Sie an: 0800 330 1000.")).toBeVisible();
  await expect(page.getByRole("link", { name: "0800 330 1000" })).toHaveAttribute("href", "tel:08003301000");
  await page.getByRole("button", { name: "Auf English umstellen" }).click();
  await expect(page.getByText("Write to us, or call 0800 330 1000.")).toBeVisible();

  // FRIDAY offers German only: no language switch; the standard tenant words nothing itself.
  await page.goto(portalUrl("friday", "/"));
  await expect(page.getByRole("heading", { name: "So wirbst du Freunde" })).toBeVisible();
  await expect(page.getByRole("button", { name: /umstellen|Switch to/ })).toHaveCount(0);
  // …and its pages stay German whatever the address asks for.
  await page.goto(portalUrl("friday", "/?lng=en"));
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.goto(portalUrl("standard", "/"));
  await expect(page.getByRole("heading", { name: "So funktioniert's" })).toBeVisible();
});

test("a tenant's text that exists only in German is marked as German on the English pages (WCAG 3.1.2)", async ({ page }) => {
  for (const path of ["/?lng=en", "/praemien?lng=en"]) {
    await page.goto(portalUrl("telekom", path));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText(/^Mobilfunktarife bringen die Geldprämie/)).toHaveAttribute("lang", "de");
  }
  await page.goto(portalUrl("telekom", "/?lng=de"));
  await expect(page.getByText(/^Mobilfunktarife bringen die Geldprämie/)).not.toHaveAttribute("lang", /./);
});

for (const javaScriptEnabled of [false, true]) {
  test(`the contact page names its hotline in words, never a text key (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, locale: "de-DE" });
    const page = await context.newPage();
    for (const tenant of ["telekom", "allianz", "standard", "friday"]) {
      await page.goto(portalUrl(tenant, "/kontakt"));
      if (javaScriptEnabled) await page.waitForFunction(() => (window as { __remixRouter?: unknown }).__remixRouter !== undefined);
      await expect(page.locator("main")).not.toContainText("contact.");
    }
    // The hotline once: telekom's own introduction names it, so it is the call link there and only its hours
    // follow; friday's gets its line.
    await page.goto(portalUrl("telekom", "/kontakt"));
    await expect(page.locator("main")).toContainText("rufen Sie an: 0800 330 1000");
    expect((await page.locator("main").innerText()).split("0800 330 1000")).toHaveLength(2);
    await expect(page.getByRole("link", { name: "0800 330 1000" })).toHaveAttribute("href", "tel:08003301000");
    await expect(page.getByText("Telefonisch erreichbar: Mo–Fr 8–20 Uhr")).toBeVisible();
    await page.goto(portalUrl("friday", "/kontakt"));
    await expect(page.getByText(/^Hotline: 0800 44 55 66$/)).toBeVisible();
    await context.close();
  });
}

/** The feedback addresses: the demo backend names them; the standard tenant's backend predates them, so its operator does. */
const FEEDBACK_ADDRESSES: Record<string, string> = {
  telekom: "empfehlung@telekom.example",
  allianz: "empfehlung@allianz.example",
  friday: "freunde@friday.example",
  standard: "barrierefreiheit@standard.example",
};

const PROVIDERS: Record<string, string> = {
  telekom: "Telekom Deutschland GmbH",
  allianz: "Allianz Generalvertretung Muster & Partner",
  friday: "FRIDAY Insurance S.A.",
  standard: "Muster Empfehlungsdienste GmbH",
};

test("every tenant has an accessibility statement, linked in the footer; the addresses people try lead there", async ({ page }) => {
  for (const tenant of ["telekom", "allianz", "standard", "friday"]) {
    await page.goto(portalUrl(tenant, "/"));
    await page.getByRole("contentinfo").getByRole("link", { name: "Barrierefreiheit" }).click();
    await expect(page).toHaveURL(portalUrl(tenant, "/barrierefreiheit"));
    await expect(page).toHaveTitle("Erklärung zur Barrierefreiheit");
    const statement = page.getByRole("main");
    const headings = [
      "Geltungsbereich",
      "Die Dienstleistung",
      "Stand der Vereinbarkeit",
      "Fristen",
      "Nicht barrierefreie Inhalte",
      "Barrieren melden",
      "Durchsetzungsverfahren",
      "Schlichtungsverfahren",
      "Wie und wann wir geprüft haben",
    ];
    for (const heading of headings) {
      await expect(statement.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(statement).toContainText("WCAG 2.2");
    await expect(statement.getByRole("link", { name: "Zum Kontaktformular" })).toHaveAttribute("href", "/kontakt");
    await expect(statement.getByRole("link", { name: "Website der MLBF" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.mlbf-barrierefrei\.de/,
    );
    // The conciliation body of § 34 BFSG, the date and the method of the last review, and the gaps that are true today.
    await expect(statement.getByRole("link", { name: "Website der Schlichtungsstelle BGG" })).toHaveAttribute(
      "href",
      "https://www.schlichtungsstelle-bgg.de/",
    );
    await expect(statement).toContainText("Zuletzt geprüft am 7. Dezember 2026, durch eine Selbstbewertung");
    // Its provider by name: the backend's page variable, else the operator's (standard's TENANTS_FILE entry).
    await expect(statement).toContainText(`„${await page.locator("header a").first().textContent()}“ von ${PROVIDERS[tenant]} unter`);
    // Each gap with its criterion and its reason; no claim the tests do not make (screen readers are a gap, not a claim).
    const gaps = statement.getByRole("list").filter({ hasText: "Redaktionssystem" }).getByRole("listitem");
    for (const gap of await gaps.allTextContents()) expect(gap).toMatch(/\(WCAG \d\.\d\.\d+ .+\)/);
    await expect(gaps.filter({ hasText: "Screenreader" })).toContainText("noch nicht getestet");
    await expect(statement.getByText(/mit der Tastatur und mit Screenreadern bedienen/)).toHaveCount(0);
    // The time limits, and what works without JavaScript.
    await expect(statement).toContainText("bewahren wir 2 Stunden ohne Aktivität auf, höchstens einen Tag");
    await expect(statement).toContainText("Jede Seite und jedes Formular funktioniert ohne JavaScript");
    // Its scope: the tenant's own address; the agency area only where the tenant has one, and its gap with it.
    await expect(statement).toContainText(`unter ${new URL(portalUrl(tenant, "/")).origin}.`);
    const agency = tenant === "allianz";
    await expect(statement.getByText(/Agenturbereich/)).toHaveCount(agency ? 3 : 0);
    // The checks it names are the ones the tests make (app/accessibility-statement.ts, small-screens.spec.ts).
    await expect(statement).toContainText("auf diesen Seiten: Startseite mit dem Hinweis zu Cookies, Prämienübersicht, Prämie abholen");
    // The EU model statement's words for the status: partially compliant, while gaps are listed.
    await expect(statement).toContainText("teilweise vereinbar");
    // Feedback by the form, and by e-mail and phone where the tenant's backend names them (page variables KontaktEmail, Hotline).
    const address = FEEDBACK_ADDRESSES[tenant];
    await expect(statement.getByRole("link", { name: address })).toHaveAttribute("href", `mailto:${address}`);
    await expect(statement.getByRole("link", { name: /^0800 / })).toHaveAttribute("href", /^tel:0800\d+$/);
  }
  for (const path of ["/barrierefreiheitserklaerung", "/erklaerung-zur-barrierefreiheit", "/accessibility"]) {
    await page.goto(portalUrl("allianz", path));
    await expect(page).toHaveURL(portalUrl("allianz", "/barrierefreiheit"));
  }
});

test.describe("with JavaScript on", () => {
  test.use({ javaScriptEnabled: true });

  test("the postcode search on the agency's home stays in the page and finds the agents near it", async ({ page }) => {
    await page.goto(portalUrl("allianz", "/"));
    await hydrated(page);
    const agents = page.getByRole("region", { name: "Ihre Berater vor Ort" });
    await agents.getByRole("textbox", { name: "Ihre Postleitzahl (PLZ)" }).fill("85354");
    await agents.getByRole("button", { name: "Berater in Ihrer Nähe" }).click();
    await expect(page).toHaveURL(portalUrl("allianz", "/?plz=85354"));
    await expect(agents.getByText("Berater nahe der PLZ 85354:")).toBeVisible();
    await expect(agents.getByRole("listitem").first()).toContainText("85354 Freising");
  });
});
