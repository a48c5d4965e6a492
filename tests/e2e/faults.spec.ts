// Faults of the legacy API on each journey (recipient, recommender, login, agency), with JavaScript
// off: the simulator's switches for a backend that is down, slow beyond the timeout, answering 500,
// malformed JSON, a reply that breaks the contract, or PSOF0204. Each time the visitor gets a friendly message in German, the form
// keeps every value, the server logs one warning for that request id and keeps serving, and a
// second try writes exactly once. A portal of its own: short timeout, logs read by the test.
import { setTimeout as sleep } from "node:timers/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { signOnAtProvider } from "../support/agency-sign-on";
import { E2E_SESSION_SECRET, hydrated } from "../support/e2e-env";
import { startPortal, waitForReady } from "../support/portal-process";
import { fillRecipient, textbox } from "../support/recipient-form";

const ports = { port: 3180, simulatorPort: 4180 };
const CMS_PORT = 4181;
const control = `http://127.0.0.1:${ports.simulatorPort}/__control`;
const url = (tenant: string, path: string) => `http://${tenant}.localhost:${ports.port}${path}`;

const MESSAGES = {
  network: "Die Verbindung ist gerade gestört. Bitte versuchen Sie es in einem Moment noch einmal.",
  technical: "Es ist ein technischer Fehler aufgetreten. Bitte versuchen Sie es später noch einmal.",
  sessionExpired: "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.",
};

type FaultCase = { kind: "down" | "slow" | "error500" | "malformed" | "contract" | "sessionExpired"; message: keyof typeof MESSAGES };
const FAULTS: FaultCase[] = [
  { kind: "down", message: "network" },
  { kind: "slow", message: "network" },
  { kind: "error500", message: "technical" },
  { kind: "malformed", message: "technical" },
  { kind: "contract", message: "technical" },
  { kind: "sessionExpired", message: "sessionExpired" },
];

type Journey = {
  name: string;
  /** The legacy call the fault hits (a part of `METHOD /path`). */
  write: string;
  /** Opens the form and fills it; `tag` makes the values unique per test. */
  fill(page: Page, tag: string): Promise<void>;
  submit: string;
  /** Fills again what the page does not keep on purpose (a password). */
  refill?(page: Page): Promise<void>;
  /** The journey carries a login: after PSOF0204 it ends, and the next step is to log in again. */
  loggedIn?: boolean;
  /** The journey carries a link's token (a recipient's): after PSOF0204 it ends on the journey's expired page. */
  expiredPage?: string;
  /** The cookie of that login (the recommender's session unless named). */
  sessionCookie?: string;
  /** Faults the page's own loader meets as well (the switch hits every call on the write's path): tested apart. */
  apart?: FaultCase["kind"][];
  /** The write's reply carries nothing the portal reads: any JSON fits its contract. */
  replyIgnored?: boolean;
  /** Label and value of fields that must still hold what was typed. */
  kept(tag: string): [label: string, value: string][];
  done: RegExp;
  /** How many times the backend holds this test's write. */
  written?(tag: string): Promise<number>;
};

const simulatorJson = async (path: string) => (await fetch(`http://127.0.0.1:${ports.simulatorPort}${path}`)).json();
const recipientsWith = async (email: string) =>
  ((await simulatorJson("/__recipients")) as { email: string }[]).filter((recipient) => recipient.email === email).length;

