// Creating and sharing a recommendation: with JavaScript off (plain forms and links), then the
// enhanced share page with JavaScript on. Serial: the captcha switch is shared by the simulator.
import type { Page } from "@playwright/test";
import { E2E_PORT, hydrated, portalUrl, serverUrl, simulatorControl } from "../support/e2e-env";
import { expect, test } from "../support/playwright-utils";

test.describe.configure({ mode: "serial" });

/** A text as the page writes it: any space may be a no-break one (Intl puts one between amount and euro sign). */
const words = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s*"));

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a logged-in recommender creates a recommendation, shares it by plain links, and makes an offline code", async ({
    page,
    request,
    login,
  }) => {
    await login({ tenant: "telekom", redirectTo: "/persoenlicherbereich" });
    await page.getByRole("link", { name: "Neue Empfehlung" }).click();
    await page.getByRole("link", { name: "Jetzt empfehlen – MagentaZuhause L" }).click();
    await expect(page.getByRole("heading", { name: "MagentaZuhause L empfehlen" })).toBeVisible();
    await expect(page.getByText("Sie empfehlen als Anna Schmidt (demo@telekom.example).")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Ich erhalte die ganze Prämie." })).toBeChecked();
    // The offer in the one sentence (decision 071): each kind of the recommender's reward, the contact's most.
    await expect(page.getByText(words("Sie: 50 € aufs Konto oder 70 € als Gutschein – Ihr Kontakt: bis zu 50 €"))).toBeVisible();
    // Each split says what it brings either side, and why the parts do not add up.
    await expect(
      page.getByRole("radio", {
        name: words("Ich erhalte die ganze Prämie. Sie: 50 € aufs Konto oder 70 € als Gutschein Ihr Kontakt: keine Prämie"),
      }),
    ).toBeVisible();
    await expect(
      page.getByRole("radio", {
        name: words("Mein Kontakt und ich teilen die Prämie (50:50). Sie: 25 € aufs Konto oder 35 € als Gutschein Ihr Kontakt: 25 €"),
      }),
    ).toBeVisible();
    await expect(
      page.getByRole("radio", { name: words("Mein Kontakt erhält die ganze Prämie. Sie: keine Prämie Ihr Kontakt: 50 €") }),
    ).toBeVisible();
    await expect(page.getByText(words("Ihr Kontakt erhält höchstens 50 €, auch wenn Sie ihm die ganze Prämie überlassen."))).toBeVisible();

    await page.getByRole("radio", { name: "Mein Kontakt und ich teilen die Prämie (50:50)." }).check();
    await page.getByRole("button", { name: "Empfehlungslink erstellen" }).click();
    // Each message says what is missing, not just that something is.
    await expect(
      page.getByText("Bitte bestätigen Sie, dass Sie mindestens 18 Jahre alt sind und als Privatperson empfehlen."),
    ).toBeVisible();
    await expect(page.getByText("Die Zustimmung ist erforderlich, um fortzufahren.")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Mein Kontakt und ich teilen die Prämie (50:50)." })).toBeChecked();

    // The campaign says its prize and last day itself; it changes no amount on the page.
    await expect(page.getByRole("region", { name: "Monatsverlosung" })).toContainText(
      /bis \d{2}\.\d{2}\.\d{4} .* 10 Einkaufsgutscheinen über je 100 €/,
    );
    await page.getByRole("checkbox", { name: /Ich nehme an der Aktion teil\. Teilnahmebedingungen gelten\./ }).check();
    await page.getByRole("checkbox", { name: /mindestens 18 Jahre alt/ }).check();
    await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
    await page.getByRole("button", { name: "Empfehlungslink erstellen" }).click();
    await expect(page).toHaveURL(new RegExp(`/empfehlung/TK-\\d+\\?erstellt$`));
    const number = /\/empfehlung\/(TK-\d+)/.exec(page.url())![1];
    await expect(page.getByRole("heading", { level: 1, name: "Ihr Empfehlungslink ist fertig" })).toBeVisible();
    await expect(page.getByRole("status").first()).toContainText("Ihre Empfehlung für MagentaZuhause L ist erstellt.");
    await expect(page.locator("#share-link")).toHaveText(new RegExp(`^http://telekom\\.localhost:\\d+/e/${number}$`));
    // After the 50:50 split the page states the recommender's actual parts, and the contact's.
    await expect(page.getByText(words("Sie: 25 € aufs Konto oder 35 € als Gutschein"))).toBeVisible();
    await expect(page.getByText(words("Ihr Kontakt: 25 €"), { exact: true })).toBeVisible();
    // The message the contact receives, previewed: their part and the link.
    await expect(page.getByRole("figure")).toContainText(
      words(
        `Meine Empfehlung für dich: MagentaZuhause L (Telekom Empfehlungsprogramm). Über meinen persönlichen Link bekommst du bis zu 25 € Prämie`,
      ),
    );
    await expect(page.getByRole("figure")).toContainText(`/e/${number}`);
    // Without JavaScript the main action is WhatsApp; the other channels are one tap away, each a plain link with its mark.
    await expect(page.getByRole("link", { name: "Per WhatsApp teilen" })).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/\\?text=.*25%C2%A0%E2%82%AC.*%2Fe%2F${number}%3Fchannel%3Dwhatsapp`),
    );
    await page.getByText("Weitere Wege zum Teilen").click();
    const channels = page.getByRole("list", { name: "Weitere Wege zum Teilen" }).getByRole("link");
    await expect(channels.filter({ hasText: "WhatsApp" })).toHaveCount(0);
    await expect(channels.first().locator("svg")).toHaveAttribute("aria-hidden", "true");
    await expect(page.getByRole("link", { name: "E-Mail", exact: true })).toHaveAttribute("href", /^mailto:\?subject=Meine%20Empfehlung/);
    await expect(page.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", /app_id=1234567890/);
    expect(await channels.count()).toBeGreaterThan(0);
    await page.getByText("QR-Code zeigen").click();
    await expect(page.getByRole("img", { name: /QR-Code für/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Link kopieren" })).toHaveCount(0);

    // The story picture: a 9:16 PNG to download (1080 × 1920 px, its size in the PNG's header).
    await expect(page.getByRole("link", { name: "Bild für Ihre Story" })).toHaveAttribute("href", `/empfehlung/${number}/story.png`);
    const story = await request.get(serverUrl(`/empfehlung/${number}/story.png`), { headers: { Host: "telekom.localhost" } });
    expect(story.headers()["content-type"]).toBe("image/png");
    expect(story.headers()["content-disposition"]).toBe(`attachment; filename="empfehlung-${number}.png"`);
    const picture = await story.body();
    expect([picture.readUInt32BE(16), picture.readUInt32BE(20)]).toEqual([1080, 1920]);

    await page.getByRole("button", { name: "Empfehlungscode erstellen" }).click();
    const code = (await page.getByRole("status").locator("strong").textContent())!;
    expect(code).toMatch(/^[A-Z0-9]{8}$/);

    await page.goto(portalUrl("telekom", "/persoenlicherbereich"));
    await expect(page.getByRole("link", { name: `Link teilen – ${number}` })).toBeVisible();
    await expect(page.getByText("Jetzt mehr Prämie sichern")).toBeVisible();
    // What a tariff brings, and the way to one.
    const banner = page.getByRole("complementary", { name: "Hinweis" });
    await expect(banner).toContainText(/Dafür erhalten Sie bis zu \d+\s€ Prämie\./);
    await expect(banner.getByRole("link", { name: "Tarif empfehlen" })).toHaveAttribute("href", "/empfehlen");
  });

  test("the share page lists only the tenant's channels, in their order", async ({ page }) => {
    await page.goto(portalUrl("standard", "/empfehlung/ST-100003"));
    await expect(page.getByRole("link", { name: "Per WhatsApp teilen" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Facebook" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "X (Twitter)" })).toHaveCount(0);
    const names = await page.locator("ul li a").allTextContents();
    expect(names.indexOf("E-Mail")).toBeLessThan(names.indexOf("Gmail"));
  });

  test("a shop's link by the tenant's own product id opens that product's recommendation form, its query kept", async ({ page }) => {
    await page.goto(portalUrl("friday", "/empfehlen/extern/KFZ?quelle=shop&handyId=7"));
    await expect(page).toHaveURL(portalUrl("friday", "/empfehlen/1?quelle=shop&handyId=7"));
    await expect(page.getByText("Kfz-Versicherung").first()).toBeVisible();
    const unknown = await page.goto(portalUrl("friday", "/empfehlen/extern/UNBEKANNT?quelle=shop"));
    expect(unknown?.status()).toBe(404);
    await expect(page).toHaveURL(portalUrl("friday", "/404"));
  });

  test("without an account: the recommender's data is asked for, kept on error, and a registered address must log in", async ({ page }) => {
    await page.goto(portalUrl("standard", "/empfehlen/11"));
    await page.getByLabel("Vorname *").fill("Jörg");
    await page.getByLabel("Nachname *").fill("Weiß");
    await page.getByLabel("E-Mail-Adresse *").fill("demo@standard.example");
    await page.getByRole("checkbox", { name: /mindestens 18 Jahre alt/ }).check();
    await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
    await page.getByRole("button", { name: "Empfehlungslink erstellen" }).click();
    await expect(page.getByText("Bitte melden Sie sich zuerst an.")).toBeVisible();
    await expect(page.getByLabel("Nachname *")).toHaveValue("Weiß");

    await page.getByLabel("E-Mail-Adresse *").fill("joerg.weiss@example.org");
    await page.getByRole("checkbox", { name: /mindestens 18 Jahre alt/ }).check();
    await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
    await page.getByRole("button", { name: "Empfehlungslink erstellen" }).click();
    await expect(page).toHaveURL(/\/empfehlung\/ST-\d+\?erstellt$/);
    await expect(page.getByText("Bitte bestätigen Sie Ihre E-Mail-Adresse")).toBeVisible();
  });

  test("an existing link for the product is said on load, with its split and when a new one can come; no form is offered that would fail", async ({
    page,
    login,
  }) => {
    await login({ tenant: "friday", redirectTo: "/empfehlen/1" });
    // The open link FR-100003 gives the whole reward to the contact.
    await expect(
      page.getByRole("heading", {
        name: "Für Kfz-Versicherung hast du schon einen Empfehlungslink, bei dem dein Kontakt die ganze Prämie erhält.",
      }),
    ).toBeVisible();
    await expect(
      page.getByText(
        /^Einen neuen Link mit anderer Aufteilung kannst du ab dem \d{2}\.\d{2}\.\d{4} erstellen, wenn dieser abgelaufen ist\.$/,
      ),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Empfehlungslink erstellen" })).toHaveCount(0);
    await expect(page.getByRole("radio")).toHaveCount(0);
    await page.getByRole("link", { name: "Bestehenden Link teilen" }).click();
    await expect(page).toHaveURL(portalUrl("friday", "/empfehlung/FR-100003"));
    await expect(page.getByText("Du: keine Prämie")).toBeVisible();
  });

  test("when the backend wants a captcha, a wrong answer gets a new question and the message next to the field", async ({
    page,
    login,
  }) => {
    await simulatorControl({ captchaFor: { allianz: true } });
    try {
      await login({ tenant: "allianz", redirectTo: "/empfehlen/2" });
      await page.getByRole("checkbox", { name: /mindestens 18 Jahre alt/ }).check();
      await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
      await page.getByLabel(/Sicherheitsfrage/).fill("99");
      await page.getByRole("button", { name: "Empfehlungslink erstellen" }).click();
      await expect(page.getByText("Das Captcha ist falsch oder abgelaufen. Bitte versuchen Sie es erneut.")).toBeVisible();
      await expect(page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ })).toBeChecked();

      const question = (await page.getByLabel(/Sicherheitsfrage/).getAttribute("id"))!;
      const label = (await page.locator(`label[for="${question}"]`).textContent())!;
      const [a, b] = /(\d+) \+ (\d+)/.exec(label)!.slice(1).map(Number);
      await page.getByLabel(/Sicherheitsfrage/).fill(String(a + b));
      await page.getByRole("button", { name: "Empfehlungslink erstellen" }).click();
      await expect(page).toHaveURL(/\/empfehlung\/AZ-\d+\?erstellt$/);
    } finally {
      await simulatorControl({ captchaFor: { allianz: false } });
    }
  });

  test("the former page between making and sharing leads to the share page", async ({ page }) => {
    await page.goto(portalUrl("friday", "/bestaetigung?empfehlung=FR-100003"));
    await expect(page).toHaveURL(portalUrl("friday", "/empfehlung/FR-100003?erstellt"));
    await expect(page.getByRole("heading", { level: 1, name: "Dein Empfehlungslink ist fertig" })).toBeVisible();
  });

  test("a share link is on the tenant's configured origin, whichever of its hosts the page was asked on", async ({ page }) => {
    // The standard tenant is the default one: also reached on localhost and 127.0.0.1, its origin named first is standard.localhost.
    for (const origin of [portalUrl("standard", ""), `http://localhost:${E2E_PORT}`, serverUrl("").replace(/\/$/, "")]) {
      await page.goto(`${origin}/empfehlung/ST-100003`);
      await expect(page.locator("#share-link")).toHaveText(portalUrl("standard", "/e/ST-100003"));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", portalUrl("standard", "/empfehlung/ST-100003"));
    }
  });

  test("an unknown product is the not-found page", async ({ page }) => {
    const response = await page.goto(portalUrl("telekom", "/empfehlen/99999"));
    expect(response?.status()).toBe(404);
  });
});

