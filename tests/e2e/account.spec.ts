// Logging in and out, the redirect back, and the personal area, with JavaScript off.
import type { Page } from "@playwright/test";
import { E2E_SIMULATOR_PORT, mailedLink, portalUrl } from "../support/e2e-env";
import { expect, test } from "../support/playwright-utils";

async function callsContaining(call: string) {
  return (await (await fetch(`http://127.0.0.1:${E2E_SIMULATOR_PORT}/__calls?contains=${encodeURIComponent(call)}`)).json()) as Record<
    string,
    number
  >;
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("wrong password first, then the right one, back to the page that asked; then log out", async ({ page, context }) => {
    await page.goto(portalUrl("friday", "/persoenlicherbereich"));
    await expect(page).toHaveURL(portalUrl("friday", "/login?redirectTo=%2Fpersoenlicherbereich"));

    await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@friday.example");
    await page.getByLabel("Passwort").fill("Falsch123");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("alert")).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
    await expect(page.getByRole("textbox", { name: "E-Mail-Adresse" })).toHaveValue("demo@friday.example");
    await expect(page.getByLabel("Passwort")).toHaveValue("");

    await page.getByLabel("Passwort").fill("Demo1234");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(portalUrl("friday", "/persoenlicherbereich"));
    await expect(page.getByRole("heading", { name: "Persönlicher Bereich" })).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(6);
    for (const status of ["Erfolgreich", "Abgelaufen", "Offen", "Gezahlt", "Storniert"]) {
      await expect(page.getByRole("cell", { name: new RegExp(`^${status}`) }).first()).toBeVisible();
    }
    // Every row has a next step, whatever its state: no row ends in a dash.
    const steps = page.locator('td[data-label="Nächster Schritt"]');
    await expect(steps).toHaveCount(5);
    for (const text of await steps.allInnerTexts()) expect(text.trim()).not.toMatch(/^–?$/);
    const row = (number: string) => page.getByRole("row").filter({ hasText: number });
    await expect(row("FR-100001").getByRole("button", { name: "Link zum Abholen senden – FR-100001" })).toBeVisible();
    await expect(row("FR-100002").getByRole("link", { name: "Erneut empfehlen – FR-100002" })).toHaveAttribute("href", "/empfehlen");
    await expect(row("FR-100003").getByRole("link", { name: "Link teilen – FR-100003" })).toHaveAttribute("href", "/empfehlung/FR-100003");
    await expect(row("FR-100004").getByRole("link", { name: "Noch jemanden empfehlen – FR-100004" })).toHaveAttribute("href", "/empfehlen");
    await expect(row("FR-100005").getByRole("link", { name: "Fragen? Schreib uns – FR-100005" })).toHaveAttribute("href", "/kontakt");
    const session = (await context.cookies()).find((cookie) => cookie.name === "__Host-rp_session");
    expect(session?.expires).toBe(-1);
    expect(session?.httpOnly).toBe(true);

    await page.getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(portalUrl("friday", "/login"));
    await page.goto(portalUrl("friday", "/persoenlicherbereich"));
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test("'stay logged in' keeps the session beyond the browser session", async ({ page, context }) => {
    await page.goto(portalUrl("telekom", "/login"));
    await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@telekom.example");
    await page.getByLabel("Passwort").fill("Demo1234");
    await page.getByRole("checkbox", { name: "Angemeldet bleiben" }).check();
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(portalUrl("telekom", "/persoenlicherbereich"));
    const session = (await context.cookies()).find((cookie) => cookie.name === "__Host-rp_session");
    expect(session?.expires).toBeGreaterThan(Date.now() / 1000 + 24 * 60 * 60);
  });

  test("an external redirect target is refused", async ({ page }) => {
    await page.goto(portalUrl("standard", "/login?redirectTo=https%3A%2F%2Fevil.example%2F"));
    await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@standard.example");
    await page.getByLabel("Passwort").fill("Demo1234");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page).toHaveURL(portalUrl("standard", "/persoenlicherbereich"));
  });

  test("a barred employee gets the KontoGesperrtWildcard message", async ({ page }) => {
    await page.goto(portalUrl("allianz", "/login"));
    await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("gesperrt@allianz.example");
    await page.getByLabel("Passwort").fill("Demo1234");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Mitarbeitende und Dienstleister sind von der Teilnahme am Empfehlungsprogramm ausgeschlossen.",
    );
  });

  test("an admin token in the path logs in once, and the second use says so", async ({ page }) => {
    await page.goto(portalUrl("allianz", "/login/adm-allianz-0002"));
    await expect(page).toHaveURL(portalUrl("allianz", "/persoenlicherbereich"));
    await expect(page.getByRole("heading", { name: "Persönlicher Bereich" })).toBeVisible();
    await page.getByRole("button", { name: "Abmelden" }).click();
    await page.goto(portalUrl("allianz", "/login/adm-allianz-0002"));
    await expect(page.getByRole("alert")).toHaveText("Dieser Anmeldelink wurde bereits verwendet.");
  });

  test("a login post without the form's token is refused", async ({ request }) => {
    const response = await request.post("http://127.0.0.1:3100/login", {
      form: { email: "demo@telekom.example", password: "Demo1234" },
      headers: { Host: "telekom.localhost", Origin: "http://telekom.localhost" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});

/** A page on another site that links to, or opens by itself, a token link of the portal's (an attacker's account). */
async function foreignPageLinkingTo(page: Page, target: string, { opensItself }: { opensItself: boolean }) {
  const html = opensItself
    ? `<!doctype html><title>Gewinnspiel</title><meta http-equiv="refresh" content="0; url=${target}">`
    : `<!doctype html><title>Gewinnspiel</title><a href="${target}">Jetzt gewinnen</a>`;
  await page.route("http://gewinnspiel.example/", (route) => route.fulfill({ contentType: "text/html", body: html }));
  await page.goto("http://gewinnspiel.example/");
}

for (const javaScriptEnabled of [false, true])
  test.describe(`a token link from another site, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("plants no session: the portal names the account and asks, and the session the browser holds stays until the person confirms", async ({
      page,
      login,
    }) => {
      // Each run spends a token of its own: the simulator's admin tokens are single-use.
      const token = javaScriptEnabled ? "adm-friday-0002" : "adm-friday-0001";
      await login({ tenant: "friday", email: "neu@friday.example" });
      await foreignPageLinkingTo(page, portalUrl("friday", `/login/${token}`), { opensItself: javaScriptEnabled });
      if (!javaScriptEnabled) await page.getByRole("link", { name: "Jetzt gewinnen" }).click();
      await expect(page).toHaveURL(portalUrl("friday", "/login/bestaetigen"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mit einem Anmeldelink anmelden");
      await expect(page.getByText("Konto: Anna Schmidt (demo@friday.example)")).toBeVisible();
      await expect(page.getByText("Du bist zurzeit als Ben Keller angemeldet.")).toBeVisible();

      await page.goto(portalUrl("friday", "/persoenlicherbereich"));
      await expect(page.getByText("Hallo Ben!")).toBeVisible();

      await page.goto(portalUrl("friday", "/login/bestaetigen"));
      await page.getByRole("button", { name: "Als Anna Schmidt anmelden" }).click();
      await expect(page).toHaveURL(portalUrl("friday", "/persoenlicherbereich"));
      await expect(page.getByText("Hallo Anna!")).toBeVisible();
    });
  });

test("a token link opened in a browser without a session, from another site, signs in only on the person's word", async ({
  page,
  context,
}) => {
  await foreignPageLinkingTo(page, portalUrl("standard", "/login/adm-standard-0002"), { opensItself: true });
  await expect(page).toHaveURL(portalUrl("standard", "/login/bestaetigen"));
  expect((await context.cookies()).map(({ name }) => name)).not.toContain("__Host-rp_session");
  await page.getByRole("button", { name: "Nicht anmelden" }).click();
  await expect(page).toHaveURL(portalUrl("standard", "/"));
  expect((await context.cookies()).map(({ name }) => name)).not.toContain("__Host-rp_session");
  await page.goto(portalUrl("standard", "/persoenlicherbereich"));
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test.describe("Meine Daten, with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("newsletter out and in again, and bank data saved and shown masked", async ({ page, login }) => {
    await login({ tenant: "allianz", email: "demo@allianz.example", redirectTo: "/meinedaten" });
    await expect(page.getByText("Sie erhalten unseren Newsletter.")).toBeVisible();
    await page.getByRole("button", { name: "Newsletter abbestellen" }).click();
    await expect(page.getByText("Sie erhalten keinen Newsletter.")).toBeVisible();
    await page.getByRole("button", { name: "Newsletter bestellen" }).click();
    await expect(page.getByText("Wir haben Ihnen eine E-Mail zur Bestätigung geschickt.")).toBeVisible();

    await page.getByRole("link", { name: "Bankverbindung verwalten" }).click();
    await expect(page.getByRole("navigation", { name: "Brotkrumennavigation" }).getByRole("link", { name: "Meine Daten" })).toBeVisible();
    await page.getByRole("textbox", { name: "IBAN *" }).fill("DE89 3704 0044 0532 0130 00");
    await page.getByRole("textbox", { name: "Kontoinhaber *" }).fill("Anna Schmidt");
    await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
    await expect(page).toHaveURL(portalUrl("allianz", "/meinedaten?hinweis=bankdaten-gespeichert"));
    await expect(page.getByText("Ihre Bankverbindung wurde gespeichert.")).toBeVisible();
    await page.getByRole("link", { name: "Bankverbindung verwalten" }).click();
    await expect(page.getByText("Hinterlegt: DE89 **** **** 3000")).toBeVisible();
  });

  test("deleting the account asks once more, then logs out", async ({ page, login }) => {
    await login({ tenant: "standard", email: "neu@standard.example", redirectTo: "/meinedaten" });
    await page.getByRole("link", { name: "Konto löschen …" }).click();
    await expect(page.getByRole("alert")).toHaveText("Möchten Sie Ihr Konto wirklich endgültig löschen?");
    await page.getByRole("button", { name: "Ja, Konto endgültig löschen" }).click();
    await expect(page.getByText("Ihr Konto wurde gelöscht.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Anmelden" })).toBeVisible();
    await page.goto(portalUrl("standard", "/login"));
    await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("neu@standard.example");
    await page.getByLabel("Passwort").fill("Demo1234");
    await page.getByRole("button", { name: "Anmelden" }).click();
    // The same words as a wrong password: nobody learns which addresses have an account.
    await expect(page.getByRole("alert")).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
  });
});

test.describe("the personal area's status bar", () => {
  test.use({ javaScriptEnabled: false });

  test("each recommendation says where it stands on the sequence, in words", async ({ page, login }) => {
    await login({ tenant: "allianz", email: "demo@allianz.example", redirectTo: "/persoenlicherbereich" });
    await expect(page.getByRole("cell", { name: /Schritt 4 von 7: Die Prämie kann abgeholt werden\./ })).toBeVisible();
    await expect(page.getByRole("cell", { name: /Schritt 7 von 7: Die Prämie ist ausgezahlt\./ })).toBeVisible();
    await expect(page.getByRole("cell", { name: /Es wurde kein Vertrag abgeschlossen\./ })).toBeVisible();
    await expect(page.getByRole("cell", { name: /abgelaufen, ohne dass Ihr Kontakt reagiert hat/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "So geht es weiter" })).toBeVisible();
  });

  test("the area opens with its figures and a status chip per recommendation; an empty one invites the first", async ({ page, login }) => {
    await login({ tenant: "standard", email: "demo@standard.example", redirectTo: "/persoenlicherbereich" });
    // Other tests may add recommendations: the figures must agree with the list below them.
    const chips = await page.locator("td .chip").allTextContents();
    const payouts = await page.locator('td[data-label="Prämie"]').allTextContents();
    const figures = await page.locator("dl dt, dl dd").allTextContents();
    // The money at the top is the sum of the amounts on the rows: paid out or picked up, and on its way.
    // A reward still to be chosen says both choices ("50 € oder 70 € – Sie wählen"): the sum counts the higher, "bis zu".
    const sum = (statuses: RegExp) =>
      payouts
        .filter((payout) => statuses.test(payout))
        .reduce((total, payout) => total + Math.max(...[...payout.matchAll(/(\d+)\s€/g)].map(([, euros]) => Number(euros))), 0);
    const pending = /^(In Bearbeitung|Bereit zum Abholen)/;
    const upTo = payouts.some((payout) => pending.test(payout) && /Sie wählen|bis zu/.test(payout)) ? "bis zu " : "";
    expect(figures).toEqual([
      "erhalten",
      `${sum(/^(Ausgezahlt|Abgeholt)/)}\u00a0€`,
      "unterwegs",
      `${upTo}${sum(pending)}\u00a0€`,
      "Empfehlungen",
      String(chips.length),
      "offen",
      String(chips.filter((chip) => chip === "Offen").length),
    ]);
    expect(figures[1]).not.toBe("0\u00a0€");
    // A cancelled reward shows no amount: nobody will pay it.
    const cancelled = payouts.filter((payout) => payout.startsWith("Storniert"));
    expect(cancelled.length).toBeGreaterThan(0);
    expect(new Set(cancelled)).toEqual(new Set(["Storniert"]));
    // The action that fits each row stands on it: share an open recommendation.
    const openRow = page
      .getByRole("row")
      .filter({ has: page.getByText("Offen", { exact: true }) })
      .first();
    await expect(openRow.getByRole("link", { name: /^Link teilen – ST-/ })).toBeVisible();
    // Plain words on every chip: "Erfolgreich" where the backend says "Ok".
    expect(chips).toEqual(expect.arrayContaining(["Erfolgreich", "Abgelaufen", "Offen", "Gezahlt", "Storniert"]));
    expect(chips).not.toContain("Ok");
    await expect(page.getByRole("link", { name: "Ihre erste Empfehlung" })).toHaveCount(0);

    await page.getByRole("button", { name: "Abmelden" }).click();
    // friday says "du" (docs/decisions/050).
    await login({ tenant: "friday", email: "neu@friday.example", redirectTo: "/persoenlicherbereich" });
    await expect(page.getByText(/^Du hast noch keine Empfehlungen\./)).toBeVisible();
    await expect(page.locator("dl")).toHaveCount(0);
    // One way to start, not two.
    await expect(page.getByRole("link", { name: "Neue Empfehlung" })).toHaveCount(0);
    await page.getByRole("link", { name: "Deine erste Empfehlung" }).click();
    await expect(page).toHaveURL(portalUrl("friday", "/empfehlen"));
  });
});

test.describe("a reward that is waiting", () => {
  test.use({ javaScriptEnabled: false });

  test("its e-mail comes again on request, its link opens the reward choice, and the pickup sells nothing, its thanks included", async ({
    page,
  }) => {
    await page.goto(portalUrl("telekom", "/login?redirectTo=%2Fpersoenlicherbereich"));
    await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@telekom.example");
    await page.getByLabel("Passwort", { exact: true }).fill("Demo1234");
    await page.getByRole("button", { name: "Anmelden" }).click();
    // A tenant portal's list comes from its own call (GET Empfehler/empfehlungen), the insurance programme's from its product route.
    expect(Object.keys(await callsContaining("GET /api/v1/Empfehler/empfehlungen")).length).toBeGreaterThan(0);
    // The reward that is ready says so and how much, both choices where the recommender still chooses (never only the higher),
    // and its pickup link is the row's action.
    const readyRow = page.getByRole("row").filter({ hasText: "TK-100001" });
    await expect(readyRow.getByRole("cell", { name: "Bereit zum Abholen 50 € oder 70 € – Sie wählen" })).toBeVisible();
    await page.getByRole("button", { name: "Link zum Abholen senden – TK-100001" }).click();
    await expect(page.getByRole("status")).toHaveText("Wir haben Ihnen die E-Mail mit dem Link zu Ihrer Prämie noch einmal geschickt.");
    // Only the recommendation whose reward is waiting offers it.
    await expect(page.getByRole("button", { name: /^Link zum Abholen senden – / })).toHaveCount(1);

    const link = await mailedLink("demo@telekom.example", "reward");
    await page.goto(portalUrl("telekom", link));
    await expect(page).toHaveURL(portalUrl("telekom", "/praemie"));
    await expect(page.getByRole("heading", { name: "Wählen Sie Ihre Prämie" })).toBeVisible();
    // No offer to buy more in the middle of the pickup, nor at its end: the personal area has it.
    await expect(page.getByRole("complementary", { name: "Hinweis" })).toHaveCount(0);
    // Choice cards say what each option means, and which is worth most.
    await expect(
      page.getByRole("radio", { name: /^Geldprämie: 50 € Geld auf Ihr Konto: Wir überweisen spätestens 4 Wochen nach Ihrer Wahl\./ }),
    ).toBeVisible();
    await page
      .getByRole("radio", { name: /^Einkaufsgutschein: 70 € Höchster Wert Gutschein-Code per E-Mail innerhalb von 24 Stunden/ })
      .check();
    await page.getByRole("button", { name: "Prämie wählen" }).click();
    await expect(page).toHaveURL(portalUrl("telekom", "/praemiedanke"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Hinweis" })).toHaveCount(0);
    expect(await page.content()).not.toContain("Jetzt mehr Prämie sichern");
  });
});
