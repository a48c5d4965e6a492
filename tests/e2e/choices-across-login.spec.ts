// What a visitor chose on this browser outlives logging in and out: the language picked on the login
// page (not the account's saved one), and after a logout, which clears every cookie of the portal
// (Clear-Site-Data), the cookie choice and the language again. With JavaScript off and on.
import { expect, type Page, test } from "@playwright/test";
import { hydrated, portalUrl } from "../support/e2e-env";

const TENANT = "allianz";

async function cookieNames(page: Page) {
  return (await page.context().cookies(portalUrl(TENANT))).map(({ name }) => name);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("English chosen on the login page stays English after logging in, a reload included, and after logging out", async ({ page }) => {
      await page.goto(portalUrl(TENANT, "/login"));
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("button", { name: "Auf English umstellen" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      if (javaScriptEnabled) await hydrated(page);
      await page.getByRole("textbox", { name: "E-mail address" }).fill(`demo@${TENANT}.example`);
      await page.getByLabel("Password", { exact: true }).fill("Demo1234");
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(portalUrl(TENANT, "/persoenlicherbereich"));
      await expect(page.getByRole("heading", { level: 1, name: "Personal area" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Personal area" })).toBeVisible();

      await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
      await expect(page).toHaveURL(portalUrl(TENANT, "/login"));
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("region", { name: "Cookies and privacy" })).toHaveCount(0);
      const names = await cookieNames(page);
      expect(names).toEqual(expect.arrayContaining(["__Host-rp_consent", "__Host-lng", "__Host-rp_device"]));
      expect(names).not.toContain("__Host-rp_session");
    });
  });
}