test.describe("the message, with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("names the brand at every split and gives the friend a reason; an edited message reaches every channel's link", async ({ page }) => {
    const figure = page.getByRole("figure");
    // FR-100003: the friend gets the whole reward; FR-100004: half of it; FR-100001: none, so the product's own benefit.
    await page.goto(portalUrl("friday", "/empfehlung/FR-100003"));
    await expect(figure).toContainText(
      words("Kfz-Versicherung (FRIDAY Versicherung – Freunde werben). Über meinen persönlichen Link bekommst du bis zu 50 € Prämie"),
    );
    await page.goto(portalUrl("friday", "/empfehlung/FR-100004"));
    await expect(figure).toContainText(words("bekommst du bis zu 25 € Prämie"));
    await page.goto(portalUrl("friday", "/empfehlung/FR-100001"));
    await expect(figure).toContainText(
      /Meine Empfehlung für dich: Kfz-Versicherung \(FRIDAY Versicherung – Freunde werben\)\. \S.{10,}\shttp/,
    );
    await expect(figure).not.toContainText("Prämie");

    // Markup is refused next to the field, with what was typed kept.
    await page.getByText("Nachricht ändern").click();
    const message = page.getByRole("textbox", { name: "Deine Nachricht" });
    await message.fill("Schau mal <b>hier</b>");
    await page.getByRole("button", { name: "Nachricht übernehmen" }).click();
    await expect(page.getByText("Bitte schreib die Nachricht ohne die Zeichen < und >.")).toBeVisible();
    await expect(message).toHaveValue("Schau mal <b>hier</b>");
    await expect(message).toHaveAttribute("aria-invalid", "true");

    await message.fill("Hallo Ben, das ist meine Versicherung fürs Auto. Schau sie dir an:");
    await page.getByRole("button", { name: "Nachricht übernehmen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Deine Nachricht steht jetzt in jedem Weg zum Teilen." })).toBeVisible();
    await expect(figure).toContainText(
      /Hallo Ben, das ist meine Versicherung fürs Auto\. Schau sie dir an: http:\/\/friday\.localhost:\d+\/e\/FR-100001$/,
    );
    const edited = encodeURIComponent("Hallo Ben, das ist meine Versicherung fürs Auto. Schau sie dir an: ");
    await expect(page.getByRole("link", { name: "Per WhatsApp teilen" })).toHaveAttribute(
      "href",
      `https://wa.me/?text=${edited}${encodeURIComponent(`http://friday.localhost:${E2E_PORT}/e/FR-100001?channel=whatsapp`)}`,
    );
    await page.getByText("Weitere Wege zum Teilen").click();
    // Every mail and text channel carries it too (X and the networks take only the link).
    const hrefs = await page
      .getByRole("list", { name: "Weitere Wege zum Teilen" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const withBody = hrefs.filter((href) => /[?&]body=/.test(href));
    expect(withBody.length).toBeGreaterThan(0);
    expect(withBody.filter((href) => !href.includes(edited))).toEqual([]);
  });
});

