// The end-to-end server's settings, shared by playwright.config.ts and the tests that seal cookies.
import type { Page } from "@playwright/test";
import { createSealer } from "../../bff/platform/seal.server";
import { createChoiceCookies } from "../../bff/session/choice-cookies.server";
import { testSecret } from "./test-secret";

export const E2E_PORT = 3100;
export const E2E_SESSION_SECRET = testSecret("e2e");

export function portalUrl(tenant: string, path = "/") {
  return `http://${tenant}.localhost:${E2E_PORT}${path}`;
}

/** Node's HTTP clients do not resolve *.localhost: they call loopback and name the tenant in Host. */
export function serverUrl(path = "/") {
  return `http://127.0.0.1:${E2E_PORT}${path}`;
}

/** The end-to-end server's embedded legacy simulator (fixed port, so tests can read its mails). */
export const E2E_SIMULATOR_PORT = 4110;

/** The newest link the backend 'mailed' to this address, as a path of the portal. */
export async function mailedLink(to: string, kind?: "welcome" | "reset" | "newsletter" | "reward", simulatorPort = E2E_SIMULATOR_PORT) {
  const mails = (await (await fetch(`http://127.0.0.1:${simulatorPort}/__mails?to=${encodeURIComponent(to)}`)).json()) as {
    kind: string;
    link: string;
  }[];
  const mail = mails.filter((item) => !kind || item.kind === kind).at(-1);
  if (!mail) throw new Error(`no ${kind ?? ""} mail to ${to}`);
  return mail.link;
}

/** Flips simulator switches (captchaRequired, delayMs, …) for the tests that need them. */
export async function simulatorControl(switches: Record<string, unknown>) {
  await fetch(`http://127.0.0.1:${E2E_SIMULATOR_PORT}/__control`, { method: "POST", body: JSON.stringify(switches) });
}

/** Waits until Remix has hydrated the page (the enhanced paths need it). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as { __remixRouter?: unknown }).__remixRouter !== undefined);
}

/**
 * The cookie choice made (necessary only) on a tenant's host, sealed as a portal with `secret` in
 * production seals it, for a browser's storage state: tests start past the banner.
 */
export function consentedCookie(tenant: string, secret = E2E_SESSION_SECRET) {
  const choices = createChoiceCookies({ sealer: createSealer([secret]), secure: true });
  const setCookie = choices.consent.write(
    { url: `http://${tenant}.localhost/` },
    { functional: false, analytical: false, marketing: false },
  );
  const [name, value] = setCookie.split(";")[0].split(/=(.*)/s);
  return { name, value, domain: `${tenant}.localhost`, path: "/", expires: -1, httpOnly: true, secure: true, sameSite: "Lax" as const };
}