const JOURNEYS: Journey[] = [
  {
    name: "recipient data",
    write: "POST /api/v1/empfaenger/create/",
    async fill(page, tag) {
      // A tenant that accepts the terms with the data: the data page's post creates the recipient.
      await page.goto(url("standard", "/empfaengerdaten/ST-100001"));
      await fillRecipient(page, { geburtsdatum: "07.03.1990", email: `erika.${tag}@example.org`, nachname: `Ünal-${tag}` });
    },
    submit: "Weiter",
    kept: (tag) => [
      ["Nachname *", `Ünal-${tag}`],
      ["E-Mail-Adresse *", `erika.${tag}@example.org`],
      ["Hausnummer *", "12a"],
    ],
    done: /\/empfaengerbestaetigung$/,
    written: (tag) => recipientsWith(`erika.${tag}@example.org`),
  },
  {
    name: "recipient consent",
    // The last of the three calls the consent post makes (create, tracking, terms): the retry goes on from there.
    // (A fault on the create call would meet the one already logged for the data page: the same problem is logged once a while.)
    write: "PUT /api/v1/empfaenger/zustimmung",
    async fill(page, tag) {
      // A tenant with consent on its own step: its post creates the recipient from the data the browser keeps.
      await page.goto(url("telekom", "/empfaengerdaten/TK-100001"));
      await fillRecipient(page, { geburtsdatum: "07.03.1990", email: `zustimmung.${tag}@example.org` });
      await page.getByRole("button", { name: "Weiter" }).click();
      await page.getByRole("checkbox", { name: /Ich akzeptiere/ }).check();
    },
    submit: "Zustimmen und weiter",
    kept: () => [],
    replyIgnored: true,
    done: /\/empfaengerbestaetigung$/,
    written: (tag) => recipientsWith(`zustimmung.${tag}@example.org`),
    // The terms call carries the recipient token the create call just gave: PSOF0204 there ends the recipient's
    // journey on its expired page, with the way to start again (docs/decisions/053).
    expiredPage: url("telekom", "/empfehlungabgelaufen"),
    sessionCookie: "rp_recipient_draft",
  },
  {
    name: "recommendation without an account",
    write: "POST /api/v1/Empfehlen/create",
    async fill(page, tag) {
      await page.goto(url("standard", "/empfehlen/11"));
      await page.getByLabel("Vorname *").fill("Jörg");
      await page.getByLabel("Nachname *").fill(`Weiß-${tag}`);
      await page.getByLabel("E-Mail-Adresse *").fill(`joerg.${tag}@example.org`);
      await page.getByRole("checkbox", { name: /mindestens 18 Jahre alt/ }).check();
      await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
    },
    submit: "Empfehlungslink erstellen",
    kept: (tag) => [
      ["Nachname *", `Weiß-${tag}`],
      ["E-Mail-Adresse *", `joerg.${tag}@example.org`],
    ],
    done: /\/empfehlung\/ST-\d+\?erstellt$/,
    written: async (tag) =>
      ((await simulatorJson("/__recommendations?tenant=standard")) as { recommenderEmail: string }[]).filter(
        (r) => r.recommenderEmail === `joerg.${tag}@example.org`,
      ).length,
  },
  {
    name: "login",
    write: "/account/login",
    async fill(page) {
      await page.goto(url("standard", "/login"));
      await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@standard.example");
      await page.getByLabel("Passwort").fill("Demo1234");
    },
    submit: "Anmelden",
    refill: (page) => page.getByLabel("Passwort").fill("Demo1234"),
    kept: () => [["E-Mail-Adresse", "demo@standard.example"]],
    done: /\/persoenlicherbereich$/,
  },
  {
    name: "bank data of a logged-in recommender",
    write: "PUT /api/v1/allianz/empfehler/bankdaten/",
    async fill(page, tag) {
      await page.goto(url("allianz", "/login?redirectTo=%2Fempfehler%2Fbankdaten"));
      await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@allianz.example");
      await page.getByLabel("Passwort").fill("Demo1234");
      await page.getByRole("button", { name: "Anmelden" }).click();
      await textbox(page, "IBAN *").fill("DE89 3704 0044 0532 0130 00");
      await textbox(page, "Kontoinhaber *").fill(`Anna Schmidt ${tag}`);
    },
    submit: "Bankverbindung speichern",
    kept: (tag) => [
      ["IBAN *", "DE89 3704 0044 0532 0130 00"],
      ["Kontoinhaber *", `Anna Schmidt ${tag}`],
    ],
    done: /\/meinedaten\?hinweis=bankdaten-gespeichert$/,
    loggedIn: true,
    replyIgnored: true,
  },
  {
    name: "an agency's invitation",
    write: "PUT /api/v1/Einladung",
    async fill(page, tag) {
      await page.goto(url("allianz", "/agentur/recommend-employees"));
      await signOnAtProvider(page, "mitarbeiter@allianz.example");
      await page.getByLabel("Vorname *").fill("Jürgen");
      await page.getByLabel("Nachname *").fill(`Groß-${tag}`);
      await page.getByLabel("E-Mail-Adresse *").fill(`juergen.${tag}@example.org`);
      await page.getByLabel("Art der Einladung *").selectOption("Kunde");
    },
    submit: "Einladung senden",
    kept: (tag) => [
      ["Nachname *", `Groß-${tag}`],
      ["E-Mail-Adresse *", `juergen.${tag}@example.org`],
    ],
    done: /\/agentur\/recommend-employees\?eingeladen=/,
    loggedIn: true,
    sessionCookie: "rp_agency",
    replyIgnored: true,
    // The page's captcha check is a PUT to the same path as the invitation.
    apart: ["sessionExpired"],
  },
  {
    name: "an agency's order release",
    write: "PUT /api/v1/agentur/auftragfreigeben/",
    async fill(page) {
      await page.goto(url("allianz", "/agentur/auftraege?sortierung=Empfehlungsnummer&absteigend=1"));
      await signOnAtProvider(page, "inhaber@allianz.example");
      await page
        .getByRole("link", { name: /^Freigeben – AZ-\d+$/ })
        .first()
        .click();
    },
    submit: "Ja, Auftrag freigeben",
    // A confirmation, nothing typed. Had the failed try released the order, the retry would meet 'already released' and never be done.
    kept: () => [],
    done: /\/agentur\/auftraege\?freigegeben=AZ-/,
    loggedIn: true,
    sessionCookie: "rp_agency",
    replyIgnored: true,
  },
];

