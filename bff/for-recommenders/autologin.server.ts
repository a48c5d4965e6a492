// Autologin mode (IsAutologin): the tenant's own site logs the recommender in with an admin token
// link; the portal keeps that token and, when the session has ended, logs in with it again
// instead of asking for a password.
import { adminLogin } from "../account/account.server";
import { UpstreamError } from "../legacy/errors";
import type { RequestContext } from "../portal/request-context.server";
import type { Bff } from "../portal/services.server";
import type { SessionUser } from "../session/cookies.server";
import { sessionCookieFor, toSessionUser } from "./auth.server";

/**
 * The cookie to set when a logged-out visitor carries a stored admin token: a new session, or the
 * token dropped when the backend refuses it; null when there is nothing to do.
 */
export async function loginWithStoredToken(request: Request, bff: Bff, { api, config, user }: RequestContext): Promise<string | null> {
  if (!config.IsAutologin || user) return null;
  const stored = bff.cookies.autologin.read(request);
  if (!stored) return null;
  try {
    const session = toSessionUser(await adminLogin(api, stored.token));
    return sessionCookieFor(request, bff, session, { remember: false });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    bff.logger.info({ code: error.messageKey }, "stored autologin token refused");
    return bff.cookies.autologin.clear();
  }
}

/** The Set-Cookie that keeps an admin token for later, in autologin mode only. */
export function rememberAdminToken(request: Request, bff: Bff, config: RequestContext["config"], token: string) {
  return config.IsAutologin ? bff.cookies.autologin.write(request, { token }) : null;
}

/**
 * Whether a token link signs in at once: only where the browser itself opened it (typed, a bookmark, a
 * mail program: `Sec-Fetch-Site: none`; or one of the portal's own pages) and holds no session. A link
 * from another site, or over a session, waits for the person to confirm (app/routes/login_.bestaetigen.tsx):
 * no site can sign a browser into its own account (docs/security.md, token links).
 */
export function tokenLinkSignsInAtOnce(request: Request, user: SessionUser | null) {
  const site = request.headers.get("Sec-Fetch-Site");
  return !user && (site === "same-origin" || site === "none");
}

/** What a token link's sign-in sets: the session, and in autologin mode the token for later; the token's URL is sent nowhere. */
export function tokenLoginHeaders(request: Request, bff: Bff, config: RequestContext["config"], user: SessionUser, adminToken: string) {
  const headers = new Headers({
    "Set-Cookie": sessionCookieFor(request, bff, user, { remember: false }),
    "Referrer-Policy": "no-referrer",
  });
  const remembered = rememberAdminToken(request, bff, config, adminToken);
  if (remembered) headers.append("Set-Cookie", remembered);
  return headers;
}
