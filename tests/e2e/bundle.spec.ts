// Pages must stay small: no zod (docs/decisions/024-recipient-page-weight.md) and no server-only library in any browser chunk,
// and each recipient page within its budget of JavaScript and HTML.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { portalUrl } from "../support/e2e-env";
import { type PageWeight, RECIPIENT_BUDGET, weighPage } from "../support/page-weight";
import { fillRecipient, textbox } from "../support/recipient-form";

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith(".js") ? [join(dir, entry.name)] : [],
  );
}

test("no browser chunk carries zod", () => {
  const chunks = files("build/client");
  expect(chunks.length).toBeGreaterThan(5);
  expect(chunks.filter((file) => /ZodError|\$ZodType/.test(readFileSync(file, "utf8")))).toEqual([]);
});

test("no browser chunk carries the QR code library (codes are drawn on the server)", () => {
  expect(files("build/client").filter((file) => /errorCorrectionLevel|toSJIS/.test(readFileSync(file, "utf8")))).toEqual([]);
});

test("the server build loads Remix from node_modules, where patches/ applies (docs/decisions/014), instead of bundling it", () => {
  const server = readFileSync("build/server/index.js", "utf8");
  expect(server).toMatch(/from "@remix-run\/react"/);
  expect(server).toMatch(/from "@remix-run\/node"/);
  expect(server).not.toContain("function matchRoutes");
});

test.describe("the recipient pages, with JavaScript on", () => {
  test.use({ javaScriptEnabled: false, locale: "de-DE" });

  test(`load at most ${RECIPIENT_BUDGET.jsKb} KB of JavaScript and ${RECIPIENT_BUDGET.htmlKb} KB of HTML, gzipped`, async ({
    browser,
    page,
    context,
  }) => {
    // Seven pages, each waited for until it has hydrated: on a busy machine more than the default 30 s.
    test.setTimeout(60_000);
    const weights: PageWeight[] = [];
    const weigh = async (path: string) => weights.push(await weighPage(browser, portalUrl("allianz", path), await context.storageState()));
    for (const path of ["/code", "/empfehlungabgelaufen", "/danke", "/empfaengerdaten/AZ-100003"]) await weigh(path);

    await page.goto(portalUrl("allianz", "/empfaengerdaten/AZ-100003"));
    await fillRecipient(page, { geburtsdatum: "07.03.1990", email: `budget.${Date.now()}@example.org` });
    await page.getByRole("button", { name: "Weiter" }).click();
    await expect(page).toHaveURL(portalUrl("allianz", "/empfaenger/zustimmung"));
    await weigh("/empfaenger/zustimmung");
    await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
    await page.getByRole("button", { name: "Zustimmen und weiter" }).click();
    await expect(page).toHaveURL(portalUrl("allianz", "/bankdaten"));
    await weigh("/bankdaten");
    await textbox(page, "IBAN *").fill("DE89 3704 0044 0532 0130 00");
    await textbox(page, "Kontoinhaber *").fill("Erika Musterfrau");
    await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
    await expect(page).toHaveURL(portalUrl("allianz", "/empfaengerbestaetigung"));
    await weigh("/empfaengerbestaetigung");

    console.table(weights);
    expect(weights.map(({ path }) => path)).toEqual([
      "/code",
      "/empfehlungabgelaufen",
      "/danke",
      "/empfaengerdaten/AZ-100003",
      "/empfaenger/zustimmung",
      "/bankdaten",
      "/empfaengerbestaetigung",
    ]);
    for (const weight of weights) {
      expect.soft(weight.jsKb, `${weight.path}: JS`).toBeLessThanOrEqual(RECIPIENT_BUDGET.jsKb);
      expect.soft(weight.htmlKb, `${weight.path}: HTML`).toBeLessThanOrEqual(RECIPIENT_BUDGET.htmlKb);
      expect.soft(weight.scripts, `${weight.path}: scripts`).toBeGreaterThan(0);
    }
  });
});
