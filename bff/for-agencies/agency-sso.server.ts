// Agency single sign-on: authorization code with PKCE. The BFF makes the verifier, state
// and nonce (28 random bytes each), keeps them in a sealed cookie for ten minutes, checks the state
// on return, and lets the backend exchange the code (PUT agentur/sso {Code, Verifier, RedirectUri}).
// The cookie ends with the first return, so a replayed or forged return is refused. The exchange names
// the return address the sign-on began with, and the identity provider accepts only its registered
// return address, exactly: a code sent elsewhere cannot be exchanged (docs/decisions/010).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { exchangeAgencyCode, verifyAgencyToken } from "../agency/agency.server";
import { LegacyApiError } from "../legacy/errors";
import type { RequestContext } from "../portal/request-context.server";
import type { Bff } from "../portal/services.server";
import type { AgencySession } from "../session/cookies.server";
import type { ResolvedTenant } from "../tenant/tenant.server";

const randomValue = () => randomBytes(28).toString("hex");
const challengeOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

function sameValue(a: string, b: string) {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

type AgencySso = NonNullable<ResolvedTenant["agencySso"]>;

type SignOnTarget = {
  /** The portal's page the identity provider sends the browser back to, an absolute URL. */
  returnUrl: string;
  /** The portal's page the signed-on user goes to afterwards. */
  returnTo: string;
};

/** Where the browser goes to sign on, and the cookie that remembers this sign-on. */
export function startSignOn(bff: Bff, sso: AgencySso, { returnUrl, returnTo }: SignOnTarget) {
  const signOn = { verifier: randomValue(), state: randomValue(), nonce: randomValue(), returnTo, redirectUri: returnUrl };
  const url = new URL(sso.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: sso.clientId,
    redirect_uri: returnUrl,
    scope: "openid",
    state: signOn.state,
    nonce: signOn.nonce,
    code_challenge: challengeOf(signOn.verifier),
    code_challenge_method: "S256",
  }).toString();
  return { url: url.href, setCookie: bff.cookies.signOn.write({ url: returnUrl }, signOn, { persistent: false }) };
}

export type SignOnResult = { session: AgencySession; returnTo: string } | { refused: "state" | "code" | "token" };

/** The return from the identity provider: the state must be this browser's, then the code is exchanged. */
export async function completeSignOn(request: Request, bff: Bff, ctx: RequestContext): Promise<SignOnResult> {
  const signOn = bff.cookies.signOn.read(request);
  const params = new URL(request.url).searchParams;
  const code = params.get("code");
  if (!signOn || !code || !sameValue(params.get("state") ?? "", signOn.state)) return { refused: "state" };
  try {
    const { Token, Nonce } = await exchangeAgencyCode(ctx.api, { code, verifier: signOn.verifier, redirectUri: signOn.redirectUri });
    if (Nonce && !sameValue(Nonce, signOn.nonce)) return { refused: "code" };
    const check = await verifyAgencyToken(ctx.api, Token);
    if (!check.Gueltig) return { refused: "token" };
    const session = {
      token: Token,
      roles: check.Rollen,
      name: check.Name ?? "",
      email: check.Email ?? "",
      agentNumber: check.Agentennummer ?? "",
    };
    return { session, returnTo: signOn.returnTo };
  } catch (error) {
    if (error instanceof LegacyApiError && (error.upstreamStatus === 401 || error.upstreamStatus === 403)) return { refused: "code" };
    throw error;
  }
}