/** A phone's share sheet (Web Share API) that keeps what it was given in `window.shared`. */
function withShareSheet(page: Page) {
  return page.addInitScript(() => {
    Object.defineProperty(navigator, "share", {
      value: (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
        return Promise.resolve();
      },
    });
  });
}

test.describe("with JavaScript on", () => {
  test("an edited message reaches the share sheet and every channel's link as it is typed, before any submit", async ({ page }) => {
    await withShareSheet(page);
    await page.goto(portalUrl("friday", "/empfehlung/FR-100001"));
    await hydrated(page);
    await page.getByText("Nachricht ändern").click();
    await page.getByRole("textbox", { name: "Deine Nachricht" }).fill("Das Auto ist bei FRIDAY gut aufgehoben.");
    await expect(page.getByRole("figure")).toContainText(
      /^Deine Nachricht an deinen Kontakt\s*Das Auto ist bei FRIDAY gut aufgehoben\. http/,
    );
    await page.getByRole("button", { name: "Teilen …" }).click();
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData }).shared.text)).toBe(
      "Das Auto ist bei FRIDAY gut aufgehoben.",
    );
    await page.getByText("Weitere Wege zum Teilen").click();
    const whatsApp = page.getByRole("list", { name: "Weitere Wege zum Teilen" }).getByRole("link", { name: "WhatsApp" });
    await expect(whatsApp).toHaveAttribute(
      "href",
      new RegExp(
        `^https://wa\\.me/\\?text=${encodeURIComponent("Das Auto ist bei FRIDAY gut aufgehoben. ").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
      ),
    );
  });

  test("the share page copies the link to the clipboard, and loads nothing from third parties", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const hosts = new Set<string>();
    page.on("request", (request) => hosts.add(new URL(request.url()).hostname));
    await page.goto(portalUrl("friday", "/empfehlung/FR-100003"));
    await page.getByRole("button", { name: "Link kopieren" }).click();
    await expect(page.getByRole("status")).toHaveText("Link kopiert.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/e\/FR-100003$/);
    await expect(page.getByRole("link", { name: "Per WhatsApp teilen" })).toBeVisible();
    expect([...hosts]).toEqual(["friday.localhost"]);
    // On a desktop the link sits on one line with its copy button.
    await page.setViewportSize({ width: 1440, height: 900 });
    const link = page.locator("#share-link");
    const lineHeight = await link.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight));
    const [linkBox, buttonBox] = [(await link.boundingBox())!, (await page.getByRole("button", { name: "Link kopieren" }).boundingBox())!];
    expect(await link.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    expect(linkBox.height).toBeLessThan(2 * lineHeight + 24);
    expect(Math.abs(linkBox.y - buttonBox.y)).toBeLessThan(4);
  });

  test("where the phone has a share sheet, it is the main action and WhatsApp joins the other channels", async ({ page }) => {
    await withShareSheet(page);
    await page.goto(portalUrl("friday", "/empfehlung/FR-100003"));
    await page.getByRole("button", { name: "Teilen …" }).click();
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData }).shared.url)).toMatch(/\/e\/FR-100003$/);
    await expect(page.getByRole("link", { name: "Per WhatsApp teilen" })).toHaveCount(0);
    // The share sheet gets the message without the link (it adds the link itself); friday's FR-100003 gives the contact everything.
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData }).shared.text)).toMatch(
      /^Meine Empfehlung für dich: Kfz-Versicherung \(FRIDAY Versicherung – Freunde werben\)\. Über meinen persönlichen Link bekommst du bis zu 50\s€ Prämie, sobald dein Vertrag abgeschlossen ist\.$/,
    );
    await page.getByText("Weitere Wege zum Teilen").click();
    await expect(page.getByRole("list", { name: "Weitere Wege zum Teilen" }).getByRole("link", { name: "WhatsApp" })).toBeVisible();
  });
});
