// A token link (/login/{token}) signs in at once only where the browser itself opened it and holds no
// session; from another site, or over a session, it waits for the person to confirm on the portal's page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { formTokenFor } from "#bff/portal/form-token.server";
import { loader as tokenLoader } from "../../app/routes/login_.$adminLoginToken";
import { action as confirmAction, loader as confirmLoader } from "../../app/routes/login_.bestaetigen";
import { createLoadContext } from "../../bff/portal/load-context.server";
import type { SessionUser } from "../../bff/session/cookies.server";
import { backendsForSuite, onRealBackend, pageRequest } from "../support/backends";

const env = backendsForSuite();
const context = () => createLoadContext(env.bff, { cspNonce: "n", requestId: "r" });
const cookieNames = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);

const BEN: SessionUser = {
  token: "session-of-ben",
  vorname: "Ben",
  nachname: "Keller",
  email: "neu@standard.example",
  empfehlerHash: "h",
  newsletterPermission: false,
  newsletterOptinSentAt: null,
  language: "de",
};

/** The token link opened with these request headers and cookies: the redirect it answers. */
async function openTokenLink(headers: Record<string, string>, cookies: string[] = []) {
  const [token] = env.backends.fixtures.standard.adminLoginTokens;
  const thrown = await tokenLoader({
    request: pageRequest("standard", `/login/${token}`, { headers, cookies }),
    params: { adminLoginToken: token },
    context: context(),
  } as LoaderFunctionArgs).catch((error: unknown) => error);
  return thrown as Response;
}

const session = () => env.bff.cookies.user.write(pageRequest("standard"), BEN);

describe.skipIf(onRealBackend)("a token link's sign-in", () => {
  it("signs in at once where the browser itself opened it and holds no session", async () => {
    for (const site of ["none", "same-origin"]) {
      env.backends.simulators!.legacy.reset();
      const answer = await openTokenLink({ "Sec-Fetch-Site": site });
      expect(answer.headers.get("Location")).toBe("/persoenlicherbereich");
      expect(cookieNames(answer)).toEqual(["rp_session"]);
    }
  });

  it("from another site, without the header, or over a session, sets no session: it asks first", async () => {
    for (const [headers, cookies] of [
      [{ "Sec-Fetch-Site": "cross-site" }, []],
      [{ "Sec-Fetch-Site": "same-site" }, []],
      [{}, []],
      [{ "Sec-Fetch-Site": "none" }, [session()]],
      [{ "Sec-Fetch-Site": "same-origin" }, [session()]],
    ] as [Record<string, string>, string[]][]) {
      env.backends.simulators!.legacy.reset();
      const answer = await openTokenLink(headers, cookies);
      expect(answer.headers.get("Location")).toBe("/login/bestaetigen");
      expect(cookieNames(answer)).toEqual(["rp_pending_login"]);
    }
  });

  it("the confirmation names the account it signs in to and the session it ends; a post from it signs in and ends that session", async () => {
    const pending = (await openTokenLink({ "Sec-Fetch-Site": "cross-site" })).headers.getSetCookie()[0];
    const { token: formToken, setCookie } = formTokenFor(pageRequest("standard"), env.bff);
    const cookies = [pending, session(), setCookie!];
    const page = await confirmLoader({
      request: pageRequest("standard", "/login/bestaetigen", { cookies }),
      params: {},
      context: context(),
    } as LoaderFunctionArgs);
    const { email } = env.backends.fixtures.standard.logins[0];
    expect(page).toMatchObject({ account: { name: "Anna Schmidt", email }, current: "Ben Keller" });

    const post = (body: Record<string, string>) =>
      confirmAction({
        request: pageRequest("standard", "/login/bestaetigen", { method: "POST", body: new URLSearchParams(body), cookies }),
        params: {},
        context: context(),
      } as ActionFunctionArgs);
    await expect(post({ intent: "confirm" })).rejects.toMatchObject({ status: 403 });
    const cancelled = (await post({ intent: "cancel", formToken })) as Response;
    expect([cancelled.headers.get("Location"), cookieNames(cancelled)]).toEqual(["/", ["rp_pending_login"]]);
    expect(await env.bff.loggedOutSessions.stateOf(BEN.token)).toBe("open");

    const confirmed = (await post({ intent: "confirm", formToken })) as Response;
    expect(confirmed.headers.get("Location")).toBe("/persoenlicherbereich");
    expect(cookieNames(confirmed)).toEqual(["rp_session", "rp_pending_login"]);
    const signedIn = env.bff.cookies.user.read(pageRequest("standard", "/", { cookies: [confirmed.headers.getSetCookie()[0]] }));
    expect(signedIn?.email).toBe(email);
    expect(await env.bff.loggedOutSessions.stateOf(BEN.token)).toBe("logged-out");
  });

  it("without a waiting sign-in, the page says the link no longer counts, and a post signs no one in", async () => {
    const { token: formToken, setCookie } = formTokenFor(pageRequest("standard"), env.bff);
    const args = (init: RequestInit = {}) =>
      ({
        request: pageRequest("standard", "/login/bestaetigen", { ...init, cookies: [setCookie!] }),
        params: {},
        context: context(),
      }) as never;
    expect(await confirmLoader(args())).toMatchObject({ account: null });
    const post = (await confirmAction(args({ method: "POST", body: new URLSearchParams({ intent: "confirm", formToken }) }))) as Response;
    expect([post.headers.get("Location"), cookieNames(post)]).toEqual(["/", ["rp_pending_login"]]);
  });
});
