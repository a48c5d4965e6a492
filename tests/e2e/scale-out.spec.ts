// Two portal instances behind nginx (round robin, no sticky sessions) on one backend: a recipient
// and a recommender walk their journeys with JavaScript off while their requests alternate between
// the instances. It works because the BFF keeps no state of its own: the sealed cookies open on
// either instance with the shared SESSION_SECRET, and caches only save calls.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { startNginx, NGINX } from "../support/nginx";
import { startPortal, waitForReady } from "../support/portal-process";
import { fillRecipient, textbox } from "../support/recipient-form";

const NGINX_PORT = 3195;
const INSTANCES = [3196, 3197];
const SIMULATOR = { legacy: 4196, cms: 4197 };
const url = (tenant: string, path: string) => `http://${tenant}.localhost:${NGINX_PORT}${path}`;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false, locale: "de-DE" });
test.skip(!existsSync(NGINX), "nginx is not installed (apt-get install nginx-light; .ci/run does)");

let stop: () => void;
let instances: ReturnType<typeof startPortal>[];

test.beforeAll(async () => {
  const simulator = spawn(process.execPath, ["--import", "tsx", "server/simulators/start.ts"], {
    env: { ...process.env, SIMULATOR_PORT: String(SIMULATOR.legacy), CMS_SIMULATOR_PORT: String(SIMULATOR.cms) },
    stdio: "ignore",
  });
  instances = INSTANCES.map((port) =>
    startPortal(
      { port, simulatorPort: 0 },
      {
        LEGACY_API_URL: `http://127.0.0.1:${SIMULATOR.legacy}`,
        CMS_URL: `http://127.0.0.1:${SIMULATOR.cms}`,
        SESSION_SECRET: "scale-out-test-secret-shared-by-every-instance-0123",
        TRUST_PROXY: "1",
      },
    ),
  );
  const nginx = startNginx(NGINX_PORT, INSTANCES);
  stop = () => [simulator, nginx.child, ...instances.map((instance) => instance.child)].forEach((child) => child.kill("SIGKILL"));
  await Promise.all(INSTANCES.map((port) => waitForReady({ port })));
  await expect.poll(async () => (await fetch(`http://127.0.0.1:${NGINX_PORT}/healthz`).catch(() => null))?.status, { timeout: 10_000 }).toBe(200);
});

test.afterAll(() => stop?.());

/** The requests of a journey an instance answered: its request log lines, health checks aside. */
function requestsServedBy(instance: ReturnType<typeof startPortal>) {
  return instance
    .output()
    .split("\n")
    .filter((line) => line.includes('"msg":"request"') && !/"path":"\/(healthz|readyz)"/.test(line)).length;
}

test("a recipient's journey crosses both instances and ends in one recipient", async ({ page }) => {
  const email = `scale.${Date.now()}@example.org`;
  await page.goto(url("allianz", "/empfaengerdaten/AZ-100003"));
  await fillRecipient(page, { geburtsdatum: "07.03.1990", email });
  await page.getByRole("button", { name: "Weiter" }).click();
  await expect(page).toHaveURL(url("allianz", "/empfaenger/zustimmung"));
  await page.getByRole("checkbox", { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check();
  await page.getByRole("button", { name: "Zustimmen und weiter" }).click();
  await expect(page).toHaveURL(url("allianz", "/bankdaten"));
  await textbox(page, "IBAN *").fill("DE89 3704 0044 0532 0130 00");
  await textbox(page, "Kontoinhaber *").fill("Erika Musterfrau");
  await page.getByRole("button", { name: "Bankverbindung speichern" }).click();
  await expect(page).toHaveURL(url("allianz", "/empfaengerbestaetigung"));
  await expect(page.getByText("AZ-100003")).toBeVisible();

  const recipients = (await (await fetch(`http://127.0.0.1:${SIMULATOR.legacy}/__recipients`)).json()) as { email: string }[];
  expect(recipients.filter((recipient) => recipient.email === email)).toHaveLength(1);
  expect(instances.map(requestsServedBy).every((served) => served >= 3)).toBe(true);
});

test("a recommender logs in on one instance and is logged in on the other, then logs out everywhere", async ({ page }) => {
  const before = instances.map(requestsServedBy);
  await page.goto(url("telekom", "/login"));
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("demo@telekom.example");
  await page.getByLabel("Passwort").fill("Demo1234");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(url("telekom", "/persoenlicherbereich"));
  for (let visit = 0; visit < 4; visit++) {
    await page.goto(url("telekom", "/meinedaten"));
    await expect(page.getByText("demo@telekom.example")).toBeVisible();
  }
  expect(instances.map(requestsServedBy).every((served, index) => served - before[index] >= 2)).toBe(true);

  await page.getByRole("button", { name: "Abmelden" }).click();
  for (let visit = 0; visit < 2; visit++) {
    await page.goto(url("telekom", "/meinedaten"));
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmeinedaten$/);
  }
});
