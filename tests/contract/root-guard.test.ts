// The guards of spec 2.2: forced login (ModuleErzwingeLogin) and autologin mode (IsAutologin).
import { describe, expect, it } from "vitest";
import { loader } from "../../app/root";
import { action as loginAction } from "../../app/routes/login";
import { loader as adminTokenLoader } from "../../app/routes/login_.$adminLoginToken";
import { backendsForSuite, bffOver, pageRequest } from "../support/backends";

const env = backendsForSuite();

async function rootLoader(path: string, cookies: string[] = []) {
  const { bff } = bffOver(env.backends);
  try {
    const result = await loader({
      request: pageRequest("standard", path, { cookies }),
      params: {},
      context: { bff, cspNonce: "n", requestId: "r" },
    });
    return result.data;
  } catch (thrown) {
    return thrown;
  } finally {
    await bff.close();
  }
}

describe("forced login in the root loader", () => {
  it("sends a logged-out visitor of a closed page to /login, and lets open pages and logged-in users through", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { ModuleErzwingeLogin: true });
    const closed = (await rootLoader("/persoenlicherbereich")) as Response;
    expect(closed.status).toBe(302);
    expect(closed.headers.get("Location")).toBe("/login?redirectTo=%2Fpersoenlicherbereich");
    expect(await rootLoader("/code")).toMatchObject({ tenant: { id: "standard" } });
    const user = env.bff.cookies.user.write(pageRequest("standard"), {
      token: "t",
      vorname: "Anna",
      nachname: "S",
      email: "a@example.org",
      newsletterPermission: false,
    });
    expect(await rootLoader("/", [user])).toMatchObject({ user: { vorname: "Anna" } });
  });

  it("leaves every page open without the flag", async () => {
    expect(await rootLoader("/")).toMatchObject({ user: null });
  });
});

describe("autologin mode in the root loader", () => {
  const redirectOf = (result: unknown) => (result instanceof Response ? result.headers.get("Location") : null);

  it("sends a logged-out visitor of a login-required page home, not to /login", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { IsAutologin: true });
    expect(redirectOf(await rootLoader("/persoenlicherbereich"))).toBe("/");
    expect(redirectOf(await rootLoader("/empfehlung/ST-100003"))).toBe("/");
    expect(await rootLoader("/code")).toMatchObject({ accountFormsDisabled: false });
  });

  it("lets the password pages through unchanged, flagged so that they show the notice instead of their form", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { IsAutologin: true });
    for (const path of ["/login", "/registrieren", "/passwortvergessen", "/passwortsetzen"]) {
      expect(await rootLoader(path)).toMatchObject({ accountFormsDisabled: true });
    }
  });

  it("logs in again with the stored admin token when the session has ended, and drops a token the backend refuses", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { IsAutologin: true });
    const [token] = env.backends.fixtures.standard.adminLoginTokens;
    const again = (await rootLoader("/persoenlicherbereich?x=1", [
      env.bff.cookies.autologin.write(pageRequest("standard"), { token }),
    ])) as Response;
    expect(again.headers.get("Location")).toBe("/persoenlicherbereich?x=1");
    expect(again.headers.get("Set-Cookie")).toMatch(/^rp_session=/);

    const refused = (await rootLoader("/", [
      env.bff.cookies.autologin.write(pageRequest("standard"), { token: "adm-unknown-0000" }),
    ])) as Response;
    expect(refused.headers.get("Location")).toBe("/");
    expect(refused.headers.get("Set-Cookie")).toMatch(/^rp_autologin=; Max-Age=0/);
  });

  it("ignores a stored token and the notice outside autologin mode", async () => {
    const [token] = env.backends.fixtures.standard.adminLoginTokens;
    expect(await rootLoader("/login", [env.bff.cookies.autologin.write(pageRequest("standard"), { token })])).toMatchObject({
      user: null,
      accountFormsDisabled: false,
    });
  });
});

describe("autologin mode in the password actions", () => {
  it("refuses a posted login form, and keeps the admin token of a token login", async () => {
    env.backends.simulators!.legacy.overrideConfig("standard", { IsAutologin: true });
    const { bff } = bffOver(env.backends);
    try {
      const args = { params: {}, context: { bff, cspNonce: "n", requestId: "r" } };
      const post = pageRequest("standard", "/login", {
        method: "POST",
        body: new URLSearchParams({ email: "demo@standard.example", password: "Demo1234" }),
      });
      await expect(loginAction({ ...args, request: post })).rejects.toMatchObject({ status: 403 });

      const [token] = env.backends.fixtures.standard.adminLoginTokens;
      const thrown = await adminTokenLoader({
        ...args,
        params: { adminLoginToken: token },
        request: pageRequest("standard", `/login/${token}`),
      }).catch((error: unknown) => error);
      expect((thrown as Response).headers.getSetCookie().some((cookie) => cookie.startsWith("rp_autologin="))).toBe(true);
    } finally {
      await bff.close();
    }
  });
});
