// Every page at 320 px, the narrowest phone the portal supports, with JavaScript off: nothing may run
// past the right edge (long German compound words wrap or hyphenate instead).
import { expect, type Page, test } from "@playwright/test";
import { TEXT_SPACING_PAGES } from "../../app/accessibility-statement";
import { landingPages } from "../../bff/catalogue/landing-pages.server";
import { signOnAtProvider } from "../support/agency-sign-on";
import { portalUrl } from "../support/e2e-env";
import { fillRecipient, textbox } from "../support/recipient-form";

test.use({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });

const PUBLIC_PAGES = [
  "/",
  "/agb",
  "/datenschutz",
  "/impressum",
  "/faq",
  "/kontakt",
  "/code",
  "/login",
  "/registrieren",
  "/passwortvergessen",
  "/praemien",
  "/empfehlen",
  "/empfehlungabgelaufen",
  "/einwilligung",
  "/404",
];

const TENANT_PAGES: Record<string, string[]> = {
  telekom: ["/empfaengerdaten/TK-100001", "/praemie?token=rwd-telekom-valid-0001", ...landingPages.map((landing) => `/${landing.path}`)],
  friday: ["/empfaengerdaten/FR-100001", "/praemie?token=rwd-friday-valid-0001"],
  allianz: ["/berater", "/mitarbeiterempfehlen", "/agentur/anmelden", "/praemie/202?token=rwd-allianz-valid-0001"],
  standard: ["/empfaengerdaten/ST-100003", "/empfehlen/10", "/praemie?token=rwd-standard-valid-0001"],
};

async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 || element.scrollWidth > element.clientWidth + 0.5)
      .filter((element) => getComputedStyle(element).overflowX === "visible")
      .map(
        (element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}: ${element.textContent?.trim().slice(0, 40)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 3) };
  });
}

for (const tenant of ["telekom", "friday", "allianz", "standard"]) {
  test(`no ${tenant} page runs past 320 px`, async ({ page }) => {
    for (const path of [...PUBLIC_PAGES, ...TENANT_PAGES[tenant]]) {
      await page.goto(portalUrl(tenant, path));
      const overflow = await overflowOf(page);
      expect(overflow.scrollWidth, `${tenant} ${path}: ${overflow.wide.join(" | ")}`).toBeLessThanOrEqual(overflow.width);
    }
  });
}

test("no page of a logged-in recommender runs past 320 px", async ({ page }) => {
  await page.goto(portalUrl("allianz", "/login?redirectTo=%2Fpersoenlicherbereich"));
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@allianz.example");
  await page.getByLabel("Passwort", { exact: true }).fill("Demo1234");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(portalUrl("allianz", "/persoenlicherbereich"));
  for (const path of [
    "/persoenlicherbereich",
    "/meinedaten",
    "/passwortaendern",
    "/empfehler/bankdaten",
    "/empfehlen/2",
    "/empfehlung/AZ-100003",
  ]) {
    await page.goto(portalUrl("allianz", path));
    const overflow = await overflowOf(page);
    expect(overflow.scrollWidth, `${path}: ${overflow.wide.join(" | ")}`).toBeLessThanOrEqual(overflow.width);
  }
  // The share page's link shows whole, nothing of it hidden, and breaks only after a slash: its host and its number each stay on one line.
  const field = page.locator("#share-link");
  await expect(field).toHaveText(/\/e\/AZ-100003$/);
  const hidden = await field.evaluate((element) => ({
    across: element.scrollWidth - element.clientWidth,
    down: element.scrollHeight - element.clientHeight,
  }));
  expect(hidden).toEqual({ across: 0, down: 0 });
  for (const part of [/^http:\/\/allianz\.localhost:\d+\/$/, "AZ-100003"]) {
    const shown = field.getByText(part, { exact: true });
    expect(await shown.evaluate((element) => element.getClientRects().length)).toBe(1);
  }
});

test("the recipient's confirmation fits 320 px, a long address included", async ({ page }) => {
  await page.goto(portalUrl("telekom", "/empfaengerdaten/TK-100003"));
  await fillRecipient(page, { geburtsdatum: "07.03.1990", email: `erika.musterfrau-mit-langem-namen.${Date.now()}@example.org` });
  await page.getByRole("button", { name: "Weiter" }).click();
  await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
  await page.getByRole("button", { name: "Zustimmen und weiter" }).click();
  await textbox(page, "IBAN *").fill("DE89 3704 0044 0532 0130 00");
  await textbox(page, "Kontoinhaber *").fill("Erika Musterfrau");
  await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
  await expect(page).toHaveURL(portalUrl("telekom", "/empfaengerbestaetigung"));
  const overflow = await overflowOf(page);
  expect(overflow.scrollWidth, overflow.wide.join(" | ")).toBeLessThanOrEqual(overflow.width);
});

