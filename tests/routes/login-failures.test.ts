// Credential stuffing: failed logins are counted per account from any client and, past a few, the
// next try waits (growing, capped), shared through the BFF's store; the owner is never locked out for
// good (a password set from a mailed link starts the count again). Login and registration answer
// alike whether or not an address has an account.
import { describe, expect, it } from "vitest";
import { formTokenFor } from "#bff/core/form-token.server";
import { requestContext } from "#bff/core/request-context.server";
import { requestPasswordReset } from "#bff/recommender/account.server";
import { setPasswordFromLink } from "#bff/recommender/password-flow.server";
import { ACCOUNT_FREE_FAILURES, accountWaitSeconds } from "#bff/state/rate-limits.server";
import { action as loginAction } from "../../app/routes/login";
import { action as registerAction } from "../../app/routes/registrieren";
import { backendsForSuite, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();
const context = () => ({ bff: env.bff, cspNonce: "n", requestId: "r" });

/** A login post from a browser of its own (its own form token) and client address. */
async function logIn(email: string, password: string, client: string) {
  const { token, setCookie } = formTokenFor(pageRequest("standard"), env.bff);
  const request = pageRequest("standard", "/login", {
    method: "POST",
    body: new URLSearchParams({ email, password, formToken: token }),
    cookies: [setCookie!],
    headers: { "x-forwarded-for": client },
  });
  const result = await loginAction({ request, params: {}, context: context() });
  if (result instanceof Response) return { status: result.status, message: null };
  const { data, init } = result as unknown as { data: { error: Record<string, string[]> }; init: { status: number } };
  return { status: init.status, message: data.error[""]?.[0] ?? null };
}

const loginsReceived = () => env.backends.simulators!.legacy.callsTo("POST", "/api/v1/standard/account/login");

describe.skipIf(onRealBackend)("failed logins", () => {
  it("get one message whether or not the address has an account", async () => {
    const wrongPassword = await logIn("demo@standard.example", "Falsch123", "198.51.100.1");
    const unknownAddress = await logIn("niemand@standard.example", "Falsch123", "198.51.100.2");
    expect(wrongPassword).toEqual({ status: 401, message: "E-Mail-Adresse oder Passwort ist falsch." });
    expect(unknownAddress.message).toBe(wrongPassword.message);
  });

  it("of one account from many clients make the next try wait, the right password too, without reaching the backend", async () => {
    const email = "neu@standard.example";
    for (let failure = 0; failure < ACCOUNT_FREE_FAILURES; failure++) {
      expect((await logIn(email, "Falsch123", `203.0.113.${failure + 1}`)).status).toBe(401);
    }
    const before = loginsReceived();
    expect(before).toBeGreaterThanOrEqual(ACCOUNT_FREE_FAILURES);
    const refused = await logIn(email, "Demo1234", "203.0.113.99");
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/zu viele fehlgeschlagene Anmeldungen/i);
    expect(loginsReceived()).toBe(before);
    // Another account is not affected.
    expect((await logIn("demo@standard.example", "Demo1234", "203.0.113.99")).status).toBe(302);
  });

  it("never lock the owner out for good: the wait grows to a quarter of an hour at most, and a new password from a mailed link ends it", async () => {
    expect([4, 5, 6, 7, 20, 1_000].map(accountWaitSeconds)).toEqual([0, 30, 60, 120, 900, 900]);
    const email = "demo@standard.example";
    for (let failure = 0; failure < ACCOUNT_FREE_FAILURES; failure++) await logIn(email, "Falsch123", "192.0.2.1");
    expect((await logIn(email, "Demo1234", "192.0.2.1")).status).toBe(429);

    const page = await requestContext(pageRequest("standard", "/passwortvergessen"), env.bff);
    await requestPasswordReset(page.api, email, "de");
    const mail = env.backends.simulators!.legacy.mails({ to: email, kind: "reset" }).at(-1)!;
    const token = new URL(mail.link!, "http://x").searchParams.get("token")!;
    const link = env.bff.cookies.link.write(pageRequest("standard"), { token, page: "/passwortsetzen" });
    const withLink = pageRequest("standard", "/passwortsetzen", { method: "POST", cookies: [link] });
    expect(await setPasswordFromLink(withLink, env.bff, page, "/passwortsetzen", "Neu12345!")).not.toBeNull();
    expect((await logIn(email, "Neu12345!", "192.0.2.1")).status).toBe(302);
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
