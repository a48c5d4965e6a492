// Hostile input on a portal of its own (limits raised, so the fuzzing is not cut short by 429):
// every form posted with long, empty, unicode, script and SQL-looking values; cookies tampered,
// swapped, moved to another tenant or replayed after logout; tokens looked for in pages and addresses.
import { type APIResponse, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { signOnAtProvider } from "../support/agency-sign-on";
import { E2E_SESSION_SECRET, mailedLink } from "../support/e2e-env";
import { type FormField, postForm } from "../support/page-form";
import { logIn } from "../support/playwright-utils";
import { startPortal, waitForReady } from "../support/portal-process";
import { fillRecipient } from "../support/recipient-form";
import { registerAndComplete, uniqueEmail } from "../support/registration";

const ports = { port: 3185, simulatorPort: 4185 };
const url = (tenant: string, path: string) => `http://${tenant}.localhost:${ports.port}${path}`;
const SCRIPT = `<script>alert("xss")</script>`;
const HOSTILE_VALUES = [
  "",
  "x".repeat(20_000),
  "Ünïcödé 🚀 ẞ 漢字 ‮ǝsɹǝʌǝɹ‬ \u0000 \u200b",
  SCRIPT,
  `"><img src=x onerror=alert(1)>`,
  "' OR '1'='1'; DROP TABLE empfaenger; --",
  "{{constructor.constructor('return process')()}} ${7*7} ../../etc/passwd",
];

let portal: ReturnType<typeof startPortal>;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false, locale: "de-DE" });

test.beforeAll(async () => {
  portal = startPortal(ports, { SESSION_SECRET: E2E_SESSION_SECRET, RATE_LIMIT_PER_MINUTE: "10000" });
  await waitForReady(ports);
});
test.afterAll(() => portal.child.kill("SIGKILL"));

/**
 * Every field gets `value`, hidden ones too (a hostile client sends what it likes), but the form's
 * synchronizer token; boxes are ticked, choices take the first option.
 */
function hostileBody(fields: FormField[], value: string) {
  const body = new URLSearchParams();
  for (const field of fields) {
    if (field.name === "formToken" || field.type === "submit") body.append(field.name, field.value);
    else if (field.type === "checkbox" || field.type === "radio") body.append(field.name, field.value || "on");
    else if (field.options.length) body.append(field.name, field.options[0]);
    else body.append(field.name, value);
  }
  return body.toString();
}

async function expectHandled(response: APIResponse, where: string) {
  expect(response.status(), where).toBeLessThan(500);
  const text = await response.text();
  expect(text, where).not.toContain(SCRIPT);
  expect(text, where).not.toContain("<img src=x onerror");
}

async function fuzz(page: Page, context: BrowserContext, path: string, tenant: string) {
  await page.goto(url(tenant, path));
  const { action, fields } = await postForm(page);
  expect(fields.length, path).toBeGreaterThan(0);
  // Node cannot resolve *.localhost as chromium does: to loopback, with the tenant's Host and the page's cookies.
  const target = new URL(action);
  const cookie = (await context.cookies(target.origin)).map(({ name, value }) => `${name}=${value}`).join("; ");
  for (const value of HOSTILE_VALUES) {
    const response = await context.request.post(`http://127.0.0.1:${ports.port}${target.pathname}${target.search}`, {
      headers: { host: target.host, origin: target.origin, cookie, "content-type": "application/x-www-form-urlencoded" },
      data: hostileBody(fields, value),
      maxRedirects: 0,
    });
    await expectHandled(response, `${path}: ${value.slice(0, 30)}`);
  }
}

test("every visitor's form: never a 500, never reflected unescaped", async ({ page, context }) => {
  test.setTimeout(120_000);
  const forms: [string, string][] = [
    ["/code", "allianz"],
    ["/empfaengerdaten/AZ-100003", "allianz"],
    ["/login", "telekom"],
    ["/registrieren", "telekom"],
    ["/passwortvergessen", "telekom"],
    ["/kontakt", "telekom"],
    ["/empfehlen/11", "standard"],
    ["/mitarbeiterempfehlen", "allianz"],
    ["/einwilligung", "telekom"],
    ["/praemie?token=rwd-standard-valid-0002", "standard"],
    ["/kundennummer?token=rwd-telekom-valid-0002", "telekom"],
  ];
  for (const [path, tenant] of forms) await fuzz(page, context, path, tenant);
});

test("every logged-in recommender's form: never a 500, never reflected unescaped", async ({ page, context }) => {
  test.setTimeout(120_000);
  await logIn(page, { tenant: "friday", url, landsOn: /\/persoenlicherbereich$/ });
  for (const path of ["/empfehler/bankdaten", "/passwortaendern", "/meinedaten"]) await fuzz(page, context, path, "friday");
  await page.goto(url("friday", "/empfehlen"));
  await page.locator("a[href^='/empfehlen/']").first().click();
  await fuzz(page, context, new URL(page.url()).pathname, "friday");
});

