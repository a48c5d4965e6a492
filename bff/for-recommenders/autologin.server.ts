// Autologin mode (IsAutologin): the tenant's own site logs the recommender in with an admin token
// link; the portal keeps that token and, when the session has ended, logs in with it again
// instead of asking for a password.
import { adminLogin } from "../account/account.server";
import { UpstreamError } from "../legacy/errors";
import type { RequestContext } from "../portal/request-context.server";
import type { Bff } from "../portal/services.server";
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
