// The main journeys against a backend that speaks as an older ASP.NET service does (the simulator's
// `dotnet` dialect: zone-less date-times, explicit nulls, the framework's error bodies, IIS's HTML
// 404s, a byte-order mark, gzip it was not asked for), with JavaScript off; and a camelCase backend
// (ASP.NET Core's default), refused at readiness with its reason, and read once declared.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { demoTenantHosts } from "../../simulators/demo-tenants";
import { signOnAtProvider } from "../support/agency-sign-on";
import { E2E_SESSION_SECRET } from "../support/e2e-env";
import { startEgressProxy } from "../support/egress-proxy";
import { logIn } from "../support/playwright-utils";
import {
  jsonLogLines,
  type SimulatorProcess,
  startPortal,
  startSimulatorProcess,
  stopProcess as stop,
  waitForChecked,
  waitForReady,
} from "../support/portal-process";
import { walkRecipientJourney } from "../support/recipient-form";
import { freePort } from "../support/redis";

const SECRET = E2E_SESSION_SECRET;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false, locale: "de-DE" });

let portalPort: number;
let simulatorPort: number;
let portal: ReturnType<typeof startPortal>;
const url = (tenant: string, path: string) => `http://${tenant}.localhost:${portalPort}${path}`;
const control = (port: number, switches: Record<string, unknown>) =>
  fetch(`http://127.0.0.1:${port}/__control`, { method: "POST", body: JSON.stringify(switches) });

