/// <reference types="vite/client" />
// docs/security.md: inside an integrated frame the cookies are SameSite=None, so every form post of a
// frame tenant must carry the synchronizer token. Every route with an action is checked, so a new
// action that forgets actionContext() fails here.
import type { ActionFunction } from "@remix-run/node";
import { expect, it } from "vitest";
import { formTokenFor } from "#bff/portal/form-token.server";
import { createLoadContext } from "../../bff/portal/load-context.server";
import { backendsForSuite, bffOver, onSimulatorOnly, pageRequest } from "../support/backends";

const env = backendsForSuite();

const routeModules = import.meta.glob<{ action?: ActionFunction }>(["../../app/routes/*.tsx", "../../app/routes/*/route.tsx"], {
  eager: true,
});
const actionRoutes = Object.entries(routeModules).filter(([, module]) => module.action);
const PARAMS = { empfehlungsnummer: "FR-100003", produktId: "1", choice: "optin" };

async function post(tenant: string, action: ActionFunction, body: Record<string, string>, cookies: string[]) {
  const { bff } = bffOver(env.backends);
  const request = pageRequest(tenant, "/x", { method: "POST", body: new URLSearchParams(body), cookies });
  try {
    return await action({ request, params: PARAMS, context: createLoadContext(bff, { cspNonce: "n", requestId: "r" }) });
  } catch (thrown) {
    return thrown;
  } finally {
    await bff.close();
  }
}

const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: { status?: number } })?.init?.status ?? 200);

/** A logged-in user's, a recipient's and an agency's cookies, and a form token, for the tenant's host. */
function sessionCookies(tenant = "friday") {
  const scope = pageRequest(tenant);
  const { token, setCookie } = formTokenFor(scope, env.bff);
  const user = env.bff.cookies.user.write(scope, {
    token: "t",
    vorname: "Anna",
    nachname: "S",
    email: "a@example.org",
    newsletterPermission: false,
  });
  const recipient = env.bff.cookies.recipient.write(scope, { token: "r" });
  const agency = env.bff.cookies.agency.write(scope, {
    token: "a",
    roles: ["AgenturInhaber"],
    name: "Petra",
    email: "p@example.org",
    agentNumber: "AG-1001",
  });
  return { token, cookies: [setCookie!, user, recipient, agency] };
}

// Posts every form with a valid token too, which writes: on the simulator only.
onSimulatorOnly("the synchronizer token in the integrated frame", () => {
  it("covers the portal's form actions", () => {
    expect(actionRoutes.length).toBeGreaterThanOrEqual(20);
  });

  it.each(actionRoutes)("%s refuses a frame tenant's post without the token, or with another one", async (_path, module) => {
    const { cookies } = sessionCookies();
    expect(statusOf(await post("friday", module.action!, {}, cookies))).toBe(403);
    expect(statusOf(await post("friday", module.action!, { formToken: "f".repeat(64) }, cookies))).toBe(403);
  });

  it.each(actionRoutes)(
    "%s lets the frame tenant's post with its token through, and other tenants' posts without one",
    async (path, module) => {
      const { token, cookies } = sessionCookies();
      expect(statusOf(await post("friday", module.action!, { formToken: token }, cookies))).not.toBe(403);
      // A login (the form's, and a token link's confirmation) checks the token everywhere.
      if (!path.endsWith("/login.tsx") && !path.endsWith("/login_.bestaetigen.tsx"))
        expect(statusOf(await post("standard", module.action!, {}, sessionCookies("standard").cookies))).not.toBe(403);
    },
  );
});
