// The entry points an attacker walks around, on a portal of its own behind no proxy but the test
// (TRUST_PROXY=1, so the test can be many clients): hosts, redirect targets after a real login,
// body limits and the memory they keep, limits per target, and tokens in the real log output.
// JavaScript off, as a recipient on a low-end phone would have it.
import { request } from "node:http";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { E2E_SESSION_SECRET } from "../support/e2e-env";
import { residentMegabytes, startPortal, waitForReady } from "../support/portal-process";

const ports = { port: 3160, simulatorPort: 4160 };
const url = (tenant: string, path: string) => `http://${tenant}.localhost:${ports.port}${path}`;
const RATE_LIMIT = 10;

let portal: ReturnType<typeof startPortal>;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false, locale: "de-DE" });

test.beforeAll(async () => {
  portal = startPortal(ports, {
    SESSION_SECRET: E2E_SESSION_SECRET,
    TRUST_PROXY: "1",
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    MAILS_PER_ADDRESS_PER_HOUR: "2",
  });
  await waitForReady(ports);
});
test.afterAll(() => portal.child.kill("SIGKILL"));

test("a host the portal does not serve gets a short 400 page that does not name it", async ({ page }) => {
  const response = await page.goto(`http://evil.localhost:${ports.port}/login`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("Diese Anfrage kann das Portal nicht beantworten. Bitte prüfen Sie die Adresse.");
  expect(await page.content()).not.toContain("evil");
});

test("absolute links come from the tenant's configured origin, never from the request's Host", async ({ page, request }) => {
  await page.goto(url("telekom", "/agb"));
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", url("telekom", "/agb"));
  // The same tenant named with another port, as a misconfigured proxy might pass it on.
  const html = await (await request.get(`http://127.0.0.1:${ports.port}/agb`, { headers: { host: "telekom.localhost:9999" } })).text();
  expect(html).toContain(`href="${url("telekom", "/agb")}"`);
  expect(html).not.toContain("9999");
});

test("a login sends the user to no other site, however the redirect target is spelled", async ({ page }) => {
  for (const target of ["/.//evil.example/", "/\t/evil.example/", "/\\evil.example/", "/a/..//evil.example/", "https://evil.example/"]) {
    await page.goto(url("standard", `/login?redirectTo=${encodeURIComponent(target)}`));
    await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@standard.example");
    await page.getByLabel("Passwort").fill("Demo1234");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page, target).toHaveURL(url("standard", "/persoenlicherbereich"));
    await page.getByRole("button", { name: "Abmelden" }).click();
  }
});

test("a form post larger than any real form gets the friendly 413 page, and nothing of it is kept", async ({ page }) => {
  await page.goto(url("telekom", "/kontakt"));
  // A hostile client ignores the field's maxlength; 40,000 umlauts are far more than the form allows.
  await page.locator("textarea[name=nachricht]").evaluate((field: HTMLTextAreaElement) => {
    field.removeAttribute("maxlength");
    field.value = "ü".repeat(40_000);
  });
  await page.getByRole("textbox", { name: "Vorname *" }).fill("Erika");
  await page.getByRole("textbox", { name: "Nachname *" }).fill("Musterfrau");
  await page.getByRole("textbox", { name: "E-Mail-Adresse *" }).fill("erika@example.org");
  await page.getByRole("textbox", { name: "Betreff *" }).fill("Frage");
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.request().method() === "POST"),
    page.getByRole("button", { name: "Nachricht senden" }).click(),
  ]);
  expect(response.status()).toBe(413);
  await expect(page.getByRole("alert")).toHaveText(
    "Die gesendeten Daten sind zu umfangreich. Bitte kürzen Sie Ihre Eingaben und senden Sie das Formular noch einmal.",
  );
});

test("a form-filling bot that fills the field nobody sees is refused, and nothing is written", async ({ page }) => {
  const email = `bot.${Date.now()}@example.org`;
  await page.goto(url("standard", "/registrieren"));
  await page.getByLabel("Vorname").fill("Bot");
  await page.getByLabel("Nachname").fill("Net");
  await page.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await page.getByLabel("E-Mail-Adresse wiederholen").fill(email);
  // People neither see nor reach it: off screen, out of the tab order, hidden from screen readers.
  const honeypot = page.locator("input[name=rp_website]").first();
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(page.getByRole("textbox", { name: "Dieses Feld bitte leer lassen" })).toHaveCount(0);
  await honeypot.evaluate((field: HTMLInputElement) => (field.value = "https://spam.example"));
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.request().method() === "POST"),
    page.getByRole("button", { name: "Registrieren" }).click(),
  ]);
  expect(response.status()).toBe(403);
  const mails = (await (
    await fetch(`http://127.0.0.1:${ports.simulatorPort}/__mails?to=${encodeURIComponent(email)}`)
  ).json()) as unknown[];
  expect(mails).toHaveLength(0);
});

/** A 100 MB anonymous form post, written until the portal answers or closes the connection. */
function hugePost(): Promise<{ status?: number; error?: string; sentMegabytes: number }> {
  const size = 100 * 1024 * 1024;
  return new Promise((resolve) => {
    const post = request({
      host: "127.0.0.1",
      port: ports.port,
      method: "POST",
      path: "/login",
      headers: {
        host: `telekom.localhost:${ports.port}`,
        origin: url("telekom", ""),
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(size),
      },
    });
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, "a");
    post.on("response", (response) => {
      response.resume();
      resolve({ status: response.statusCode, sentMegabytes: sent / 1024 / 1024 });
    });
    post.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code, sentMegabytes: sent / 1024 / 1024 }));
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!post.write(chunk)) return void post.once("drain", pump);
      }
      post.end();
    };
    pump();
  });
}