let portal: ReturnType<typeof startPortal>;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false, locale: "de-DE" });

test.beforeAll(async () => {
  portal = startPortal(ports, {
    SESSION_SECRET: E2E_SESSION_SECRET,
    CMS_SIMULATOR_PORT: String(CMS_PORT),
    UPSTREAM_TIMEOUT_MS: "1500",
    // After `down` the breaker lets a trial call through in a second, not the production's ten.
    UPSTREAM_BREAKER_OPEN_MS: "1000",
    // Retries after each fault would soon meet the login and form limits of 10 a minute.
    RATE_LIMIT_PER_MINUTE: "1000",
  });
  await waitForReady(ports);
});

test.afterAll(() => {
  portal.child.kill("SIGKILL");
});

/** Waits for the simulator to listen again when a `down` fault is still on. */
async function switchFault(fault: object | null) {
  await expect(async () => void (await fetch(control, { method: "POST", body: JSON.stringify({ fault }) }))).toPass({ timeout: 10_000 });
}

const cookieNames = async (page: Page) => (await page.context().cookies()).map((cookie) => cookie.name);

function logLinesOf(requestId: string) {
  return portal
    .output()
    .split("\n")
    .filter((line) => line.includes(requestId))
    .map((line) => JSON.parse(line) as { level: string; msg: string });
}

