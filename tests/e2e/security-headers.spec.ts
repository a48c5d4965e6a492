// The portal's headers and cookies against the tests of Mozilla's HTTP Observatory, on the
// production server: every test passes, and the score (printed; docs/security.md keeps it) is A+.
import { expect, test } from "@playwright/test";
import { portalUrl } from "../support/e2e-env";
import { observatory } from "../support/observatory";

test.use({ javaScriptEnabled: false, locale: "de-DE" });

test("the Observatory's tests all pass: A+", async ({ page }) => {
  const setCookies: string[] = [];
  page.on("response", async (response) => {
    for (const { name, value } of await response.headersArray()) if (name.toLowerCase() === "set-cookie") setCookies.push(value);
  });
  const home = await page.goto(portalUrl("telekom", "/"));
  const externalScripts = await page
    .locator("script[src]:not([integrity])")
    .evaluateAll((scripts) => scripts.filter((script) => new URL((script as HTMLScriptElement).src).origin !== location.origin).length);
  await page.getByRole("button", { name: "Auf English umstellen" }).click();
  await page.goto(portalUrl("telekom", "/einwilligung"));
  await page
    .getByRole("button", { name: /Save|Auswahl speichern/ })
    .first()
    .click();
  await page.goto(portalUrl("telekom", "/login"));
  await page.getByRole("textbox", { name: /E-mail|E-Mail/ }).fill("demo@telekom.example");
  await page.getByLabel(/Password|Passwort/).fill("Demo1234");
  await page.getByRole("button", { name: /Log in|Anmelden/ }).click();
  await expect(page).toHaveURL(/\/persoenlicherbereich$/);

  const names = setCookies.map((cookie) => cookie.split("=")[0]);
  for (const name of ["__Host-rp_form", "__Host-lng", "__Host-rp_consent", "__Host-rp_session", "__Host-rp_device"])
    expect(names).toContain(name);
  const results = observatory(await home!.allHeaders(), setCookies, externalScripts);
  console.table(results);
  expect(results.filter((result) => result.modifier < 0)).toEqual([]);
  expect(100 + results.reduce((sum, result) => sum + result.modifier, 0)).toBeGreaterThanOrEqual(100);
});
