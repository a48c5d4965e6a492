// Where a login without a page to return to lands: the tenant's personal area route from GET
// route/default (decision 040), only ever a path of this portal.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { formTokenFor } from "#bff/portal/form-token.server";
import { action as loginAction, loader as loginLoader } from "../../app/routes/login";
import { loader as adminTokenLoader } from "../../app/routes/login_.$adminLoginToken";
import { createLoadContext } from "../../bff/portal/load-context.server";
import { backendsForSuite, bffOver, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();

/** Each case gets a BFF of its own: the route names are shared by every request of a tenant once read. */
async function landingsWith(defaultRoutes: Record<string, string> | "missing") {
  const simulator = env.backends.simulators!.legacy;
  if (defaultRoutes === "missing") simulator.switches.fault = { kind: "notImplemented", path: "route/default" };
  else simulator.overrideDefaultRoutes(defaultRoutes);
  const { bff } = bffOver(env.backends);
  /** A load context of its own for each request, as the server makes it. */
  const context = () => createLoadContext(bff, { cspNonce: "n", requestId: "r" });
  try {
    const page = (await loginLoader({
      request: pageRequest("standard", "/login"),
      params: {},
      context: context(),
    } as LoaderFunctionArgs)) as {
      redirectTo: string;
    };
    const { token, setCookie } = formTokenFor(pageRequest("standard"), bff);
    const { email, password } = env.backends.fixtures.standard.logins[0];
    const post = pageRequest("standard", "/login", {
      method: "POST",
      body: new URLSearchParams({ email, password, formToken: token }),
      cookies: [setCookie!],
    });
    const loggedIn = (await loginAction({ request: post, params: {}, context: context() })) as Response;
    const adminLoggedIn = await adminTokenLoader({
      request: pageRequest("standard", "/login/x", { headers: { "Sec-Fetch-Site": "none" } }),
      params: { adminLoginToken: env.backends.fixtures.standard.adminLoginTokens[0] },
      context: context(),
    }).catch((thrown: Response) => thrown);
    return [page.redirectTo, loggedIn.headers.get("Location"), (adminLoggedIn as Response).headers.get("Location")];
  } finally {
    await bff.close();
  }
}

describe.skipIf(onRealBackend)("the landing after a login", () => {
  it("is the tenant's personal area route: the login form's default, the login and the token login", async () => {
    expect(await landingsWith({ PersoenlicherBereich: "/empfehlen" })).toEqual(["/empfehlen", "/empfehlen", "/empfehlen"]);
  });

  it("is the portal's personal area where the backend names none, names another site, or lacks the call", async () => {
    for (const routes of [
      { PersoenlicherBereich: "" },
      { PersoenlicherBereich: "//evil.example/" },
      { PersoenlicherBereich: "https://evil.example/" },
    ]) {
      env.backends.simulators!.legacy.reset();
      expect(await landingsWith(routes)).toEqual(["/persoenlicherbereich", "/persoenlicherbereich", "/persoenlicherbereich"]);
    }
    env.backends.simulators!.legacy.reset();
    expect(await landingsWith("missing")).toEqual(["/persoenlicherbereich", "/persoenlicherbereich", "/persoenlicherbereich"]);
  });
});
