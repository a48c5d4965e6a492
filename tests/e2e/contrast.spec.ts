// Each tenant's colours as the browser paints them: the skip link readable when focused, clear of the
// logo and its focus ring inside the screen (WCAG 1.4.3, 2.4.7), text on the brand, links and field
// errors at 7:1 (1.4.6, AAA), the borders of fields and the outline of focus at 3:1 against what they
// sit on (1.4.11); on the recipient's journey and the pickup, 44 px targets (2.5.5) and small text at
// a line height of 1.5 (1.4.8). axe leaves these out: the skip link is only seen when focused, and axe
// checks no borders.
import { type Locator, type Page } from "@playwright/test";
import { contrastRatio } from "../../app/theme";
import { portalUrl } from "../support/e2e-env";
import { expect, test } from "../support/playwright-utils";
import { fillRecipient, textbox } from "../support/recipient-form";

const TENANTS = ["telekom", "allianz", "standard", "friday"];

/** A computed 'rgb(r, g, b)' as '#rrggbb' (only opaque colours are compared). */
function hexOf(rgb: string) {
  const [r, g, b, alpha] = rgb.match(/[\d.]+/g)!.map(Number);
  expect(alpha ?? 1, `${rgb} is opaque`).toBe(1);
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

/** The first opaque background colour from the element up. */
async function backgroundOf(locator: Locator) {
  return hexOf(
    await locator.evaluate((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent") return colour;
      }
      return "rgb(255, 255, 255)";
    }),
  );
}

async function style(locator: Locator, property: "color" | "borderTopColor" | "outlineColor") {
  return hexOf(await locator.evaluate((element, name) => getComputedStyle(element)[name], property));
}

async function expectContrast(locator: Locator, property: "color" | "borderTopColor" | "outlineColor", minimum: number, what: string) {
  const ratio = contrastRatio(await style(locator, property), await backgroundOf(locator));
  expect(ratio, what).toBeGreaterThanOrEqual(minimum);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function focusSkipLink(page: Page) {
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Zum Inhalt springen" });
  await expect(skip).toBeFocused();
  return skip;
}

for (const tenant of TENANTS) {
  test(`${tenant}: the skip link, the header, links, buttons and fields read against what they sit on`, async ({ page }) => {
    await page.goto(portalUrl(tenant, "/login"));
    const skip = await focusSkipLink(page);
    await expect(skip).toBeVisible();
    await expectContrast(skip, "color", 7, "skip link text");
    await expectContrast(skip, "outlineColor", 7, "skip link focus outline");
    // The ring is drawn inside the link: not cut off by the top of the screen, not on the brand's header.
    expect(Number.parseFloat(await skip.evaluate((element) => getComputedStyle(element).outlineOffset))).toBeLessThan(0);
    expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    const home = page.getByRole("banner").getByRole("link").first();
    expect(overlaps((await skip.boundingBox())!, (await home.boundingBox())!), "skip link over the logo").toBe(false);

    await expectContrast(home, "color", 7, "header text on the brand");
    const primary = page.getByRole("button", { name: "Anmelden" });
    await expectContrast(primary, "color", 7, "primary button text");
    const link = page.getByRole("main").getByRole("link").first();
    await expectContrast(link, "color", 7, "link on white");

    for (const field of await page.getByRole("main").locator("input:not([type=hidden]):not([tabindex='-1']), select, textarea").all()) {
      await expectContrast(field, "borderTopColor", 3, `border of ${await field.getAttribute("name")}`);
    }
    await page.getByRole("textbox", { name: "E-Mail-Adresse" }).focus();
    await page.keyboard.press("Tab");
    await expectContrast(page.locator(":focus"), "outlineColor", 3, "focus outline on white");
  });
}

test("the recipient form's fields, the select included, have borders at 3:1", async ({ page, recipientForm }) => {
  await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100001" });
  const fields = await page.locator("main input:not([type=hidden]):not([type=checkbox]):not([tabindex='-1']), main select").all();
  expect(fields.length).toBeGreaterThan(8);
  for (const field of fields) await expectContrast(field, "borderTopColor", 3, `border of ${await field.getAttribute("name")}`);
});

/**
 * Controls smaller than WCAG 2.5.5's 44 × 44 px, small text set tighter than 1.5, lines longer than 80 characters and
 * paragraphs closer than 1.5 times their font size (1.4.8). A link alone in its block counts,
 * a text link inside a sentence does not (2.5.5's exception); a tick box counts with its label, which takes its clicks.
 */
async function smallTargetsAndTightText(page: Page) {
  return page.evaluate(() => {
    const alone = (link: Element) => link.parentElement?.textContent?.trim() === link.textContent?.trim();
    const targets = [
      ...document.querySelectorAll(
        "header a, header button, footer a, [data-banner] a, [data-banner] button, [data-banner] summary, main input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([tabindex='-1']), main select, main button",
      ),
      ...[...document.querySelectorAll("main a")].filter(alone),
      ...[...document.querySelectorAll("input[type=checkbox], input[type=radio]")].map(
        (box) => box.closest("label") ?? document.querySelector(`label[for="${box.id}"]`) ?? box,
      ),
    ];
    const small = targets
      .filter((element) => {
        const { width, height } = element.getBoundingClientRect();
        return (width > 0 || height > 0) && (width < 44 || height < 44);
      })
      .map((element) => {
        const { width, height } = element.getBoundingClientRect();
        return `${element.tagName.toLowerCase()} ${element.textContent?.trim().slice(0, 30) || element.getAttribute("name")}: ${width}×${height}px`;
      });
    const tight = [...document.querySelectorAll("main *, header *, footer *")]
      .filter(
        (element) => element.childNodes.length && [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent!.trim()),
      )
      .filter((element) => {
        const { lineHeight, fontSize } = getComputedStyle(element);
        return (
          lineHeight !== "normal" && Number.parseFloat(lineHeight) / Number.parseFloat(fontSize) < 1.49 && Number.parseFloat(fontSize) < 18
        );
      })
      .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 30)}"`);
    // Lines of at most 80 characters (1.4.8): a block's width in its own font's average character, where its text fills a line.
    const measure = document.createElement("canvas").getContext("2d")!;
    const blocks = [...document.querySelectorAll("main :is(p, li, dd, label, legend, blockquote)")].filter((element) =>
      [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent!.trim()),
    );
    const long = blocks
      .filter((element) => {
        const style = getComputedStyle(element);
        measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = element.textContent!.replace(/\s+/g, " ").trim();
        const perCharacter = measure.measureText(text).width / text.length;
        const width = element.getBoundingClientRect().width;
        return perCharacter * text.length > width && width / perCharacter > 80;
      })
      .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 30)}"`);
    // Paragraph gaps of at least 1.5 times the font size, a line's height at 1.5 (1.4.8, technique C21).
    const cramped = [...document.querySelectorAll("main p + p")]
      .filter((paragraph) => {
        const gap = paragraph.getBoundingClientRect().top - paragraph.previousElementSibling!.getBoundingClientRect().bottom;
        return paragraph.textContent!.trim() && gap < 1.5 * Number.parseFloat(getComputedStyle(paragraph).fontSize) - 0.5;
      })
      .map((paragraph) => `p "${paragraph.textContent?.trim().slice(0, 30)}"`);
    return { small, tight, long, cramped };
  });
}