test("the agency's forms and the forms opened from mails: never a 500, never reflected unescaped", async ({ page, context }) => {
  test.setTimeout(180_000);
  await fuzz(page, context, "/agentur/anmelden", "allianz");
  await signOnAtProvider(page, "inhaber@allianz.example");
  await expect(page).toHaveURL(url("allianz", "/agentur/dashboard"));
  await fuzz(page, context, "/agentur/recommend-employees", "allianz");
  await page.goto(url("allianz", "/agentur/auftraege"));
  const release = await page
    .getByRole("link", { name: /^Freigeben – AZ-\d+$/ })
    .first()
    .getAttribute("href");
  await fuzz(page, context, release!, "allianz");

  const site = { url, simulatorPort: ports.simulatorPort };
  const email = uniqueEmail("fuzz");
  await registerAndComplete(page, "telekom", email, "Erstes123", site);
  await page.goto(url("telekom", "/meinedaten"));
  await page.getByRole("button", { name: "Newsletter bestellen" }).click();
  await page.getByRole("button", { name: "Abmelden" }).click();
  await page.goto(url("telekom", "/passwortvergessen"));
  await page.getByLabel("E-Mail-Adresse").fill(email);
  await page.getByRole("button", { name: "Link anfordern" }).click();
  for (const kind of ["reset", "newsletter"] as const) {
    await page.goto(url("telekom", await mailedLink(email, kind, ports.simulatorPort)));
    await fuzz(page, context, new URL(page.url()).pathname, "telekom");
  }
});

test("a tampered session cookie, another cookie's value in its place, or a session moved to another tenant is not a session", async ({
  page,
  context,
}) => {
  await page.goto(url("allianz", "/empfaengerdaten/AZ-100003"));
  await fillRecipient(page, { geburtsdatum: "07.03.1990", email: `swap.${Date.now()}@example.org` });
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(/\/empfaenger\/zustimmung$/);
  await logIn(page, { tenant: "allianz", url, landsOn: /\/persoenlicherbereich$/ });
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name.endsWith("rp_session"))!;
  const recipient = cookies.find((cookie) => cookie.name.endsWith("rp_recipient_draft"))!;

  const flipped = session.value.slice(0, -6) + (session.value.at(-6) === "A" ? "B" : "A") + session.value.slice(-5);
  await context.addCookies([{ ...session, value: flipped }]);
  await page.goto(url("allianz", "/meinedaten"));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmeinedaten$/);

  // Sealed for another purpose (the cookie's name is part of what is authenticated).
  await context.addCookies([{ ...session, value: recipient.value }]);
  await page.goto(url("allianz", "/meinedaten"));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmeinedaten$/);

  // Sealed for another tenant's host (the host is part of what is authenticated, too).
  await context.addCookies([{ ...session, domain: "telekom.localhost" }]);
  await page.goto(url("telekom", "/meinedaten"));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmeinedaten$/);
  await context.addCookies([session]);
  await page.goto(url("allianz", "/meinedaten"));
  await expect(page).toHaveURL(url("allianz", "/meinedaten"));
});

test("a session cookie replayed after logout is refused", async ({ page, context }) => {
  await logIn(page, { tenant: "standard", url, landsOn: /\/persoenlicherbereich$/ });
  const session = (await context.cookies()).find((cookie) => cookie.name.endsWith("rp_session"))!;
  await page.goto(url("standard", "/logout"));
  await page.getByRole("button", { name: "Abmelden" }).last().click();
  await expect(page).toHaveURL(/\/login$/);
  await context.addCookies([session]);
  await page.goto(url("standard", "/meinedaten"));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmeinedaten$/);
});

test("no token in a page, a link or an address, after the first redirect", async ({ page }) => {
  const demo = (await (await fetch(`http://127.0.0.1:${ports.simulatorPort}/__demo`)).json()) as Record<string, { rewardTokens: string[] }>;
  const rewardToken = demo.telekom.rewardTokens[0];
  const seen: string[] = [];
  page.on("response", async (response) => {
    seen.push(response.url());
    if ((response.headers()["content-type"] ?? "").includes("text/html")) seen.push(await response.text().catch(() => ""));
  });
  await page.goto(url("telekom", `/praemie?token=${rewardToken}`));
  await expect(page).toHaveURL(url("telekom", "/praemie"));
  await page.goto(url("telekom", "/praemie"));
  await logIn(page, { tenant: "telekom", url, landsOn: /\/persoenlicherbereich$/ });
  await page.goto(url("telekom", "/meinedaten"));
  const logged = portal.output();
  expect(seen.slice(1).join("\n")).not.toContain(rewardToken);
  expect(logged).not.toContain(rewardToken);
  // The user's backend token is a 48-digit hex string: none in any page or log line.
  expect(seen.slice(1).join("\n")).not.toMatch(/\b[0-9a-f]{48}\b/);
  expect(logged).not.toMatch(/\b[0-9a-f]{48}\b/);
});
