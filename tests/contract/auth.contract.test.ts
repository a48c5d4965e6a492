// The recommender login plumbing: the legacy login as the session's user, the session cookie it
// starts, and the login-required guard.
import { describe, expect, it } from "vitest";
import { requireUser } from "../../app/access/recommender.server";
import { adminLogin } from "../../bff/account/account.server";
import { logIn, sessionCookieFor } from "../../bff/for-recommenders/auth.server";
import { requestContext } from "../../bff/portal/request-context.server";
import { backendsForSuite, pageRequest, writing } from "../support/backends";

const env = backendsForSuite();

async function logInAt(tenant: string, email: string, password: string) {
  const { api } = await requestContext(pageRequest(tenant, "/login"), env.bff);
  return logIn(api, { email, password });
}

describe("recommender login", () => {
  it("authenticates through the legacy login and starts a sealed session", async () => {
    const { email, password } = env.backends.fixtures.friday.logins[0];
    const user = await logInAt("friday", email, password);
    expect(user).toMatchObject({ email, vorname: expect.any(String) });
    expect(user.token.length).toBeGreaterThan(0);

    const cookie = sessionCookieFor(pageRequest("friday"), env.bff, user, { remember: false });
    expect(cookie).not.toMatch(/Max-Age/i);
    expect(cookie).not.toContain(user.token);
    expect(await requireUser(pageRequest("friday", "/persoenlicherbereich", { cookies: [cookie] }), { bff: env.bff })).toEqual(user);
  });

  it("issues a new cookie value at every login", async () => {
    const { email, password } = env.backends.fixtures.telekom.logins[0];
    const user = await logInAt("telekom", email, password);
    expect(sessionCookieFor(pageRequest("telekom"), env.bff, user, { remember: true })).not.toBe(
      sessionCookieFor(pageRequest("telekom"), env.bff, user, { remember: true }),
    );
  });

  it("passes the legacy message on for a wrong password", async () => {
    const { email } = env.backends.fixtures.standard.logins[0];
    await expect(logInAt("standard", email, "Falsch123")).rejects.toMatchObject({
      messageKey: "wrongCredentials",
    });
  });

  writing.it("logs in once with an admin token; the second use gets 'token already used'", async () => {
    const { api } = await requestContext(pageRequest("telekom"), env.bff);
    const [token] = env.backends.fixtures.telekom.adminLoginTokens;
    await expect(adminLogin(api, token)).resolves.toMatchObject({ Email: env.backends.fixtures.telekom.logins[0].email });
    await expect(adminLogin(api, token)).rejects.toMatchObject({ messageKey: "tokenAlreadyUsed" });
  });

  it("sends a logged-out visitor to /login with the page asked for", async () => {
    let thrown: unknown;
    try {
      await requireUser(pageRequest("allianz", "/persoenlicherbereich?tab=2"), { bff: env.bff });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fpersoenlicherbereich%3Ftab%3D2");
  });
});
