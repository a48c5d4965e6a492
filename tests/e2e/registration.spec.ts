// The account journeys with JavaScript off: registering and completing it from the welcome mail,
// a forgotten password, changing the password, the newsletter from mail links, bank data.
import { mailedLink, portalUrl, simulatorControl } from "../support/e2e-env";
import { expect, test } from "../support/playwright-utils";
import { registerAndComplete, setPassword, uniqueEmail } from "../support/registration";

test.use({ javaScriptEnabled: false });

test("register with mismatching e-mails first, then complete the registration from the welcome mail", async ({ page, context, login }) => {
  const email = uniqueEmail("reg");
  await page.goto(portalUrl("friday", "/login"));
  await page.getByRole("link", { name: "Noch kein Konto? Jetzt registrieren" }).click();
  await page.getByLabel("Vorname").fill("Lena");
  await page.getByLabel("Nachname").fill("Müller-Lüdenscheidt");
  await page.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await page.getByLabel("E-Mail-Adresse wiederholen").fill(`x${email}`);
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(page.getByText("Die E-Mail-Adressen stimmen nicht überein.")).toBeVisible();
  await expect(page.getByLabel("Nachname")).toHaveValue("Müller-Lüdenscheidt");

  await page.getByLabel("E-Mail-Adresse wiederholen").fill(email);
  await page.getByRole("button", { name: "Registrieren" }).click();
  await expect(page.getByRole("status")).toContainText(email);
  await page.getByRole("button", { name: "E-Mail erneut senden" }).click();
  await expect(page.getByRole("status")).toHaveText(`Ist ${email} noch nicht bestätigt, haben wir die E-Mail erneut dorthin geschickt.`);

  const link = await mailedLink(email, "welcome");
  await page.goto(portalUrl("friday", link));
  await expect(page).toHaveURL(portalUrl("friday", "/registrieren"));
  expect((await context.cookies()).some((cookie) => cookie.value.includes(link.split("=")[1]))).toBe(false);
  await expect(page.getByRole("heading", { name: "Registrierung abschließen" })).toBeVisible();
  await setPassword(page, "kurz", "Registrierung abschließen");
  await expect(page.getByText("Das Passwort muss mindestens 8 Zeichen lang sein.")).toBeVisible();
  await expect(page.getByLabel("Neues Passwort", { exact: true })).toHaveValue("");

  await setPassword(page, "Sicher123", "Registrierung abschließen");
  await expect(page).toHaveURL(portalUrl("friday", "/persoenlicherbereich"));
  await expect(page.getByText("Hallo Lena!")).toBeVisible();

  await page.getByRole("button", { name: "Abmelden" }).click();
  await login({ tenant: "friday", email, password: "Sicher123", landsOn: null });
  await expect(page).toHaveURL(portalUrl("friday", "/persoenlicherbereich"));
});

test("an address that is already registered gets the same answer as a new one, with the way to log in or reset", async ({ page }) => {
  const answerFor = async (email: string) => {
    await page.goto(portalUrl("telekom", "/registrieren"));
    await page.getByLabel("Vorname").fill("Anna");
    await page.getByLabel("Nachname").fill("Schmidt");
    await page.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
    await page.getByLabel("E-Mail-Adresse wiederholen").fill(email);
    await page.getByRole("button", { name: "Registrieren" }).click();
    return (await page.locator("main").innerText()).replaceAll(email, "ADDRESS");
  };
  const existing = await answerFor("demo@telekom.example");
  expect(existing).toContain("Ist ADDRESS noch nicht registriert, haben wir eine E-Mail dorthin geschickt.");
  expect(existing).not.toContain("bereits registriert");
  await expect(page.getByRole("link", { name: "Passwort vergessen?" })).toBeVisible();
  expect(await answerFor(uniqueEmail("fresh"))).toBe(existing);
});

test("forgotten password: the mailed link sets a new one and logs in; an expired link says how to get a new one", async ({ page }) => {
  const email = uniqueEmail("reset");
  await registerAndComplete(page, "standard", email, "Erstes123");
  await page.getByRole("button", { name: "Abmelden" }).click();

  await page.goto(portalUrl("standard", "/login"));
  await page.getByRole("link", { name: "Passwort vergessen?" }).click();
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByRole("button", { name: "Link anfordern" }).click();
  await expect(page.getByRole("status")).toContainText("Wenn diese E-Mail-Adresse bei uns registriert ist");

  await page.goto(portalUrl("standard", await mailedLink(email, "reset")));
  await expect(page).toHaveURL(portalUrl("standard", "/passwortsetzen"));
  await page.getByLabel("Neues Passwort", { exact: true }).fill("Zweites123");
  await page.getByLabel("Neues Passwort wiederholen").fill("Zweites124");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByText("Die Passwörter stimmen nicht überein.")).toBeVisible();
  await setPassword(page, "Zweites123", "Passwort speichern");
  await expect(page).toHaveURL(portalUrl("standard", "/persoenlicherbereich"));

  await page.goto(portalUrl("standard", "/passwortsetzen?token=pwd-standard-expired-0001"));
  await expect(page.getByRole("alert")).toHaveText("Der Link ist abgelaufen. Bitte fordern Sie über „Passwort vergessen“ einen neuen an.");
  await expect(page.getByRole("link", { name: "Neuen Link anfordern (Passwort vergessen)" })).toBeVisible();
});

