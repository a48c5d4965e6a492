// The cookie consent and the tracking it allows: without JavaScript a form that posts and returns,
// with JavaScript the analytics calls start only after consent.
import { createSealer } from "../../bff/platform/seal.server";
import { createChoiceCookies } from "../../bff/session/choice-cookies.server";
import { consentedCookie, E2E_SESSION_SECRET, E2E_SIMULATOR_PORT, hydrated, portalUrl } from "../support/e2e-env";
import { expect, test } from "../support/playwright-utils";

/** The choice a sealed consent cookie of allianz's holds, opened as the portal opens it. */
function consentIn(value: string) {
  const choices = createChoiceCookies({ sealer: createSealer([E2E_SESSION_SECRET]), secure: true });
  return choices.consent.read(new Request(portalUrl("allianz"), { headers: { cookie: `__Host-rp_consent=${value}` } }));
}

test.use({ storageState: { cookies: [], origins: [] } });

async function analyticsHits() {
  return (await (await fetch(`http://127.0.0.1:${E2E_SIMULATOR_PORT}/__analytics`)).json()) as Record<string, string>[];
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("on a 320 px phone the banner leaves the recipient's landing on the first screen: who recommends what", async ({
    page,
    recipientForm,
  }) => {
    await page.setViewportSize({ width: 320, height: 568 });
    await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100001" });
    const banner = page.getByRole("region", { name: "Cookies und Datenschutz" });
    await expect(banner.getByRole("button", { name: "Alle akzeptieren" })).toBeVisible();
    // The landing starts on the first screen: who recommends what, and the product's card, before any field (issue 65).
    const heading = await page.getByRole("heading", { level: 1, name: "Anna S. empfiehlt Ihnen MagentaZuhause M" }).boundingBox();
    const product = await page.getByRole("heading", { level: 2, name: "MagentaZuhause M" }).boundingBox();
    expect(heading!.y + heading!.height).toBeLessThanOrEqual(568);
    expect(product!.y).toBeLessThanOrEqual(568);
  });

  test("the banner asks on every page but the privacy notice and the imprint; the choice returns to the page and lasts 60 days", async ({
    page,
    context,
  }) => {
    await page.goto(portalUrl("allianz", "/datenschutz"));
    await expect(page.getByRole("region", { name: "Cookies und Datenschutz" })).toHaveCount(0);
    await page.goto(portalUrl("allianz", "/impressum"));
    await expect(page.getByRole("region", { name: "Cookies und Datenschutz" })).toHaveCount(0);

    await page.goto(portalUrl("allianz", "/faq"));
    const banner = page.getByRole("region", { name: "Cookies und Datenschutz" });
    await banner.getByText("Auswahl anpassen").click();
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("checkbox", { name: /Notwendig/ })).toBeChecked();
    await expect(banner.getByRole("checkbox", { name: /Notwendig/ })).toBeDisabled();
    await banner.getByRole("checkbox", { name: /Analyse/ }).check();
    await banner.getByRole("button", { name: "Auswahl speichern" }).click();
    await expect(page).toHaveURL(portalUrl("allianz", "/faq"));
    await expect(page.getByRole("region", { name: "Cookies und Datenschutz" })).toHaveCount(0);
    const consent = (await context.cookies()).find((cookie) => cookie.name === "__Host-rp_consent")!;
    expect(consentIn(consent.value)).toEqual({ functional: false, analytical: true, marketing: false });
    expect(consent.expires - Date.now() / 1000).toBeGreaterThan(59 * 24 * 60 * 60);

    await page.getByRole("link", { name: "Cookie-Einstellungen" }).click();
    await expect(page.getByRole("checkbox", { name: /Analyse/ })).toBeChecked();
    await page.getByRole("button", { name: "Nur notwendige" }).click();
    // The settings page stays: it says the choice is saved, apart from the heading below it.
    await expect(page.getByRole("status")).toHaveText("Ihre Cookie-Einstellungen sind gespeichert.");
    const notice = (await page.getByRole("status").boundingBox())!;
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(heading.y - (notice.y + notice.height)).toBeGreaterThanOrEqual(16);
    const changed = (await context.cookies()).find((cookie) => cookie.name === "__Host-rp_consent")!;
    expect(consentIn(changed.value)).toEqual({ functional: false, analytical: false, marketing: false });
    await page.getByRole("checkbox", { name: /Analyse/ }).check();
    await page.getByRole("button", { name: "Auswahl speichern" }).click();
    await expect(page.getByRole("status")).toHaveText("Ihre Cookie-Einstellungen sind gespeichert.");
    await expect(page.getByRole("checkbox", { name: /Analyse/ })).toBeChecked();
  });

  test("a consent, language or channel cookie the portal did not seal counts as absent: a sibling subdomain's, a forged one, another tenant's", async ({
    page,
    context,
  }) => {
    const fridays = consentedCookie("friday");
    const planted = [
      { name: "rp_consent", value: "v1.1.1.1" },
      { name: "__Host-rp_consent", value: "v1.1.1.1" },
      { name: "lng", value: "ZW4%3D" },
      { name: "__Host-lng", value: "en" },
      { name: "__Host-rp_channel", value: "evil" },
    ].map((cookie) => ({ ...cookie, domain: "allianz.localhost", path: "/", secure: true, httpOnly: false, sameSite: "Lax" as const }));
    await context.addCookies([...planted, { ...fridays, domain: "allianz.localhost" }]);
    await page.goto(portalUrl("allianz", "/faq"));
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("region", { name: "Cookies und Datenschutz" })).toBeVisible();
  });
});

test.describe("with JavaScript on", () => {
  test("no analytics call before consent; after 'accept all' each navigation and the goal of the page are reported", async ({ page }) => {
    const before = (await analyticsHits()).length;
    await page.goto(portalUrl("standard", "/"));
    await hydrated(page);
    await page.getByRole("link", { name: "Jetzt empfehlen" }).click();
    await expect(page.getByRole("heading", { name: "Was möchten Sie empfehlen?" })).toBeVisible();
    expect((await analyticsHits()).length).toBe(before);

    await page.getByRole("region", { name: "Cookies und Datenschutz" }).getByRole("button", { name: "Alle akzeptieren" }).click();
    await expect(page.getByRole("region", { name: "Cookies und Datenschutz" })).toHaveCount(0);
    await page.getByRole("link", { name: "Empfehlungsportal" }).first().click();
    await expect
      .poll(async () => (await analyticsHits()).filter((hit) => hit.idsite === "3" && hit.idgoal === "1").length)
      .toBeGreaterThan(0);
    const hits = (await analyticsHits()).slice(before);
    expect(hits.some((hit) => hit.url?.endsWith("/empfehlen") && hit.rec === "1" && /^\d+x\d+$/.test(hit.res) && hit.rand)).toBe(true);
    expect(hits.some((hit) => hit.idgoal === "2")).toBe(true);
  });

  test("the skip link comes before the banner, and a choice by keyboard leaves the focus on the page's heading and says it is saved", async ({
    page,
  }) => {
    await page.goto(portalUrl("allianz", "/faq"));
    await hydrated(page);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Zum Inhalt springen" })).toBeFocused();
    const banner = page.getByRole("region", { name: "Cookies und Datenschutz" });
    await banner.getByRole("button", { name: "Nur notwendige" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.locator("[aria-live=polite]").filter({ hasText: "Ihre Cookie-Einstellungen sind gespeichert." })).toHaveCount(1);
  });
});
