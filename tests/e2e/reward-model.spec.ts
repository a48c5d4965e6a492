// One reward model (docs/decisions/056): every page that names an amount says what the one rule gives,
// for the product and the split at hand. JavaScript off: the journeys as a recipient's phone sees them.
import { portalUrl } from "../support/e2e-env";
import { expect, test } from "../support/playwright-utils";

test.use({ javaScriptEnabled: false });

test("home, product cards and the product form name the best a product really gives, and each split's parts", async ({ page }) => {
  await page.goto(portalUrl("friday", "/"));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bis zu 70 € Prämie für jede erfolgreiche Empfehlung");

  await page.goto(portalUrl("friday", "/empfehlen"));
  const card = (product: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: product }) });
  // Car insurance lists its own reward (50 €); household contents the voucher of 70 €.
  await expect(card("Kfz-Versicherung")).toContainText("Bis zu 50 € Prämie");
  await expect(card("Hausratversicherung")).toContainText("Bis zu 70 € Prämie");

  await card("Kfz-Versicherung")
    .getByRole("link", { name: /Kfz-Versicherung$/ })
    .click();
  await expect(page.getByText("Bis zu 50 € Prämie für jede erfolgreiche Empfehlung.")).toBeVisible();
  await expect(page.getByText("Bis zu 70 €")).toHaveCount(0);
  // friday's default is 50:50 (RecommenderDefaultShare); friday says "du".
  await expect(
    page.getByRole("radio", {
      name: "Mein Kontakt und ich teilen die Prämie (50:50). Bis zu 25 € für dich, bis zu 25 € für deinen Kontakt.",
    }),
  ).toBeChecked();
  await expect(page.getByRole("radio", { name: "Ich erhalte die ganze Prämie. Bis zu 50 € für dich." })).toBeVisible();
});

test("a share page whose recommendation gives the whole reward away says the recommender gets nothing", async ({ page }) => {
  // TK-100003: the recommender's share is 0.
  await page.goto(portalUrl("telekom", "/empfehlung/TK-100003"));
  await expect(page.getByText("Ihr Kontakt erhält bis zu 50 €", { exact: true })).toBeVisible();
  await expect(page.getByText("Für Sie gibt es bei dieser Empfehlung keine Prämie.", { exact: false })).toBeVisible();
  await expect(page.getByText(/für Sie$/)).toHaveCount(0);
});

test("a share page of the whole reward names it, the contact's part left out, and when it is paid", async ({ page }) => {
  // FR-100001: the recommender keeps the whole reward of car insurance (50 €).
  await page.goto(portalUrl("friday", "/empfehlung/FR-100001"));
  await expect(page.getByText("Bis zu 50 € für dich", { exact: true })).toBeVisible();
  await expect(page.getByText(/Dein Kontakt erhält/)).toHaveCount(0);
  await expect(page.getByText(/meist nach 4 bis 6 Wochen, spätestens nach 3 Monaten/)).toBeVisible();
});