/** Submits the form again until the backend is back (after `down` the circuit breaker waits a few seconds). */
async function submitUntilDone(page: Page, journey: Journey) {
  await expect(async () => {
    if (!journey.done.test(page.url())) {
      await journey.refill?.(page);
      await page.getByRole("button", { name: journey.submit }).click();
    }
    expect(page.url()).toMatch(journey.done);
  }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
}

// First, before any page has filled the content cache.
test("an expired CMS token is renewed: the page keeps its CMS block", async ({ page }) => {
  await fetch(`http://127.0.0.1:${CMS_PORT}/__control`, { method: "POST", body: JSON.stringify({ expireTokens: true }) });
  await page.goto(url("standard", "/"));
  await expect(page.getByRole("heading", { name: "Empfehlen lohnt sich" })).toBeVisible();
});

test("without the CMS the home page still leads with a promise and the reward, beside a neutral picture in the tenant's own colour", async ({
  page,
}) => {
  const cms = (switches: object) => fetch(`http://127.0.0.1:${CMS_PORT}/__control`, { method: "POST", body: JSON.stringify(switches) });
  await cms({ down: true });
  try {
    await page.goto(url("friday", "/"));
    await expect(page.getByRole("heading", { level: 1, name: "Sag weiter, was dich überzeugt" })).toBeVisible();
    await expect(page.getByText(/^Was eine Empfehlung bringt: Du: 50\s€ aufs Konto oder 70\s€ als Gutschein/)).toBeVisible();
    await expect(page.locator("img[srcset]")).toHaveCount(0);
    const figure = page.locator('[data-visual="neutral"] .fill-brand').first();
    await expect(figure).toBeVisible();
    // friday's brand (#2d2a6e), never another tenant's colour.
    expect(await figure.evaluate((shape) => getComputedStyle(shape).fill)).toBe("rgb(45, 42, 110)");
  } finally {
    await cms({ down: false });
  }
});

test("the agency's home page answers without its agents while their call fails, and shows them again after", async ({ page }) => {
  const agents = page.getByRole("region", { name: "Ihre Berater vor Ort" });
  await switchFault({ kind: "error500", path: "/Produkt/berater" });
  try {
    expect((await page.goto(url("allianz", "/")))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Gut beraten, gern empfohlen" })).toBeVisible();
    await expect(page.getByText(/^Was eine Empfehlung bringt: Sie: 50\s€ aufs Konto/)).toBeVisible();
    await expect(agents).toHaveCount(0);
  } finally {
    await switchFault(null);
  }
  await page.goto(url("allianz", "/"));
  await expect(agents.getByRole("listitem")).toHaveCount(3);
});

for (const journey of JOURNEYS) {
  for (const fault of FAULTS.filter(({ kind }) => !journey.apart?.includes(kind))) {
    test(`${journey.name}: ${fault.kind}`, async ({ page }) => {
      const tag = `${fault.kind}${Date.now()}`.toLowerCase();
      await journey.fill(page, tag);
      await switchFault(fault.kind === "down" ? { kind: "down", forMs: 3_000 } : { kind: fault.kind, path: journey.write });
      const posted = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: journey.submit }).click();
      const requestId = (await posted).headers()["x-request-id"];
      if (fault.kind !== "down") await switchFault(null);

      if (fault.kind === "sessionExpired" && journey.expiredPage) {
        await expect(page).toHaveURL(journey.expiredPage);
        expect(await cookieNames(page)).not.toContain(journey.sessionCookie);
        return;
      }
      if (fault.kind === "contract" && journey.replyIgnored) {
        await expect(page).toHaveURL(journey.done);
        return;
      }
      await expect(page.getByText(MESSAGES[fault.message])).toBeVisible();
      for (const [label, value] of journey.kept(tag)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
      await expect(page.locator("body")).not.toContainText(/ECONNREFUSED|Error:|at \w+ \(/);
      await sleep(200);
      const warnings = logLinesOf(requestId).filter((line) => line.level === "warn" || line.level === "error");
      expect(warnings, JSON.stringify(logLinesOf(requestId))).toHaveLength(1);

      if (fault.kind === "sessionExpired" && journey.loggedIn) {
        expect(await cookieNames(page)).not.toContain(journey.sessionCookie ?? "rp_session");
        return;
      }
      await submitUntilDone(page, journey);
      if (journey.written) expect(await journey.written(tag)).toBe(1);
    });
  }
}

test("an agency's invitation: PSOF0204, met by the page's own captcha check too, ends the agency session and leads to the agency sign-on", async ({
  page,
}) => {
  const journey = JOURNEYS.find(({ sessionCookie }) => sessionCookie === "rp_agency")!;
  await journey.fill(page, `psof${Date.now()}`);
  await switchFault({ kind: "sessionExpired", path: journey.write });
  await page.getByRole("button", { name: journey.submit }).click();
  await switchFault(null);
  await expect(page).toHaveURL(new RegExp(`^${url("allianz", "/agentur/anmelden")}\\?redirectTo=.+&hinweis=sitzung-beendet$`));
  await expect(page.getByText("Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.")).toBeVisible();
  expect(await cookieNames(page)).not.toContain("rp_agency");
});

test("a recipient post whose second step fails goes on from there: one recipient, not two", async ({ page }) => {
  const journey = JOURNEYS[0];
  const tag = `step${Date.now()}`;
  await journey.fill(page, tag);
  // The terms' acceptance, which the data page's post makes after the creation (the tracking is a follow-up whose failure is only logged).
  await switchFault({ kind: "error500", path: "/empfaenger/zustimmung" });
  await page.getByRole("button", { name: journey.submit }).click();
  await switchFault(null);
  await expect(page.getByText(MESSAGES.technical)).toBeVisible();
  await submitUntilDone(page, journey);
  expect(await journey.written!(tag)).toBe(1);
});

// A page reads, it does not write: a fault gives the error page with the friendly message in German
// (503 when the backend cannot be reached, 502 otherwise) and one warning logged; PSOF0204 ends a
// login; once the backend is back the page shows again.
const SERVED_STALE = "legacy call failed: served its last good reply";
type PageCase = {
  name: string;
  url: string;
  read: string;
  /** What it takes to see the page after opening it (a sign-on). */
  signOn?(page: Page): Promise<void>;
  ready(page: Page): Locator;
  sessionCookie?: string;
  /** A GET: when the backend cannot be reached, the page is served from the read's last good reply. */
  keepsLastGoodReply?: boolean;
};
const PAGES: PageCase[] = [
  {
    name: "the recipient data page",
    url: url("telekom", "/empfaengerdaten/TK-100001"),
    read: "/empfehlen/TK-100001",
    ready: (page) => page.getByRole("button", { name: "Weiter" }),
    keepsLastGoodReply: true,
  },
  {
    name: "an agency's report page",
    url: url("allianz", "/agentur/auftraege"),
    read: "PUT /api/v1/agentur/auftraege/",
    signOn: (page) => signOnAtProvider(page, "mitarbeiter@allianz.example"),
    ready: (page) => page.getByRole("table"),
    sessionCookie: "rp_agency",
  },
];

for (const shown of PAGES) {
  for (const fault of FAULTS.filter(({ kind }) => kind !== "sessionExpired" || shown.sessionCookie)) {
    test(`${shown.name}: ${fault.kind}`, async ({ page }) => {
      await page.goto(shown.url);
      await shown.signOn?.(page);
      await expect(shown.ready(page)).toBeVisible();

      await switchFault(fault.kind === "down" ? { kind: "down", forMs: 3_000 } : { kind: fault.kind, path: shown.read });
      const reply = await page.goto(shown.url);
      if (fault.kind !== "down") await switchFault(null);

      if (fault.kind === "sessionExpired") {
        await expect(page).toHaveURL(new RegExp(`^${url("allianz", "/agentur/anmelden")}\\?redirectTo=.+&hinweis=sitzung-beendet$`));
        await expect(page.getByText("Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.")).toBeVisible();
        expect(await cookieNames(page)).not.toContain(shown.sessionCookie);
        return;
      }
      const requestId = reply!.headers()["x-request-id"];
      await sleep(200);
      const warnings = logLinesOf(requestId).filter((line) => line.level === "warn" || line.level === "error");
      if (shown.keepsLastGoodReply && fault.message === "network") {
        expect(reply!.status()).toBe(200);
        await expect(shown.ready(page)).toBeVisible();
        expect(logLinesOf(requestId).map((line) => line.msg)).toContain(SERVED_STALE);
        expect(warnings).toHaveLength(0);
      } else {
        expect(reply!.status()).toBe(fault.message === "network" ? 503 : 502);
        await expect(page.getByRole("alert")).toHaveText(MESSAGES[fault.message]);
        await expect(page).toHaveTitle("Das hat leider nicht geklappt.");
        // The reference a visitor can quote is the request id of the log line.
        await expect(page.getByText(`Fehlernummer: ${requestId}`)).toBeVisible();
        await expect(page.getByRole("link", { name: "Erneut versuchen" })).toHaveCount(fault.message === "network" ? 1 : 0);
        await expect(page.locator("body")).not.toContainText(/ECONNREFUSED|Error:|at \w+ \(/);
        expect(warnings, JSON.stringify(logLinesOf(requestId))).toHaveLength(1);
      }

      // Back: the page is read from the backend again (after `down` the circuit breaker waits a few seconds).
      const retry = page.getByRole("link", { name: "Erneut versuchen" });
      if (await retry.count()) expect(await retry.getAttribute("href")).toBe(new URL(shown.url).pathname);
      await expect(async () => {
        const again = await page.goto(shown.url);
        await expect(shown.ready(page)).toBeVisible({ timeout: 1_000 });
        expect(logLinesOf(again!.headers()["x-request-id"]).map((line) => line.msg)).not.toContain(SERVED_STALE);
      }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
    });
  }
}

test.describe("with JavaScript on", () => {
  test.use({ javaScriptEnabled: true });

  test("a report that fails to load in the hydrated app gets the same message, and the app goes on", async ({ page }) => {
    await page.goto(url("allianz", "/agentur/dashboard"));
    await signOnAtProvider(page, "mitarbeiter@allianz.example");
    await hydrated(page);
    await switchFault({ kind: "slow", path: "PUT /api/v1/agentur/auftraege/" });
    await page.getByRole("link", { name: "Aufträge & Freigabe" }).click();
    await expect(page.getByRole("alert")).toHaveText(MESSAGES.network);
    await switchFault(null);
    await page.goBack();
    await expect(page.getByRole("img", { name: "Aufträge nach Status" })).toBeVisible();
  });
});