test.describe("with the text spacing of WCAG 1.4.12", () => {
  // The spacing a reader's style sheet may set; the portal's CSP would refuse it as an inline style.
  test.use({ bypassCSP: true, storageState: { cookies: [], origins: [] } });
  const TEXT_SPACING =
    "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }";

  // The pages the accessibility statement names as checked (app/accessibility-statement.ts), on every tenant.
  const TEXT_SPACING_PATHS: Record<(typeof TEXT_SPACING_PAGES)[number], (tenant: string, code: string) => string> = {
    home: () => "/",
    rewards: () => "/praemien",
    pickup: (tenant) => `/praemie?token=rwd-${tenant}-valid-0001`,
    recipientData: (_, code) => `/empfaengerdaten/${code}-100001`,
    statement: () => "/barrierefreiheit",
  };
  const CODES: Record<string, string> = { telekom: "TK", allianz: "AZ", standard: "ST", friday: "FR" };

  for (const tenant of Object.keys(CODES)) {
    test(`${tenant}: every page the statement names fits 320 px, the cookie banner on it`, async ({ page }) => {
      for (const name of TEXT_SPACING_PAGES) {
        const path = TEXT_SPACING_PATHS[name](tenant, CODES[tenant]);
        await page.goto(portalUrl(tenant, path));
        await expect(page.getByRole("region", { name: /Cookie|Einwilligung|Datenschutz/ }).first()).toBeVisible();
        // addStyleTag waits for a load event a page without JavaScript does not fire for a style element.
        await page.evaluate(
          (css) => document.head.append(Object.assign(document.createElement("style"), { textContent: css })),
          TEXT_SPACING,
        );
        const overflow = await overflowOf(page);
        expect(overflow.scrollWidth, `${path}: ${overflow.wide.join(" | ")}`).toBeLessThanOrEqual(overflow.width);
      }
    });
  }

  test("the agency area's overview and every report fit 320 px; the tab row shows there is more beyond its edge", async ({ page }) => {
    await page.goto(portalUrl("allianz", "/agentur"));
    await signOnAtProvider(page, "inhaber@allianz.example");
    const tabs = page.getByRole("navigation", { name: "Agenturbereich" }).getByRole("list");
    const reports = await page
      .getByRole("navigation", { name: "Agenturbereich" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    for (const path of reports) {
      await page.goto(portalUrl("allianz", path));
      await page.evaluate(
        (css) => document.head.append(Object.assign(document.createElement("style"), { textContent: css })),
        TEXT_SPACING,
      );
      const overflow = await overflowOf(page);
      expect(overflow.scrollWidth, `${path}: ${overflow.wide.join(" | ")}`).toBeLessThanOrEqual(overflow.width);
      // The tabs scroll in their row; a shadow at the edge beyond which more tabs lie, drawn by CSS (no JavaScript here).
      expect(await tabs.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
      expect(await tabs.evaluate((list) => getComputedStyle(list).backgroundImage)).toMatch(/radial-gradient.*radial-gradient/);
    }
  });

  test("the agency's charts at 390 px: the order states fit, the months scroll in their box with a shadow and a line that says so", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(portalUrl("allianz", "/agentur"));
    await signOnAtProvider(page, "inhaber@allianz.example");
    await page.goto(portalUrl("allianz", "/agentur/dashboard"));
    const months = page.getByRole("group", { name: /^Interessenten und Aufträge der letzten \d+ Monate$/ });
    const states = page.getByRole("group", { name: "Aufträge nach Status" });
    expect(await states.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    expect(await months.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await months.evaluate((box) => getComputedStyle(box).backgroundImage)).toMatch(/radial-gradient.*radial-gradient/);
    await expect(page.getByText("Das Diagramm ist breiter als der Bildschirm: seitlich wischen, um es ganz zu sehen.")).toHaveCount(1);
  });
});

/** Where a heading's lines end: the characters before each break, as laid out (a Range per character). */
function lineEndsOf(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((headings) =>
    headings.flatMap((heading) => {
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      const characters: { character: string; top: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let index = 0; index < node.textContent!.length; index++) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          // Its last box with a width (after a soft hyphen that broke the line, the drawn hyphen's box comes first);
          // a space that ends a line has only empty boxes, the first on that line; an unbroken soft hyphen none.
          const boxes = [...range.getClientRects()];
          const box = boxes.filter((each) => each.width > 0).at(-1) ?? boxes[0];
          const top = box ? Math.round(box.top) : (characters.at(-1)?.top ?? 0);
          characters.push({ character: node.textContent![index], top });
        }
      }
      return characters.slice(0, -1).flatMap((each, index) => (characters[index + 1].top > each.top + 2 ? [each.character] : []));
    }),
  );
}

test("product names break at a syllable with a hyphen, never mid-word, on cards from 320 to 1440 px", async ({ page }) => {
  for (const width of [320, 390, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const tenant of ["friday", "telekom"]) {
      await page.goto(portalUrl(tenant, "/empfehlen"));
      // A line may end after a space, a hyphen or a soft hyphen (where the browser draws the hyphen): nowhere else.
      const ends = await lineEndsOf(page, "main li h2");
      expect(
        ends.filter((character) => !/[\s\-\u00ad]/.test(character)),
        `${tenant} at ${width} px`,
      ).toEqual([]);
    }
  }
});
