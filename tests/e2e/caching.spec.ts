// Every route of the portal, as a document and as its `.data` twin (what the browser loads on a
// client-side navigation), logged in: whatever it answers (a page, data, a redirect, a file), it
// says `Cache-Control: private, no-store` and `Vary: Cookie`, except a tenant's pictures, the same for
// everyone of that tenant, which the browser keeps a day and no shared cache keeps (they differ per
// tenant under one path: decision 070). The route list is the portal's own (app/routes), so a new route
// is walked without touching this test.
import { expect, test } from "@playwright/test";
import { portalUrl, serverUrl } from "../support/e2e-env";
import { portalPaths } from "../support/portal-routes";

/** Routes whose pictures are the same for every visitor of a tenant: kept by the browser, by no shared cache. */
const PICTURE_ROUTES = new Set(["routes/katalogbild.$owner.$id.$kind", "routes/praemienbild.$id.$kind", "routes/beraterfoto.$externeId"]);
/** A shared link's preview pictures, whose address names the tenant: the same for anyone asking it, so any cache may keep them (decision 075). */
const PUBLIC_PICTURE_ROUTES = new Set(["routes/vorschau.$tenant.$empfehlungsnummer.bild[.png]", "routes/vorschau.$tenant.marke[.png]"]);

test("every route's document and .data reply is private and not stored; a tenant's pictures are kept by the browser only", async ({
  page,
  request,
}) => {
  // Logged in, with the session cookie a recommender's browser sends.
  await page.goto(portalUrl("telekom", "/login"));
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@telekom.example");
  await page.getByLabel("Passwort").fill("Demo1234");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/persoenlicherbereich/);
  const cookie = (await page.context().cookies(portalUrl("telekom"))).map(({ name, value }) => `${name}=${value}`).join("; ");

  const paths = await portalPaths();
  expect(paths.length).toBeGreaterThan(50);
  const wrong: string[] = [];
  const pictureAnswers: string[] = [];
  for (const { id, path } of paths) {
    const dataPath = path === "/" ? "/_root.data" : `${path}.data`;
    for (const target of [path, dataPath]) {
      const response = await request.get(serverUrl(target), {
        headers: { host: "telekom.localhost", cookie, "accept-language": "de" },
        maxRedirects: 0,
      });
      const cacheControl = response.headers()["cache-control"] ?? "";
      const vary = response.headers()["vary"] ?? "";
      const isPicture = PICTURE_ROUTES.has(id) && target === path && response.status() === 200;
      const isPublicPicture = PUBLIC_PICTURE_ROUTES.has(id) && target === path && response.status() === 200;
      const fine = isPublicPicture
        ? cacheControl === "public, max-age=86400"
        : isPicture
          ? cacheControl === "private, max-age=86400"
          : cacheControl === "private, no-store" && /(^|,\s*)Cookie(\s*,|$)/i.test(vary);
      if (isPublicPicture) pictureAnswers.push(id);
      if (isPicture) pictureAnswers.push(id);
      if (!fine) wrong.push(`${target} (${response.status()}): Cache-Control "${cacheControl}", Vary "${vary}"`);
    }
  }
  expect(wrong).toEqual([]);
  expect(pictureAnswers).toContain("routes/katalogbild.$owner.$id.$kind");
  expect(pictureAnswers).toContain("routes/vorschau.$tenant.marke[.png]");
});