test("change the password in Meine Daten: a wrong current one is refused next to its field", async ({ page, login }) => {
  const email = uniqueEmail("change");
  await registerAndComplete(page, "friday", email, "Erstes123");
  await page.goto(portalUrl("friday", "/meinedaten"));
  await page.getByRole("link", { name: "Passwort ändern" }).click();
  await expect(page.getByRole("navigation", { name: "Brotkrumennavigation" })).toContainText("Meine Daten");
  await page.getByLabel("Aktuelles Passwort").fill("Falsch123");
  await setPassword(page, "Neues1234", "Passwort speichern");
  await expect(page.getByText("Das aktuelle Passwort ist nicht richtig.")).toBeVisible();

  await page.getByLabel("Aktuelles Passwort").fill("Erstes123");
  await setPassword(page, "Neues1234", "Passwort speichern");
  await expect(page).toHaveURL(portalUrl("friday", "/meinedaten?passwort=geaendert"));
  await expect(page.getByRole("status")).toHaveText("Dein Passwort wurde geändert.");
  await page.getByRole("button", { name: "Abmelden" }).click();
  await login({ tenant: "friday", email, password: "Neues1234", landsOn: null });
  await expect(page).toHaveURL(portalUrl("friday", "/persoenlicherbereich"));
});

test("newsletter: ask in Meine Daten, confirm from the mail, unsubscribe from the mail's link", async ({ page, login }) => {
  const email = uniqueEmail("news");
  await registerAndComplete(page, "telekom", email, "Erstes123");
  await page.goto(portalUrl("telekom", "/meinedaten"));
  await expect(page.getByText("Sie erhalten keinen Newsletter.")).toBeVisible();
  await page.getByRole("button", { name: "Newsletter bestellen" }).click();
  await expect(page.getByText("Wir haben Ihnen eine E-Mail zur Bestätigung geschickt.")).toBeVisible();

  const link = await mailedLink(email, "newsletter");
  await page.getByRole("button", { name: "Abmelden" }).click();
  await page.goto(portalUrl("telekom", link));
  await expect(page).toHaveURL(portalUrl("telekom", "/empfehler/newsletter/optin"));
  await page.getByRole("button", { name: "Newsletter bestätigen" }).click();
  await expect(page.getByRole("status")).toHaveText("Vielen Dank! Sie erhalten ab jetzt unseren Newsletter.");

  await login({ tenant: "telekom", email, password: "Erstes123", landsOn: null });
  await page.goto(portalUrl("telekom", "/meinedaten"));
  await expect(page.getByText("Sie erhalten unseren Newsletter.")).toBeVisible();

  await page.goto(portalUrl("telekom", link.replace("/optin", "/optout")));
  await page.getByRole("button", { name: "Newsletter abbestellen" }).click();
  await expect(page.getByRole("status")).toHaveText("Sie haben den Newsletter abbestellt.");
  await page.goto(portalUrl("telekom", "/meinedaten"));
  await expect(page.getByText("Sie erhalten keinen Newsletter.")).toBeVisible();
});

test("a newsletter page without a link or a login says what to do", async ({ page }) => {
  await page.goto(portalUrl("standard", "/empfehler/newsletter/optout"));
  await expect(page.getByRole("alert")).toContainText("Bitte öffnen Sie diese Seite über den Link in Ihrer E-Mail");
  await expect(page.getByRole("button", { name: "Newsletter abbestellen" })).toHaveCount(0);
});

test("bank data in Meine Daten: saved, shown masked, then deleted", async ({ page }) => {
  const email = uniqueEmail("bank");
  await registerAndComplete(page, "friday", email, "Erstes123");
  await page.goto(portalUrl("friday", "/meinedaten"));
  await page.getByRole("link", { name: "Bankverbindung verwalten" }).click();
  await page.getByLabel("IBAN *").fill("DE89 3704 0044 0532 0130 00");
  await page.getByLabel("Kontoinhaber *").fill("Lena Lange");
  await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
  await expect(page).toHaveURL(portalUrl("friday", "/meinedaten?hinweis=bankdaten-gespeichert"));
  await expect(page.getByRole("status")).toHaveText("Deine Bankverbindung wurde gespeichert.");
  await page.getByRole("link", { name: "Bankverbindung verwalten" }).click();
  await expect(page.getByText("Hinterlegt: DE89 **** **** 3000")).toBeVisible();
  await page.getByRole("button", { name: "Bankverbindung löschen" }).click();
  await expect(page.getByText("Deine Bankverbindung wurde gelöscht.")).toBeVisible();
  await expect(page.getByText(/Hinterlegt:/)).toHaveCount(0);
});

test("a failing backend gets a friendly message, and everything typed stays", async ({ page }) => {
  // Only this tenant's registration fails: the other tests here register on other tenants in parallel.
  await simulatorControl({ fault: { kind: "error500", path: "allianz/account/createEmpfehler" } });
  try {
    await page.goto(portalUrl("allianz", "/registrieren"));
    await page.getByLabel("Vorname").fill("Özlem");
    await page.getByLabel("Nachname").fill("Yılmaz");
    await page.getByLabel("E-Mail-Adresse", { exact: true }).fill("oezlem@example.org");
    await page.getByLabel("E-Mail-Adresse wiederholen").fill("oezlem@example.org");
    await page.getByRole("button", { name: "Registrieren" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Es ist ein technischer Fehler aufgetreten. Bitte versuchen Sie es später noch einmal.",
    );
    await expect(page.getByLabel("Nachname")).toHaveValue("Yılmaz");
    await expect(page.getByLabel("E-Mail-Adresse wiederholen")).toHaveValue("oezlem@example.org");
  } finally {
    await simulatorControl({ fault: null });
  }
});

test("a new telekom account with nothing recommended yet gets no offer to recommend more", async ({ page }) => {
  // The backend says to show the programme's banner to telekom's recommenders; an empty area leads to recommending instead.
  await registerAndComplete(page, "telekom", uniqueEmail("ohne-empfehlung"), "Erstes123");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Hinweis" })).toHaveCount(0);
});