test("memory stays bounded under concurrent oversized posts, and the portal keeps answering", async () => {
  const before = residentMegabytes(portal.child.pid);
  const answers = await Promise.all(Array.from({ length: 5 }, hugePost));
  // 413, or, where the client was still writing when the portal closed the connection, a reset before it read the answer.
  for (const answer of answers)
    expect(answer.status === 413 || ["ECONNRESET", "EPIPE"].includes(answer.error ?? ""), JSON.stringify(answer)).toBe(true);
  // Each was cut off after a few MB of 100: the rest was never read.
  for (const answer of answers) expect(answer.sentMegabytes).toBeLessThan(20);
  expect((await fetch(`http://127.0.0.1:${ports.port}/healthz`)).status).toBe(200);
  expect(residentMegabytes(portal.child.pid) - before).toBeLessThan(50);
});

/** A form post from another client (TRUST_PROXY=1: the test is the proxy that names it). Node's fetch cannot set Host; Playwright's client can. */
function postAsClient(request: APIRequestContext, tenant: string, path: string, form: Record<string, string>, client: string) {
  return request.post(`http://127.0.0.1:${ports.port}${path}`, {
    headers: { host: `${tenant}.localhost:${ports.port}`, origin: url(tenant, ""), "x-forwarded-for": client },
    form,
    maxRedirects: 0,
  });
}

test("password-reset mails to one address are limited, whichever client asks: the form says so and keeps the address", async ({
  page,
  request,
}) => {
  // An account's address, so the backend really mails it (this portal's simulator is its own).
  const address = "neu@telekom.example";
  expect((await postAsClient(request, "telekom", "/passwortvergessen", { email: address }, "198.51.100.1")).status()).toBe(302);
  expect((await postAsClient(request, "telekom", "/passwortvergessen", { email: address }, "198.51.100.2")).status()).toBe(302);

  await page.goto(url("telekom", "/passwortvergessen"));
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill(address);
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.request().method() === "POST"),
    page.getByRole("button", { name: "Link anfordern" }).click(),
  ]);
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(60);
  // The same words whether or not the address has an account: nobody learns who is registered.
  await expect(
    page.getByText("Für diese E-Mail-Adresse wurde gerade schon mehrmals eine E-Mail angefordert.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "E-Mail-Adresse" })).toHaveValue(address);
  const mails = (await (await fetch(`http://127.0.0.1:${ports.simulatorPort}/__mails?to=${encodeURIComponent(address)}`)).json()) as {
    kind: string;
  }[];
  // The two that were let through, and no third.
  expect(mails.filter((mail) => mail.kind === "reset")).toHaveLength(2);
});

test("checks of one offline code are limited across clients: the form says so and keeps the code", async ({ page, request }) => {
  const code = `GUESS${Date.now() % 100_000}`;
  for (let client = 0; client < RATE_LIMIT; client++) {
    expect((await postAsClient(request, "telekom", "/code", { code }, `203.0.113.${client}`)).status(), `client ${client}`).toBe(400);
  }
  await page.goto(url("telekom", "/code"));
  await page.getByRole("textbox", { name: "Empfehlungscode" }).fill(code);
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page.getByText("Dieser Code wurde zu oft eingegeben. Bitte versuchen Sie es in einer Stunde noch einmal.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Empfehlungscode" })).toHaveValue(code);
});

test("no token reaches the log, whatever the case, encoding or spelling of its path or parameter, sent raw as scanners send it", async () => {
  const secret = "adm-telekom-leak-0001";
  const spellings = [
    `/login/${secret}`,
    `/LOGIN/${secret}`,
    `/%6Cogin/${secret}`,
    `/login/${secret}.data`,
    `/praemie?%74oken=${secret}`,
    `/praemie?TOKEN=${secret}`,
    `/praemie?to%256Ben=${secret}`,
    `/login%2F${secret}`,
    `/login\\${secret}`,
    `/login%5C${secret}`,
    `/login;x=1/${secret}`,
    `/x/../login/${secret}`,
    `/x/%2e%2e/login/${secret}`,
    `/praemie?token%00=${secret}`,
    `/praemie?token[]=${secret}`,
    `/praemie?token.x=${secret}`,
    `/praemie?access_token=${secret}`,
  ];
  for (const path of spellings) await rawGet(ports.port, path, `telekom.localhost:${ports.port}`);
  await expect
    .poll(
      () =>
        portal
          .output()
          .split("\n")
          .filter((line) => line.includes('"msg":"request"') && line.includes("[redacted]")).length,
    )
    .toBeGreaterThanOrEqual(spellings.length);
  expect(portal.output()).not.toContain(secret);
  expect(portal.output()).not.toContain("leak-0001");
});

test("a raw backslash path is the path a browser would send: the admin login answers it as /login/{token}", async () => {
  const viaBackslash = await rawGet(ports.port, "/login\\adm-telekom-0001", `telekom.localhost:${ports.port}`);
  const viaSlash = await rawGet(ports.port, "/login/adm-telekom-0002", `telekom.localhost:${ports.port}`);
  expect(viaBackslash).toEqual({ status: 302, location: viaSlash.location });
  expect(viaSlash.status).toBe(302);
  // The token is spent: the other spelling is the same path, and gets what a spent token gets.
  expect((await rawGet(ports.port, "/login/adm-telekom-0001", `telekom.localhost:${ports.port}`)).status).toBe(200);
  expect(portal.output()).not.toMatch(/adm-telekom-000[12]/);
});

/** A GET sent as written, not read by a URL parser first (as scanners and link checkers send it): its status and Location. */
function rawGet(port: number, path: string, host: string) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const sent = request({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode!, location: response.headers.location });
    });
    sent.on("error", reject);
    sent.end();
  });
}
