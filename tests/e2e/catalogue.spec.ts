// The catalogue with JavaScript off: every telecom landing path with its meta title,
// the product list without the four hidden ids, prices in euros, footnotes, and the device pages.
import { expect, test } from "@playwright/test";
import { themeColours } from "../../app/theme";
import { landingPages } from "../../bff/catalogue/landing-pages.server";
import { portalUrl, serverUrl } from "../support/e2e-env";

test.use({ javaScriptEnabled: false });

test("every landing path renders with its meta title, description, title and breadcrumb", async ({ page }) => {
  expect(landingPages).toHaveLength(31);
  for (const landing of landingPages) {
    const response = await page.goto(portalUrl("telekom", `/${landing.path}`));
    expect(response?.status(), landing.path).toBe(200);
    await expect(page, landing.path).toHaveTitle(`${landing.name.de} empfehlen und Prämie sichern | Telekom Empfehlungsprogramm`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      new RegExp(landing.name.de.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${landing.name.de} weiterempfehlen`);
    await expect(page.getByRole("navigation", { name: "Brotkrumennavigation" })).toContainText(
      landing.kind === "fixed" ? "Festnetz" : "Mobilfunk",
    );
  }
});

test("the product list leaves out 637–640 and shows euro prices with their footnotes", async ({ page }) => {
  await page.goto(portalUrl("telekom", "/empfehlen"));
  await expect(page.getByRole("heading", { level: 2, name: /MagentaZuhause L/ })).toBeVisible();
  await expect(page.getByText(/Intern 63[78]|Intern 6(39|40)/)).toHaveCount(0);
  await expect(page.getByText("44,95 € monatlich")).toBeVisible();
  await expect(page.getByText("einmalig 69,95 €").first()).toBeVisible();
  await expect(page.getByText("Preise: Alle Preise inklusive Mehrwertsteuer. Mindestvertragslaufzeit 24 Monate.")).toBeVisible();
});

test("a mobile tariff's select buttons lead to recommending it, or to its smartphones; a manufacturer narrows them", async ({ page }) => {
  await page.goto(portalUrl("telekom", "/smartphone-tarife.html"));
  await expect(page.getByRole("link", { name: "Jetzt empfehlen – MagentaMobil M" })).toHaveAttribute("href", "/empfehlen/633");
  await page.getByRole("link", { name: "Mit Smartphone empfehlen" }).click();
  await expect(page).toHaveURL(portalUrl("telekom", "/smartphones.html?tarifId=633"));
  await expect(page.getByRole("heading", { name: "iPhone 17" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Galaxy S26" })).toBeVisible();
  await page.getByRole("link", { name: "samsung" }).click();
  await expect(page.getByRole("heading", { name: "iPhone 17" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Galaxy S26" })).toBeVisible();
  await expect(page.getByText("mit MagentaMobil M für 49,95 € monatlich")).toBeVisible();

  const unknown = await page.goto(portalUrl("telekom", "/smartphones.html?hersteller=nokia"));
  expect(unknown?.status()).toBe(404);
});

test("tablets come with data tariffs; other tenants have no landing pages", async ({ page }) => {
  await page.goto(portalUrl("telekom", "/tablets.html"));
  await expect(page.getByRole("heading", { name: "iPad Air" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "iPhone 17" })).toHaveCount(0);
  await page.goto(portalUrl("allianz", "/internet"));
  await expect(page).toHaveURL(portalUrl("allianz", "/404"));
});

test("insurance products show their rewards", async ({ page }) => {
  await page.goto(portalUrl("friday", "/empfehlen"));
  await expect(page.getByRole("heading", { level: 2, name: "Kfz-Versicherung" })).toBeVisible();
  // Each insurance product earns one kind: car insurance the transfer, household contents the voucher.
  const card = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name }) });
  await expect(card("Kfz-Versicherung")).toContainText(/Du: 50\s€ aufs Konto\s*Dein Kontakt: bis zu 50\s€/);
  await expect(card("Hausratversicherung")).toContainText(/Du: 70\s€ als Gutschein/);
  await expect(page.getByText("Intern 637")).toHaveCount(0);
});

test("the product list's card deck has 4, 4, 2, 1 and 1 columns at xl, lg, md, sm and xs", async ({ browser }) => {
  for (const [width, columns] of [
    [1440, 4],
    [1024, 4],
    [768, 2],
    [320, 1],
    [300, 1],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(portalUrl("telekom", "/empfehlen?widget=1"));
    const tops = await page
      .locator("main ul.grid > li")
      .evaluateAll((cards) => cards.slice(0, 4).map((card) => card.getBoundingClientRect().top));
    expect(tops.filter((top) => top === tops[0]).length, `${width}px`).toBe(columns);
    await context.close();
  }
});

test("the product list's category navigation: each category with its icon, as links that narrow the list", async ({ page }) => {
  await page.goto(portalUrl("telekom", "/empfehlen"));
  const nav = page.getByRole("navigation", { name: "Produktkategorien" });
  await expect(nav.getByRole("link", { name: "Alle" })).toHaveAttribute("aria-current", "page");
  const cards = page.locator("li:has(h2)");
  const all = await cards.count();
  await nav.getByRole("link", { name: "Mobilfunk" }).click();
  await expect(nav.getByRole("link", { name: "Mobilfunk" })).toHaveAttribute("aria-current", "page");
  const mobile = await cards.count();
  expect(mobile).toBeGreaterThan(0);
  expect(mobile).toBeLessThan(all);
  await expect(page.getByRole("heading", { name: "MagentaMobil M", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Glasfaser 500", exact: true })).toHaveCount(0);
  // The chosen category shows its picture (produktkategorie/{id}/grafik) and description.
  await expect(page.getByRole("heading", { name: "Mobilfunk", level: 2 })).toBeVisible();
  await expect(page.getByText("Tarife und Smartphones für unterwegs.")).toBeVisible();
  const categoryPicture = page.locator('img[src="/katalogbild/produktkategorie/2/grafik"]');
  // Shown is not loaded yet: wait for the pictures to arrive.
  await expect.poll(() => categoryPicture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect
    .poll(() => nav.locator("img").evaluateAll((icons) => icons.every((icon) => (icon as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);

  // A product's recommendation form shows its picture.
  await page.goto(portalUrl("telekom", "/empfehlen/633"));
  const picture = page.locator('img[src="/katalogbild/produkt/633/grafik"]');
  await expect(picture).toHaveAttribute("width", "320");
  expect(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
});

test("pictures the backend lacks are the portal's artwork for what they show, in the tenant's colour; each tenant has its own logo", async ({
  page,
  request,
}) => {
  // The simulator has no product or reward pictures, like many a backend: the portal draws its own (docs/decisions/057).
  const picture = async (tenant: string, path: string) => {
    const answer = await request.get(serverUrl(path), { headers: { Host: `${tenant}.localhost` } });
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["content-type"], path).toBe("image/svg+xml; charset=utf-8");
    return answer.text();
  };
  const mobile = await picture("telekom", "/katalogbild/produkt/633/grafik");
  const fibre = await picture("telekom", "/katalogbild/produkt/632/grafik");
  const car = await picture("friday", "/katalogbild/produkt/1/sgrafik");
  for (const svg of [mobile, fibre, car]) {
    expect(svg).not.toContain("<text");
    expect(svg).toContain('width="');
  }
  expect(new Set([mobile.replace(/<g [\s\S]*$/, ""), fibre.replace(/<g [\s\S]*$/, "")]).size).toBe(1);
  expect(mobile).not.toBe(fibre);
  // telekom's brand as its pages paint it (#b0005e made 2 % darker for 7:1 with white: app/theme.ts).
  expect(mobile).toContain(themeColours("#b0005e").brand);
  expect(car).toContain("#2d2a6e");
  const voucher = await picture("telekom", "/praemienbild/102/grafik100");
  const cash = await picture("telekom", "/praemienbild/101/grafik100");
  expect(voucher).not.toBe(cash);
  expect(voucher).not.toMatch(/<text|70/);
  // Only ids a backend could have: no drawing, and no backend call, for the rest.
  for (const path of ["/katalogbild/produkt/-1/grafik", "/katalogbild/produkt/99999999999999999999/grafik", "/praemienbild/0/grafik100"]) {
    expect((await request.get(serverUrl(path), { headers: { Host: "telekom.localhost" } })).status(), path).toBe(404);
  }

  const logos = [];
  for (const tenant of ["telekom", "allianz", "standard", "friday"]) {
    await page.goto(portalUrl(tenant, "/"));
    const logo = page.getByRole("banner").locator("img").first();
    await expect(logo).toBeVisible();
    const src = (await logo.getAttribute("src"))!;
    logos.push((await request.get(new URL(src, serverUrl("/")).toString(), { headers: { Host: `${tenant}.localhost` } })).text());
  }
  const drawn = await Promise.all(logos);
  // Four shapes, not one shape in four colours.
  expect(new Set(drawn.map((svg) => svg.replace(/#[0-9a-f]{6}/gi, ""))).size).toBe(4);
});
