// Credential stuffing and lockouts (decision 054): login tries of one account are reserved before the
// backend is asked, so tries sent at once count too; browsers that never logged in to the account
// share one budget, while a browser the owner logged in on keeps its own, which an attacker cannot
// use up; and the mailed reset link always ends the wait. Login and registration answer alike
// whether or not an address has an account.
import { afterEach, describe, expect, it } from "vitest";
import { requestPasswordReset } from "#bff/account/account.server";
import { setPasswordFromLink } from "#bff/for-recommenders/password-flow.server";
import { formTokenFor } from "#bff/portal/form-token.server";
import { requestContext } from "#bff/portal/request-context.server";
import { LOGIN_TRIES } from "#bff/state/rate-limits.server";
import { action as loginAction } from "../../app/routes/login";
import { action as registerAction } from "../../app/routes/registrieren";
import { createLoadContext } from "../../bff/portal/load-context.server";
import { backendsForSuite, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();
const context = () => createLoadContext(env.bff, { cspNonce: "n", requestId: "r" });
const BUDGET = LOGIN_TRIES[0].points;

type Attempt = { status: number; message: string | null; lockedOut: boolean; cookies: string[] };

/** A login post from a browser of its own (its own form token, and the cookies it kept) and client address. */
async function logIn(email: string, password: string, client: string, kept: string[] = []): Promise<Attempt> {
  const { token, setCookie } = formTokenFor(pageRequest("standard"), env.bff);
  const request = pageRequest("standard", "/login", {
    method: "POST",
    body: new URLSearchParams({ email, password, formToken: token }),
    cookies: [setCookie!, ...kept],
    headers: { "x-forwarded-for": client },
  });
  const result = await loginAction({ request, params: {}, context: context() });
  if (result instanceof Response) return { status: result.status, message: null, lockedOut: false, cookies: result.headers.getSetCookie() };
  const { data, init } = result as unknown as { data: { error: Record<string, string[]>; lockedOut: boolean }; init: { status: number } };
  return { status: init.status, message: data.error[""]?.[0] ?? null, lockedOut: data.lockedOut, cookies: [] };
}

/** The cookie that makes a browser trusted for the account it logged in to. */
const deviceCookieOf = (attempt: Attempt) => attempt.cookies.filter((cookie) => cookie.startsWith("rp_device="));

const loginsReceived = () => env.backends.simulators!.legacy.callsTo("POST", "/api/v1/standard/account/login");

afterEach(() => {
  if (env.backends.simulators) env.backends.simulators.legacy.switches.delayMs = 0;
});

describe.skipIf(onRealBackend)("failed logins", () => {
  it("get one message whether or not the address has an account", async () => {
    const wrongPassword = await logIn("demo@standard.example", "Falsch123", "198.51.100.1");
    const unknownAddress = await logIn("niemand@standard.example", "Falsch123", "198.51.100.2");
    expect(wrongPassword).toMatchObject({ status: 401, message: "E-Mail-Adresse oder Passwort ist falsch." });
    expect(unknownAddress.message).toBe(wrongPassword.message);
  });

  it("sent at once by ten browsers, five each, reach a slow backend no more often than the budget, however spelt", async () => {
    env.backends.simulators!.legacy.switches.delayMs = 200;
    const email = "neu@standard.example";
    const spellings = [email, email.toUpperCase(), ` ${email}`];
    const before = loginsReceived();
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, index) => logIn(spellings[index % 3], "Falsch123", `203.0.113.${(index % 10) + 1}`)),
    );
    expect(loginsReceived() - before).toBe(BUDGET);
    expect(attempts.filter((attempt) => attempt.status === 401)).toHaveLength(BUDGET);
    expect(attempts.filter((attempt) => attempt.status === 429)).toHaveLength(50 - BUDGET);
  });

  it("cannot keep the owner out of a browser they logged in on; a new browser is told how long to wait, with the reset link", async () => {
    const email = "demo@standard.example";
    const ownersBrowser = deviceCookieOf(await logIn(email, "Demo1234", "192.0.2.10"));
    expect(ownersBrowser).toHaveLength(1);

    await Promise.all(Array.from({ length: 3 * BUDGET }, () => logIn(email, "Falsch123", "198.51.100.66")));
    const before = loginsReceived();
    const fresh = await logIn(email, "Demo1234", "192.0.2.11");
    expect(fresh).toMatchObject({ status: 429, lockedOut: true });
    expect(fresh.message).toMatch(/zu viele fehlgeschlagene Anmeldungen.*in 1[45] Minuten noch einmal.*Passwort jetzt zurück/);
    expect(loginsReceived()).toBe(before);

    // The owner's browser, even from the attacker's network, and after typos of its own.
    expect((await logIn(email, "Falsch123", "198.51.100.66", ownersBrowser)).status).toBe(401);
    expect((await logIn(email, "Demo1234", "198.51.100.66", ownersBrowser)).status).toBe(302);
    // A device cookie made up, or one for another account, is no trusted browser.
    expect((await logIn(email, "Demo1234", "192.0.2.12", ["rp_device=forged"])).status).toBe(429);
  });

  it("never lock the owner out: a new password from a mailed link ends the wait for every browser", async () => {
    const email = "demo@standard.example";
    await Promise.all(Array.from({ length: BUDGET + 1 }, () => logIn(email, "Falsch123", "192.0.2.1")));
    expect((await logIn(email, "Demo1234", "192.0.2.1")).status).toBe(429);

    const ctx = await requestContext(pageRequest("standard", "/passwortvergessen"), env.bff);
    await requestPasswordReset(ctx.api, email, "de");
    const mail = env.backends.simulators!.legacy.mails({ to: email, kind: "reset" }).at(-1)!;
    const token = new URL(mail.link!, "http://x").searchParams.get("token")!;
    const link = env.bff.cookies.link.write(pageRequest("standard"), { token, page: "/passwortsetzen" });
    const withLink = pageRequest("standard", "/passwortsetzen", { method: "POST", cookies: [link] });
    expect(await setPasswordFromLink(withLink, env.bff, ctx, "/passwortsetzen", "Neu12345!")).not.toBeNull();
    expect((await logIn(email, "Neu12345!", "192.0.2.2")).status).toBe(302);
  });
});

describe.skipIf(onRealBackend)("registration", () => {
  async function register(email: string) {
    const { token, setCookie } = formTokenFor(pageRequest("standard"), env.bff);
    const body = new URLSearchParams({ vorname: "Eva", nachname: "Neu", email, emailRepeat: email, formToken: token, intent: "register" });
    const request = pageRequest("standard", "/registrieren", { method: "POST", body, cookies: [setCookie!] });
    return registerAction({ request, params: {}, context: context() });
  }

  it("answers an address that has an account exactly as a new one", async () => {
    const existing = await register("demo@standard.example");
    const fresh = await register(`frisch.${Date.now()}@example.org`);
    expect(existing).toEqual({ sent: "demo@standard.example" });
    expect(fresh).toEqual({ sent: expect.stringMatching(/^frisch\./) });
  });
});
