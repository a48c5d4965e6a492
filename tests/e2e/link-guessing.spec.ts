// Guessing what a link carries (issue 67), on a portal of its own with the default budgets and one
// trusted proxy hop, so that the test can be many clients (X-Forwarded-For): recommendation numbers on
// the recipient's page, tokens on the reward pickup. JavaScript off, as a recipient's phone may have it.
import { request } from "node:http";
import { expect, test } from "@playwright/test";
import { E2E_SESSION_SECRET } from "../support/e2e-env";
import { backendCallsTo, startPortal, waitForReady } from "../support/portal-process";

const ports = { port: 3175, simulatorPort: 4175 };
const url = (tenant: string, path: string) => `http://${tenant}.localhost:${ports.port}${path}`;
/** The address that publishes itself as a link-preview crawler's range here (PREVIEW_CRAWLER_RANGES). */
const CRAWLER_ADDRESS = "192.0.2.10";
const WHATSAPP = "WhatsApp/2.24.6.77 A";

let portal: ReturnType<typeof startPortal>;

test.describe.configure({ mode: "serial" });
test.use({ javaScriptEnabled: false, locale: "de-DE" });

test.beforeAll(async () => {
  portal = startPortal(ports, {
    SESSION_SECRET: E2E_SESSION_SECRET,
    TRUST_PROXY: "1",
    // The defaults an operator gets (README): set here because the test portals' own are generous.
    LINK_LOOKUPS_PER_10_MINUTES: "100",
    FAILED_TOKENS_PER_10_MINUTES: "10",
    PREVIEW_CRAWLER_RANGES: "192.0.2.0/28",
  });
  await waitForReady(ports);
});
test.afterAll(() => portal.child.kill("SIGKILL"));

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A GET as one client (`from`), on telekom's host, in German unless told. */
function get(
  path: string,
  { from, cookie, userAgent, language = "de" }: { from: string; cookie?: string; userAgent?: string; language?: string },
) {
  const headers = {
    host: `telekom.localhost:${ports.port}`,
    "x-forwarded-for": from,
    "accept-language": language,
    ...(cookie ? { cookie } : {}),
    ...(userAgent ? { "user-agent": userAgent } : {}),
  };
  return new Promise<Reply>((resolve, reject) => {
    request({ host: "127.0.0.1", port: ports.port, path, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    })
      .on("error", reject)
      .end();
  });
}

const guessed = (index: number) => `/empfaengerdaten/TK-9${String(index).padStart(5, "0")}`;

test("a person following their own link, again and again, never meets the budget", async () => {
  for (let visit = 0; visit < 60; visit++) expect((await get("/empfaengerdaten/TK-100001", { from: "198.51.100.1" })).status).toBe(200);
});

test("guessing numbers: ten unknown ones, then the 429 page in the visitor's language with Retry-After, and the backend is asked no more", async ({
  page,
}) => {
  const from = "198.51.100.2";
  for (let guess = 0; guess < 10; guess++) {
    const reply = await get(guessed(guess), { from });
    expect([reply.status, reply.headers.location]).toEqual([302, "/empfehlungabgelaufen"]);
  }
  const askedBefore = await backendCallsTo(ports.simulatorPort, "TK-9");
  const refused = await get(guessed(10), { from });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  expect(refused.body).toContain("Von Ihrem Anschluss wurden in kurzer Zeit sehr viele Empfehlungslinks aufgerufen.");
  expect((await get(guessed(11), { from, language: "en" })).body).toContain("Very many referral links were opened from your connection");
  expect(await backendCallsTo(ports.simulatorPort, "TK-9")).toBe(askedBefore);
  // The person behind the address still opens the link they already opened; any other client is not held.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": from });
  await page.goto(url("telekom", guessed(12)));
  await expect(page.getByText("Von Ihrem Anschluss wurden in kurzer Zeit sehr viele Empfehlungslinks aufgerufen.")).toBeVisible();
  expect((await get("/empfaengerdaten/TK-100001", { from: "198.51.100.3" })).status).toBe(200);
});

test("a client that only says it is a link-preview crawler gets what a person gets; one from a published range is not held", async () => {
  for (let guess = 0; guess < 10; guess++) await get(guessed(100 + guess), { from: "198.51.100.4", userAgent: WHATSAPP });
  expect((await get(guessed(110), { from: "198.51.100.4", userAgent: WHATSAPP })).status).toBe(429);
  for (let guess = 0; guess < 30; guess++)
    expect((await get(guessed(200 + guess), { from: CRAWLER_ADDRESS, userAgent: WHATSAPP })).status, `guess ${guess}`).toBe(302);
});

test("guessing reward tokens: ten refused, then 429 without asking the backend", async () => {
  const from = "198.51.100.5";
  /** A token link as a guesser follows it: the token moves into a cookie, and the pickup page checks it. */
  const pickup = async (token: string) => {
    const link = await get(`/praemie?token=${token}`, { from });
    const cookie = ([link.headers["set-cookie"]].flat().find((value) => value?.includes("rp_reward=")) ?? "").split(";")[0];
    return get("/praemie", { from, cookie });
  };
  for (let guess = 0; guess < 10; guess++) expect((await pickup(`rwd-telekom-guess-${guess}`)).status).toBe(410);
  const askedBefore = await backendCallsTo(ports.simulatorPort, "praemierung");
  const refused = await pickup("rwd-telekom-valid-0001");
  expect(refused.status).toBe(429);
  expect(refused.body).toContain("sehr viele Empfehlungslinks aufgerufen");
  expect(await backendCallsTo(ports.simulatorPort, "praemierung")).toBe(askedBefore);
});
