// Embedding: the sample parent page on localhost frames the friday tenant (its allowed parent).
import { expect, type Page, test } from "@playwright/test";
import { E2E_PORT } from "../support/e2e-env";

const parentPage = `http://localhost:${E2E_PORT}/einbettung.html`;
/** The same sample page on another site: there the browser sends the frame no SameSite=Lax cookie. */
const crossSiteParentPage = `http://127.0.0.1:${E2E_PORT}/einbettung.html`;

function portalFrame(page: Page) {
  return page.frames().find((frame) => frame.url().includes("friday.localhost"))!;
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the framed portal has no chrome but the statement and the cookie settings, and keeps the widget parameter on every page it goes to", async ({
    page,
  }) => {
    await page.goto(parentPage);
    const portal = page.frameLocator("#portal");
    await expect(portal.getByRole("heading", { level: 1 })).toContainText("FRIDAY");
    await expect(portal.getByRole("banner")).toHaveCount(0);
    await expect(portal.getByRole("contentinfo").getByRole("link")).toHaveText(["Barrierefreiheit", "Cookie-Einstellungen"]);
    await portal.getByRole("contentinfo").getByRole("link", { name: "Barrierefreiheit" }).click();
    await expect(portal.getByRole("heading", { level: 1 })).toContainText("Barrierefreiheit");
    expect(new URL(portalFrame(page).url()).searchParams.get("widget")).toBe("1");
    await page.goto(parentPage);
    await portal.getByRole("link", { name: "Jetzt empfehlen" }).click();
    await expect(portal.getByRole("heading", { name: "Was möchtest du empfehlen?" })).toBeVisible();
    const framed = portalFrame(page);
    expect(new URL(framed.url()).pathname).toBe("/empfehlen");
    expect(new URL(framed.url()).searchParams.get("widget")).toBe("1");
  });

  test("inside a cross-site frame a recommender logs in: partitioned cookies and a token in every form", async ({ page, context }) => {
    await page.goto(crossSiteParentPage);
    const portal = page.frameLocator("#portal");
    await expect(portal.getByRole("heading", { level: 1 })).toContainText("FRIDAY");
    await portalFrame(page).goto(`http://friday.localhost:${E2E_PORT}/persoenlicherbereich?widget=1`);
    await expect(portal.getByRole("heading", { name: "Anmelden" })).toBeVisible();
    await portal.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@friday.example");
    await portal.getByLabel("Passwort").fill("Demo1234");
    await portal.getByRole("button", { name: "Anmelden" }).click();
    await expect(portal.getByRole("heading", { name: "Persönlicher Bereich" })).toBeVisible();
    expect(new URL(portalFrame(page).url()).searchParams.get("widget")).toBe("1");

    // The consent cookie planted by the test setup is left out: the portal set all the others.
    const cookies = (await context.cookies(`http://friday.localhost:${E2E_PORT}`)).filter((cookie) => cookie.name !== "__Host-rp_consent");
    expect(cookies.map((cookie) => cookie.name)).toEqual(expect.arrayContaining(["__Host-rp_session", "__Host-rp_form"]));
    for (const cookie of cookies)
      expect(cookie).toMatchObject({ sameSite: "None", secure: true, partitionKey: expect.stringContaining("127.0.0.1") });
    expect(
      await portal.locator("form[method=post]").evaluateAll((forms) => forms.every((form) => form.querySelector("input[name=formToken]"))),
    ).toBe(true);
  });

  test("only the tenant's allowed parent may frame it", async ({ request }) => {
    const friday = await request.get(`http://127.0.0.1:${E2E_PORT}/`, { headers: { Host: "friday.localhost" } });
    expect(friday.headers()["content-security-policy"]).toContain(`frame-ancestors http://localhost:${E2E_PORT}`);
    const telekom = await request.get(`http://127.0.0.1:${E2E_PORT}/`, { headers: { Host: "telekom.localhost" } });
    expect(telekom.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
});

test.describe("with JavaScript on", () => {
  test("the framed portal tells its parent where it is and how tall it is, after every navigation", async ({ page }) => {
    await page.goto(parentPage);
    await expect(page.locator("#portal-path")).toHaveText("/?widget=1");
    await expect(page.locator("#portal-height")).toHaveText(/^\d+$/);
    const height = Number(await page.locator("#portal-height").textContent());
    expect(height).toBeLessThan(5_000);
    const portal = page.frameLocator("#portal");
    await portal.getByRole("link", { name: "Jetzt empfehlen" }).click();
    await expect(page.locator("#portal-path")).toHaveText("/empfehlen?widget=1");
    await expect(portal.getByRole("banner")).toHaveCount(0);
  });

  test("a route in the hash opens in the frame only on the portal's origin, however it is spelt; the hash always leaves the address bar", async ({
    page,
  }) => {
    const portalOrigin = `http://friday.localhost:${E2E_PORT}`;
    await page.goto(`${parentPage}#${encodeURIComponent("/empfehlen?widget=1")}`);
    await expect(page.locator("#portal")).toHaveAttribute("src", `${portalOrigin}/empfehlen?widget=1`);
    for (const hash of [
      "/%5Cevil.example/login",
      "/%09/evil.example/login",
      "/%0A/evil.example",
      "/%5C%5Cevil.example",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
    ]) {
      // Each as a link followed anew, not a change of the fragment of the page already open.
      await page.goto("about:blank");
      await page.goto(`${parentPage}#${hash}`);
      await expect(page).toHaveURL(parentPage);
      const src = await page.locator("#portal").getAttribute("src");
      expect(new URL(src!).origin, hash).toBe(portalOrigin);
      expect(
        page.frames().some((frame) => frame.url().includes("evil.example")),
        hash,
      ).toBe(false);
    }
  });

  test("the frame follows the content down as well as up, and a navigation scrolls the parent to the frame's top", async ({ page }) => {
    await page.goto(parentPage);
    await expect(page.locator("#portal-height")).toHaveText(/^\d+$/);
    // The frame's first page asks for no scrolling: the visitor has not done anything in it yet.
    await expect(page.locator("#portal-scrolls")).toHaveText("0");

    // The parent page scrolled to its end, far below the frame's top: a navigation brings the frame's top into view.
    await page.evaluate(() => {
      document.body.style.paddingBottom = "4000px";
      window.scrollTo(0, document.body.scrollHeight);
    });
    await page.frameLocator("#portal").getByRole("link", { name: "Jetzt empfehlen" }).first().click();
    await expect(page.locator("#portal-path")).toHaveText("/empfehlen?widget=1");
    await expect(page.locator("#portal-scrolls")).toHaveText("1");
    const frameTop = await page.locator("#portal").evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(frameTop)).toBeLessThan(2);

    const before = Number(await page.locator("#portal-height").textContent());
    const frame = page.frame({ url: /\/empfehlen/ })!;
    await frame.evaluate(() => document.querySelector("main")!.replaceChildren());
    await expect.poll(async () => Number(await page.locator("#portal-height").textContent())).toBeLessThan(before);
  });
});