test.describe("an older ASP.NET backend", () => {
  test.beforeAll(async () => {
    [portalPort, simulatorPort] = [await freePort(), await freePort()];
    portal = startPortal({ port: portalPort, simulatorPort }, { SESSION_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: "200" });
    await waitForReady({ port: portalPort });
    expect((await control(simulatorPort, { dialect: "dotnet" })).ok).toBe(true);
  });
  test.afterAll(async () => {
    await stop(portal.child);
  });

  test("answers in its dialect: a byte-order mark, gzip, zone-less date-times, nulls, an HTML 404", async () => {
    const headers = { "x-requested-with": "XMLHttpRequest", "x-mandant": "telekom" };
    const rewards = await fetch(`http://127.0.0.1:${simulatorPort}/api/v1/praemie`, { headers });
    expect(rewards.headers.get("content-encoding")).toBe("gzip");
    // fetch undoes the gzip; the text decoder would drop the byte-order mark, so the bytes are read.
    const bytes = Buffer.from(await rewards.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toMatch(/"Startdatum":"\d{4}-\d{2}-\d{2}T00:00:00"/);
    expect(text).toContain('"Enddatum":null');
    const missing = await fetch(`http://127.0.0.1:${simulatorPort}/api/v1/gibt/es/nicht`, { headers });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("<html>");
  });

  test("every tenant's home page and a landing page answer, and readiness says ready", async ({ page }) => {
    for (const tenant of ["telekom", "allianz", "standard", "friday"]) {
      const response = await page.goto(url(tenant, "/"));
      expect(response?.status(), tenant).toBe(200);
      await expect(page.getByRole("heading", { name: "Aktuelle Prämien" })).toBeVisible();
    }
    expect((await page.goto(url("telekom", "/internet")))?.status()).toBe(200);
    expect((await page.goto(url("telekom", "/praemien")))?.status()).toBe(200);
    const readiness = await (await fetch(`http://127.0.0.1:${portalPort}/readyz`)).json();
    expect(readiness).toMatchObject({ status: "ready", problems: [] });
  });

  test("the recipient journey reaches its confirmation", async ({ page }) => {
    await page.goto(url("allianz", "/empfaengerdaten/AZ-100003"));
    await expect(page.getByText("Für Sie: bis zu 50 € Prämie.")).toBeVisible();
    await walkRecipientJourney(page, url("allianz", ""), `dotnet.${Date.now()}@example.org`);
  });

  test("a wrong password says so; the login leads to the personal area and Meine Daten", async ({ page }) => {
    await logIn(page, { tenant: "friday", password: "Falsch123", url, landsOn: null });
    await expect(page.getByRole("alert")).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
    await logIn(page, { tenant: "friday", url, landsOn: null });
    await expect(page).toHaveURL(url("friday", "/persoenlicherbereich"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto(url("friday", "/meinedaten"));
    await expect(page.getByText("demo@friday.example")).toBeVisible();
  });

  test("a proxy in front that sends an unasked 100 Continue and 103 Early Hints before every reply: pages, the login and readiness as before", async ({
    page,
  }) => {
    await control(simulatorPort, { interimReplies: true });
    try {
      for (const tenant of ["telekom", "friday"]) expect((await page.goto(url(tenant, "/")))?.status(), tenant).toBe(200);
      await page.goto(url("allianz", "/empfaengerdaten/AZ-100003"));
      await expect(page.getByText("Für Sie: bis zu 50 € Prämie.")).toBeVisible();
      await logIn(page, { tenant: "standard", url, landsOn: url("standard", "/persoenlicherbereich") });
      const readiness = await (await fetch(`http://127.0.0.1:${portalPort}/readyz`)).json();
      expect(readiness).toMatchObject({ status: "ready", problems: [] });
      expect(portal.output()).not.toMatch(/bad response|UND_ERR_SOCKET/);
    } finally {
      await control(simulatorPort, { interimReplies: false });
    }
  });

  test("a session the framework ends ('Authorization has been denied') sends the recommender to log in again", async ({ page }) => {
    await logIn(page, { tenant: "telekom", url, landsOn: null });
    await expect(page).toHaveURL(url("telekom", "/persoenlicherbereich"));
    await control(simulatorPort, { fault: { kind: "sessionExpired", path: "" } });
    try {
      await page.goto(url("telekom", "/meinedaten"));
      await expect(page).toHaveURL(/\/login/);
    } finally {
      await control(simulatorPort, { fault: null });
    }
  });

  test("a reward is picked up; an expired reward link gets its message", async ({ page }) => {
    await page.goto(url("telekom", "/praemie?token=rwd-telekom-valid-0002"));
    await expect(page.getByRole("heading", { name: "Wählen Sie Ihre Prämie" })).toBeVisible();
    await expect(page.getByText("wählbar bis")).toBeVisible();
    await page.getByRole("radio", { name: /Einkaufsgutschein/ }).check();
    await page.getByRole("button", { name: "Prämie wählen" }).click();
    await expect(page).toHaveURL(url("telekom", "/praemiedanke"));
    await page.goto(url("standard", "/praemie?token=rwd-standard-expired-0001"));
    await expect(page.getByRole("alert")).toHaveText("Der Prämienlink ist abgelaufen.");
  });

  test("with Newtonsoft's type names on every object and list, the pages read as without them", async ({ page }) => {
    await control(simulatorPort, { dialect: ["dotnet", "typeNames"] });
    try {
      const rewards = await (
        await fetch(`http://127.0.0.1:${simulatorPort}/api/v1/praemie`, {
          headers: { "x-requested-with": "XMLHttpRequest", "x-mandant": "telekom" },
        })
      ).json();
      expect(rewards).toMatchObject({
        $type: expect.stringContaining("List"),
        $values: expect.arrayContaining([expect.objectContaining({ $type: expect.any(String) })]),
      });
      await page.goto(url("telekom", "/"));
      await expect(page.getByRole("heading", { name: "Aktuelle Prämien" })).toBeVisible();
      await page.goto(url("telekom", "/empfehlen"));
      await expect(page.getByText("MagentaMobil M").first()).toBeVisible();
      await expect(page.getByText("Sie: 50\u00a0€ aufs Konto", { exact: true }).first()).toBeVisible();
    } finally {
      await control(simulatorPort, { dialect: "dotnet" });
    }
  });

  test.describe("where it means something else, or a token has ended", () => {
    const fault = (kind: string, path: string, code?: string) => control(simulatorPort, { fault: { kind, path, code } });
    test.afterEach(async () => {
      await control(simulatorPort, { fault: null, dialect: "dotnet" });
    });

    test("a recipient's link the backend refuses (401) leads to the expired page, with the way to start again", async ({ page }) => {
      await fault("tokenRefused", "/empfaenger/auftrag");
      await page.goto(url("allianz", "/bankdaten?token=rcp-refused-0001"));
      await expect(page).toHaveURL(url("allianz", "/empfehlungabgelaufen"));
      await expect(page.getByRole("link", { name: "Sie haben einen Empfehlungscode? Hier eingeben." })).toBeVisible();
    });

    test("a reward link the backend refuses (401, any code) says it has expired, with the way forward", async ({ page }) => {
      await fault("tokenRefused", "/praemierung", "PSOF0103");
      await page.goto(url("telekom", "/praemie?token=rwd-telekom-valid-0001"));
      await expect(page.getByRole("alert")).toHaveText("Der Prämienlink ist abgelaufen.");
      await expect(page.getByRole("link", { name: "Zum Kontaktformular" })).toBeVisible();
      const customerNumber = await page.goto(url("friday", "/kundennummer?token=rwd-friday-valid-0002"));
      expect(customerNumber?.status()).toBe(410);
      await expect(page.getByRole("alert")).toHaveText("Der Prämienlink ist abgelaufen.");
    });

    test("any 401 on a recommender's token (a code other than PSOF0204) ends the session: log in again", async ({ page }) => {
      await logIn(page, { tenant: "standard", url, landsOn: null });
      await expect(page).toHaveURL(url("standard", "/persoenlicherbereich"));
      await fault("tokenRefused", "/account/user", "PSOF0103");
      await page.goto(url("standard", "/meinedaten"));
      await expect(page).toHaveURL(/\/login\?/);
      await expect(page.getByRole("status")).toHaveText("Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.");
    });

    test("forms authentication's redirect to its sign-in page ends the session or the link, as a 401 does", async ({ page }) => {
      await logIn(page, { tenant: "standard", url, landsOn: null });
      await expect(page).toHaveURL(url("standard", "/persoenlicherbereich"));
      await fault("formsAuthExpired", "/account/user");
      await page.goto(url("standard", "/meinedaten"));
      await expect(page).toHaveURL(/\/login\?/);
      await expect(page.getByRole("status")).toHaveText("Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.");
      await fault("formsAuthExpired", "/praemierung");
      await page.goto(url("telekom", "/praemie?token=rwd-telekom-valid-0001"));
      await expect(page.getByRole("alert")).toHaveText("Der Prämienlink ist abgelaufen.");
    });

    test("a redirect from the backend is never passed on: the friendly error page, 502", async ({ page }) => {
      await fault("redirect", "/empfehlen/");
      const response = await page.goto(url("allianz", "/empfaengerdaten/AZ-100003"));
      expect(response?.status()).toBe(502);
      expect(response?.headers().location).toBeUndefined();
      await expect(page.getByRole("alert")).toHaveText(
        "Es ist ein technischer Fehler aufgetreten. Bitte versuchen Sie es später noch einmal.",
      );
    });

    test("a 401 asking for Windows authentication: the friendly message, what was typed kept, and the log names the scheme with IIS's headings", async ({
      page,
    }) => {
      await fault("windowsAuth", "/account/login");
      await logIn(page, { tenant: "standard", url, landsOn: null });
      await expect(page.getByRole("alert")).toBeVisible();
      await expect(page.getByRole("textbox", { name: "E-Mail-Adresse" })).toHaveValue("demo@standard.example");
      const logged = jsonLogLines(portal.output()).filter((line) => line.kind === "windows-auth");
      expect(logged).toContainEqual(
        expect.objectContaining({
          call: "login",
          wwwAuthenticate: "Negotiate, NTLM",
          heading: expect.stringMatching(/^Server Error — 401 - Unauthorized/),
        }),
      );
    });

    test("dates in the US culture's format are named as such, with what to ask the backend's team for", async ({ page }) => {
      await control(simulatorPort, { dialect: ["dotnet", "usCulture"] });
      expect((await page.goto(url("allianz", "/empfaengerdaten/AZ-100003")))?.status()).toBeGreaterThanOrEqual(500);
      const logged = JSON.stringify(
        jsonLogLines(portal.output()).filter((line) => line.kind === "contract" && line.call === "getRecommendation"),
      );
      expect(logged).toContain("a date in the US culture's format (MM/DD/YYYY h:mm:ss AM)");
      expect(logged).toContain("ask for ISO 8601 dates");
    });

    test("a second Content-Type after the reply's own is read as meant: the pages answer", async ({ page }) => {
      await control(simulatorPort, { dialect: ["dotnet", "twoContentTypes"] });
      expect((await page.goto(url("friday", "/praemien")))?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(portal.output()).not.toMatch(/unknown charset/);
    });

    test("a list answered 404 when empty is an empty list: a new recommender sees the empty area, not an error", async ({ page }) => {
      await control(simulatorPort, { dialect: ["dotnet", "emptyListsAs404"] });
      await logIn(page, { tenant: "telekom", email: "neu@telekom.example", url, landsOn: null });
      await page.goto(url("telekom", "/persoenlicherbereich"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Persönlicher Bereich");
      await expect(page.getByRole("link", { name: "Ihre erste Empfehlung" })).toBeVisible();
    });
  });

  test("an agency report shows its dates as days", async ({ page }) => {
    await page.goto(url("allianz", "/agentur/empfehlungen"));
    await signOnAtProvider(page, "mitarbeiter@allianz.example");
    await expect(page).toHaveURL(url("allianz", "/agentur/empfehlungen"));
    await expect(page.getByText("23 Einträge")).toBeVisible();
    const cells = await page.getByRole("cell").allTextContents();
    expect(cells.some((cell) => /^\d{2}\.\d{2}\.\d{4}$/.test(cell.trim()))).toBe(true);
    expect(cells.join(" ")).not.toMatch(/Date\(|T00:00|- 01:00/);
  });

  test("a report whose counts disagree with its rows is shown by its rows: every page reached, the pager kept", async ({ page }) => {
    await control(simulatorPort, { dialect: ["dotnet", "lyingPages"] });
    try {
      await page.goto(url("allianz", "/agentur/empfehlungen"));
      await signOnAtProvider(page, "mitarbeiter@allianz.example");
      await expect(page.getByText("mindestens 10 Einträge")).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Seiten" })).toContainText("Seite 1");
      await page.getByRole("link", { name: "Nächste Seite" }).click();
      await page.getByRole("link", { name: "Nächste Seite" }).click();
      await expect(page.getByText("23 Einträge")).toBeVisible();
      await expect(page.locator("tbody tr")).toHaveCount(3);
      await expect(page.getByRole("link", { name: "Nächste Seite" })).toHaveCount(0);
      const warned = jsonLogLines(portal.output()).filter((line) => line.kind === "paging");
      expect(warned).toEqual([expect.objectContaining({ call: "getAgencyReport", disagreements: expect.any(Array) })]);
    } finally {
      await control(simulatorPort, { dialect: "dotnet" });
    }
  });
});

test.describe("a camelCase backend", () => {
  let simulator: SimulatorProcess;
  let legacyPort: number;
  let cmsPort: number;

  test.beforeAll(async () => {
    portalPort = await freePort();
    simulator = await startSimulatorProcess(portalPort);
    ({ legacyPort, cmsPort } = simulator);
    expect((await control(legacyPort, { dialect: "camelCase" })).ok).toBe(true);
  });
  test.afterAll(async () => {
    await stop(simulator.child);
  });

  const startOn = (env: Record<string, string>) =>
    startPortal(
      { port: portalPort, simulatorPort: 0 },
      { SESSION_SECRET: SECRET, LEGACY_API_URL: `http://127.0.0.1:${legacyPort}`, CMS_URL: `http://127.0.0.1:${cmsPort}`, ...env },
    );

  test("is refused at readiness with the tenant, the call and the field, and read once declared", async ({ page }) => {
    const refused = startOn({});
    try {
      const readiness = await waitForChecked({ port: portalPort });
      expect(readiness.status).toBe(503);
      const { problems } = readiness.body;
      expect(problems).toContainEqual(
        expect.stringMatching(/^telekom: getTenantConfig: Mandant: expected the key "Mandant", received "mandant"/),
      );
      // The log reaches this process through a pipe, possibly after the readiness reply.
      await expect.poll(() => refused.output()).toMatch(/not ready: telekom: getTenantConfig/);
      expect(refused.output()).toMatch(/keys differ only in case/);
    } finally {
      await stop(refused.child);
    }

    const file = join(tmpdir(), `tenants-camel-e2e-${process.pid}.json`);
    const hosts = Object.entries(demoTenantHosts(portalPort, "standard")).map(([host, entry]) => [
      host,
      { ...entry, dialect: { keys: "camelCase" } },
    ]);
    writeFileSync(file, JSON.stringify(Object.fromEntries(hosts)));
    const declared = startOn({ TENANTS_FILE: file });
    try {
      await waitForReady({ port: portalPort });
      await page.goto(url("telekom", "/"));
      await expect(page.getByRole("heading", { name: "Aktuelle Prämien" })).toBeVisible();
      await page.goto(url("allianz", "/empfaengerdaten/AZ-100003"));
      await expect(page.getByText("Für Sie: bis zu 50 € Prämie.")).toBeVisible();
    } finally {
      await stop(declared.child);
    }
  });
});

test.describe("a farm with affinity in front of the backend (ARR)", () => {
  let simulator: SimulatorProcess;
  let farmPortal: ReturnType<typeof startPortal>;

  test.beforeAll(async () => {
    portalPort = await freePort();
    simulator = await startSimulatorProcess(portalPort);
    expect((await control(simulator.legacyPort, { affinity: true })).ok).toBe(true);
    // friday's entry names the farm's cookies; telekom's does not.
    const file = join(tmpdir(), `tenants-affinity-e2e-${process.pid}.json`);
    const hosts = Object.entries(demoTenantHosts(portalPort, "standard")).map(([host, entry]) => [
      host,
      entry.tenant === "friday" ? { ...entry, backendCookies: ["ARRAffinity", "ARRAffinitySameSite"] } : entry,
    ]);
    writeFileSync(file, JSON.stringify(Object.fromEntries(hosts)));
    farmPortal = startPortal(
      { port: portalPort, simulatorPort: 0 },
      {
        SESSION_SECRET: SECRET,
        TENANTS_FILE: file,
        LEGACY_API_URL: `http://127.0.0.1:${simulator.legacyPort}`,
        CMS_URL: `http://127.0.0.1:${simulator.cmsPort}`,
      },
    );
    await waitForReady({ port: portalPort });
  });
  test.afterAll(async () => {
    await Promise.all([stop(farmPortal?.child), stop(simulator?.child)]);
  });

  test("where the tenant names its cookies, a login stays logged in; the browser holds them only sealed", async ({ page, context }) => {
    await logIn(page, { tenant: "friday", url, landsOn: url("friday", "/persoenlicherbereich") });
    await page.goto(url("friday", "/meinedaten"));
    await expect(page).toHaveURL(url("friday", "/meinedaten"));
    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name)).toContain("__Host-rp_backend");
    expect(cookies.filter((cookie) => /ARRAffinity/i.test(cookie.name) || cookie.value.includes("node-a"))).toEqual([]);
  });

  test("where it does not, the log names the cookie the portal does not send back (never its value)", async ({ page }) => {
    await logIn(page, { tenant: "telekom", url, landsOn: null });
    await expect(page).toHaveURL(/\/login/);
    await expect
      .poll(() => jsonLogLines(farmPortal.output()).filter((line) => line.kind === "cookies" && line.tenant === "telekom"))
      .toEqual([
        expect.objectContaining({ notSentBack: ["ARRAffinity", "ARRAffinitySameSite"], hint: expect.stringContaining("backendCookies") }),
      ]);
    expect(farmPortal.output()).not.toContain("node-a");
  });
});

test.describe("a backend that trickles every reply from the portal's start", () => {
  const PAGE_DEADLINE_MS = 3_000;
  let simulator: SimulatorProcess;
  let slowPortal: ReturnType<typeof startPortal>;

  test.beforeAll(async () => {
    portalPort = await freePort();
    simulator = await startSimulatorProcess(portalPort);
    // Each reply, the tenants' configurations included, takes twice the page's deadline to arrive.
    expect((await control(simulator.legacyPort, { dripMs: 2 * PAGE_DEADLINE_MS })).ok).toBe(true);
    slowPortal = startPortal(
      { port: portalPort, simulatorPort: 0 },
      {
        SESSION_SECRET: SECRET,
        PAGE_DEADLINE_MS: String(PAGE_DEADLINE_MS),
        LEGACY_API_URL: `http://127.0.0.1:${simulator.legacyPort}`,
        CMS_URL: `http://127.0.0.1:${simulator.cmsPort}`,
      },
    );
    // Listening, its first calls to the backend still on their way.
    await expect
      .poll(() =>
        fetch(`http://127.0.0.1:${portalPort}/readyz`).then(
          (answer) => answer.status,
          () => 0,
        ),
      )
      .toBeGreaterThan(0);
  });
  test.afterAll(async () => {
    await Promise.all([stop(slowPortal?.child), stop(simulator?.child)]);
  });

  test("every page answers within the page's deadline and a second: the tenant's friendly 503, never a wait for the backend", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    // A frame tenant's page opened on its own goes to its parent, with its configuration: friday's too.
    for (const [tenant, path] of [
      ["friday", "/"],
      ["telekom", "/"],
      ["friday", "/login"],
      ["allianz", "/empfaengerdaten/AZ-100003"],
    ]) {
      const response = await page.goto(url(tenant, path));
      expect([200, 302, 503], `${tenant}${path}`).toContain(response?.status());
    }
    // The server's own measure of each page, from its arrival to its last byte.
    const pages = jsonLogLines<{ msg: string; path: string; ms: number }>(slowPortal.output()).filter(
      (line) => line.msg === "request" && line.path !== "/readyz" && !line.path.startsWith("/assets"),
    );
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const line of pages) expect(line.ms, line.path).toBeLessThanOrEqual(PAGE_DEADLINE_MS + 1_000);
  });
});

test.describe("a backend and a CMS behind the company's egress proxy", () => {
  let simulator: SimulatorProcess;
  let proxy: Awaited<ReturnType<typeof startEgressProxy>>;
  let proxiedPortal: ReturnType<typeof startPortal>;

  test.beforeAll(async () => {
    portalPort = await freePort();
    [simulator, proxy] = await Promise.all([startSimulatorProcess(portalPort), startEgressProxy()]);
    proxiedPortal = startPortal(
      { port: portalPort, simulatorPort: 0 },
      {
        SESSION_SECRET: SECRET,
        HTTP_PROXY: proxy.url,
        NO_PROXY: "",
        LEGACY_API_URL: `http://127.0.0.1:${simulator.legacyPort}`,
        CMS_URL: `http://127.0.0.1:${simulator.cmsPort}`,
      },
    );
    await waitForReady({ port: portalPort });
  });
  test.afterAll(async () => {
    proxy?.close();
    await Promise.all([stop(proxiedPortal?.child), stop(simulator?.child)]);
  });

  test("every call goes through it, the legacy API's and the CMS's, and the pages answer", async ({ page }) => {
    for (const tenant of ["telekom", "friday"]) {
      expect((await page.goto(url(tenant, "/")))?.status(), tenant).toBe(200);
    }
    const through = (port: number) => proxy.used.some((line) => line.includes(`127.0.0.1:${port}`));
    expect(through(simulator.legacyPort)).toBe(true);
    expect(through(simulator.cmsPort)).toBe(true);
  });
});
