// The agencies' single sign-on in the legacy simulator: a stand-in identity provider (authorization
// code with PKCE, only the client's registered return), the agency token for the code, and its check.
import { createHash, randomBytes } from "node:crypto";
import { http, type HttpHandler, HttpResponse } from "msw";
import type { SimulatorKit } from "../kit";
import { legacyError } from "../replies";

const CODE_VALIDITY_MS = 60_000;
const base64url = (buffer: Buffer) => buffer.toString("base64url");
const challengeOf = (verifier: string) => base64url(createHash("sha256").update(verifier).digest());
const html = (body: string, status = 200) => new HttpResponse(body, { status, headers: { "content-type": "text/html; charset=utf-8" } });

function loginPage(params: URLSearchParams, failed: boolean) {
  const hidden = [...params]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replace(/[&"<>]/g, "")}">`)
    .join("");
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Agentur-Anmeldung (Simulator)</title></head><body>
<h1>Agentur-Anmeldung</h1><p>Der Identitätsanbieter der Agenturen (Simulator).</p>${failed ? '<p role="alert">Anmeldung fehlgeschlagen.</p>' : ""}
<form method="post">${hidden}<label>Benutzer <input name="login" autocomplete="username"></label>
<label>Passwort <input name="password" type="password" autocomplete="current-password"></label><button type="submit">Anmelden</button></form></body></html>`;
}

export function identityProviderHandlers({ state }: SimulatorKit): HttpHandler[] {
  const tenantOfClient = (params: URLSearchParams) => String(params.get("client_id")).replace(/^portal-/, "");
  /** Like a real identity provider: only the client's registered return address, compared exactly. */
  const isRegisteredReturn = (params: URLSearchParams) => {
    const tenant = state().tenants[tenantOfClient(params)];
    return tenant !== undefined && params.get("redirect_uri") === `${tenant.config.MandantUrl}/agentur/sso`;
  };

  function issueCode(form: URLSearchParams, tenant: string, login: string) {
    const code = base64url(randomBytes(24));
    const [challenge, nonce, redirectUri] = ["code_challenge", "nonce", "redirect_uri"].map((name) => String(form.get(name)));
    state().agency.codes.set(code, { tenant, login, challenge, nonce, redirectUri, issuedAt: Date.now(), used: false });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", String(form.get("state")));
    return HttpResponse.redirect(back.href, 302);
  }

  return [
    http.get("*/__idp/authorize", ({ request }) => {
      const params = new URL(request.url).searchParams;
      const complete = ["client_id", "redirect_uri", "state", "nonce", "code_challenge"].every((name) => params.get(name));
      if (!complete || params.get("code_challenge_method") !== "S256") return new HttpResponse("invalid request", { status: 400 });
      if (!isRegisteredReturn(params)) return new HttpResponse("unregistered redirect_uri", { status: 400 });
      return html(loginPage(params, false));
    }),
    http.post("*/__idp/authorize", async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      if (!isRegisteredReturn(form)) return new HttpResponse("unregistered redirect_uri", { status: 400 });
      const tenantId = tenantOfClient(form);
      const user = state().tenants[tenantId]?.agencyUsers.find(
        (item) => item.login === form.get("login") && item.password === form.get("password"),
      );
      if (user) return issueCode(form, tenantId, user.login);
      const params = new URLSearchParams([...form].filter(([name]) => name !== "login" && name !== "password"));
      return html(loginPage(params, true), 401);
    }),
  ];
}

export function agencyTokenHandlers({ legacy, state }: SimulatorKit): HttpHandler[] {
  return [
    http.put(
      "*/api/v1/:route/agentur/sso",
      legacy(async ({ request, tenantId }) => {
        const body = (await request.json().catch(() => ({}))) as { Code?: string; Verifier?: string; RedirectUri?: string };
        const found = state().agency.codes.get(String(body.Code));
        const valid =
          found &&
          !found.used &&
          found.tenant === tenantId &&
          found.redirectUri === body.RedirectUri &&
          Date.now() - found.issuedAt < CODE_VALIDITY_MS;
        if (!valid || challengeOf(String(body.Verifier)) !== found.challenge) return legacyError(401, "PSOF0103");
        found.used = true;
        const token = base64url(randomBytes(24));
        state().agency.tokens.set(token, { tenant: tenantId, login: found.login });
        return HttpResponse.json({ Token: token, Nonce: found.nonce });
      }),
    ),
    http.get(
      "*/api/v1/token/verifyAgenturToken",
      legacy(({ request, tenantId }) => {
        const session = state().agency.tokens.get(new URL(request.url).searchParams.get("t") ?? "");
        const user =
          session?.tenant === tenantId ? state().tenants[tenantId].agencyUsers.find((item) => item.login === session.login) : undefined;
        return HttpResponse.json(
          user
            ? { Gueltig: true, Rollen: [user.role], Name: user.name, Email: user.login, Agentennummer: user.agentNumber }
            : { Gueltig: false, Rollen: [] },
        );
      }),
    ),
  ];
}