test("the recipient's journey and the pickup: 44 px targets, small text at 1.5, field errors at 7:1", async ({
  page,
  recipientForm,
  browser,
}) => {
  await recipientForm({ tenant: "telekom", empfehlungsnummer: "TK-100001" });
  expect(await smallTargetsAndTightText(page)).toEqual({ small: [], tight: [], long: [], cramped: [] });
  await page.getByRole("button", { name: "Weiter" }).click();
  const error = page.locator("main p[id$='-error']").first();
  await expect(error).toBeVisible();
  await expectContrast(error, "color", 7, "field error text");
  // The cookie banner's own choices opened, on a first visit.
  const firstVisit = await browser.newContext({ javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });
  const fresh = await firstVisit.newPage();
  await fresh.goto(portalUrl("allianz", "/empfaengerdaten/AZ-100003"));
  await fresh.locator("[data-banner] summary").click();
  expect(await smallTargetsAndTightText(fresh), "data page, banner open").toEqual({ small: [], tight: [], long: [], cramped: [] });
  await firstVisit.close();
  // Every step after it, on a wide screen, where lines grow longest.
  await page.setViewportSize({ width: 1440, height: 900 });
  const origin = new URL(portalUrl("allianz", "/")).origin;
  await page.goto(`${origin}/empfaengerdaten/AZ-100003`);
  await fillRecipient(page, { geburtsdatum: "07.03.1990", email: `targets-${Date.now()}@example.org` });
  await page.getByRole("button", { name: "Weiter" }).click();
  expect(await smallTargetsAndTightText(page), "consent").toEqual({ small: [], tight: [], long: [], cramped: [] });
  await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
  await page.getByRole("button", { name: "Zustimmen und weiter" }).click();
  expect(await smallTargetsAndTightText(page), "bank data").toEqual({ small: [], tight: [], long: [], cramped: [] });
  await textbox(page, "IBAN *").fill("DE89 3704 0044 0532 0130 00");
  await textbox(page, "Kontoinhaber *").fill("Erika Musterfrau");
  await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
  await expect(page).toHaveURL(`${origin}/empfaengerbestaetigung`);
  expect(await smallTargetsAndTightText(page), "confirmation").toEqual({ small: [], tight: [], long: [], cramped: [] });
  await page.goto(portalUrl("friday", "/praemie?token=rwd-friday-valid-0001"));
  expect(await smallTargetsAndTightText(page), "pickup").toEqual({ small: [], tight: [], long: [], cramped: [] });
  await page.goto(portalUrl("telekom", "/praemie?token=rwd-telekom-expired-0001"));
  expect(await smallTargetsAndTightText(page), "expired pickup").toEqual({ small: [], tight: [], long: [], cramped: [] });
});
