// The end-to-end tests' own `test`: Playwright's, with a `login` fixture that logs the page in through
// the login form as a recommender would (JavaScript on or off, as the test runs), and a `recipientForm`
// fixture that opens a recommendation's data page for a recipient. Import `test` and `expect` from here.
import { expect, type Page, type Response, test as base } from "@playwright/test";
import { portalUrl } from "./e2e-env";

export const DEMO_PASSWORD = "Demo1234";

export type LoginOptions = {
  tenant: string;
  /** The seeded demo recommender of the tenant unless named. */
  email?: string;
  password?: string;
  /** The page asked for after the login (`?redirectTo=`). */
  redirectTo?: string;
  /** Where the tenant's portal is reached: the shared end-to-end server unless a test runs its own. */
  url?: (tenant: string, path: string) => string;
  /** Where the login must land: by default the page asked for, else anywhere but the login page. Null: the login may fail. */
  landsOn?: string | RegExp | null;
};

/** Logs `page` in through the login form. */
export async function logIn(page: Page, options: LoginOptions) {
  const { tenant, email = `demo@${tenant}.example`, password = DEMO_PASSWORD, redirectTo, url = portalUrl } = options;
  await page.goto(url(tenant, redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"));
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).click();
  const landsOn = options.landsOn === undefined && redirectTo ? url(tenant, redirectTo) : options.landsOn;
  if (landsOn === null) return;
  if (landsOn !== undefined) await expect(page).toHaveURL(landsOn);
  else await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Opens the data page of a recommendation a recipient follows (`channel` as the link carries it); the page's response. */
export async function openRecipientForm(page: Page, { tenant, empfehlungsnummer, channel }: RecipientStart) {
  const response = await page.goto(portalUrl(tenant, `/empfaengerdaten/${empfehlungsnummer}${channel ? `?channel=${channel}` : ""}`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  return response;
}

type RecipientStart = { tenant: string; empfehlungsnummer: string; channel?: string };

export const test = base.extend<{
  /** Logs the test's page in through the form (logIn). */
  login: (options: LoginOptions) => Promise<void>;
  /** Opens the test's page at a recommendation's data page (openRecipientForm). */
  recipientForm: (start: RecipientStart) => Promise<Response | null>;
}>({
  login: async ({ page }, provide) => {
    await provide((options) => logIn(page, options));
  },
  recipientForm: async ({ page }, provide) => {
    await provide((start) => openRecipientForm(page, start));
  },
});

export { expect };
