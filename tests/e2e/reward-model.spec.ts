// One reward model (docs/decisions/056 and 071): every page that names an amount says what the one rule gives,
// for the product and the split at hand. JavaScript off: the journeys as a recipient's phone sees them.
import { portalUrl } from "../support/e2e-env";
import { expect, test } from "../support/playwright-utils";

test.use({ javaScriptEnabled: false });

/** A text as the page writes it: Intl puts a no-break space between amount and euro sign, blocks may join without one. */
const words = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s*"));

test("home, product cards and the product form tell one offer: each kind for the recommender, the contact's most, each split's parts", async ({
  page,
}) => {
  await page.goto(portalUrl("friday", "/"));
  // The double-sided offer is on the first screen, beneath the tenant's promise (decisions 071, 079).
  await expect(page.locator("section[aria-labelledby=home-title]")).toContainText(
    words("Du: 50 € aufs Konto oder 70 € als Gutschein Dein Kontakt: bis zu 50 €"),
  );
  await expect(page.getByText(/Bonusprämie|Sie wählen/)).toHaveCount(0);

  await page.goto(portalUrl("friday", "/empfehlen"));
  const card = (product: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: product }) });
  // Car insurance lists its own reward (the transfer of 50 €); household contents the voucher of 70 €.
  await expect(card("Kfz-Versicherung")).toContainText(words("Du: 50 € aufs Konto Dein Kontakt: bis zu 50 €"));
  await expect(card("Hausratversicherung")).toContainText(words("Du: 70 € als Gutschein Dein Kontakt: bis zu 50 €"));

  await card("Kfz-Versicherung")
    .getByRole("link", { name: /Kfz-Versicherung$/ })
    .click();
  await expect(page.getByText(words("Du: 50 € aufs Konto – Dein Kontakt: bis zu 50 €"))).toBeVisible();
  await expect(page.getByText(/70\s€/)).toHaveCount(0);
  // friday's default is 50:50 (RecommenderDefaultShare); friday says "du". The parts that do not add up say why.
  await expect(
    page.getByRole("radio", { name: words("Mein Kontakt und ich teilen die Prämie (50:50). Du: 25 € aufs Konto Dein Kontakt: 25 €") }),
  ).toBeChecked();
  await expect(
    page.getByRole("radio", { name: words("Ich erhalte die ganze Prämie. Du: 50 € aufs Konto Dein Kontakt: keine Prämie") }),
  ).toBeVisible();
  await expect(page.getByText(words("Dein Kontakt erhält höchstens 50 €, auch wenn du ihm die ganze Prämie überlässt."))).toBeVisible();
});

test("a share page whose recommendation gives the whole reward away says the recommender gets nothing", async ({ page }) => {
  // TK-100003: the recommender's share is 0.
  await page.goto(portalUrl("telekom", "/empfehlung/TK-100003"));
  await expect(page.getByText("Sie: keine Prämie", { exact: true })).toBeVisible();
  await expect(page.getByText(words("Ihr Kontakt: 50 €"), { exact: true })).toBeVisible();
  await expect(page.getByRole("figure")).toContainText(words("bekommst du bis zu 50 € Prämie"));
});

test("a share page of the whole reward names it, the contact's part as none, and a message that promises the contact nothing", async ({
  page,
}) => {
  // FR-100001: the recommender keeps the whole reward of car insurance (50 €).
  await page.goto(portalUrl("friday", "/empfehlung/FR-100001"));
  await expect(page.getByText(words("Du: 50 € aufs Konto"), { exact: true })).toBeVisible();
  await expect(page.getByText("Dein Kontakt: keine Prämie", { exact: true })).toBeVisible();
  await expect(page.getByText(/meist nach 4 bis 6 Wochen, spätestens nach 3 Monaten/)).toBeVisible();
  await expect(page.getByRole("figure")).toContainText(
    /^Deine Nachricht an deinen Kontakt\s*Meine Empfehlung für dich: Kfz-Versicherung \(FRIDAY Versicherung – Freunde werben\)\. .+ http/,
  );
  await expect(page.getByRole("figure")).not.toContainText("Prämie");
});
