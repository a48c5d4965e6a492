// Autologin mode (IsAutologin, spec 2.2 item 7): the tenant's own site logs the recommender in
// with an admin token link; the portal keeps that token and, when the session has ended, logs in
// with it again instead of asking for a password.
import { redirect } from "@remix-run/node";
import { UpstreamError } from "../core/errors";
import { isDisabledWithAutologin } from "../core/guards.server";
import { type RequestContext, requestContext as requestContextOf } from "../core/request-context.server";
import type { Bff } from "../core/services.server";
import { adminLogin } from "./account.server";
import { sessionCookieFor, toSessionUser } from "./auth.server";

/** A redirect back to the same page, logged in again or with the stale token dropped; null when there is nothing to do. */
export async function loginWithStoredToken(request: Request, bff: Bff, { api, config, user }: RequestContext): Promise<Response | null> {
  if (!config.IsAutologin || user) return null;
  const stored = bff.cookies.autologin.read(request);
  if (!stored) return null;
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  try {
    const session = toSessionUser(await adminLogin(api, stored.token));
    return redirect(here, { headers: { "Set-Cookie": sessionCookieFor(request, bff, session, { remember: false }) } });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    bff.logger.info({ code: error.messageKey }, "stored autologin token refused");
    return redirect(here, { headers: { "Set-Cookie": bff.cookies.autologin.clear() } });
  }
}

/** The Set-Cookie that keeps an admin token for later, in autologin mode only. */
export function rememberAdminToken(request: Request, bff: Bff, config: RequestContext["config"], token: string) {
  return config.IsAutologin ? bff.cookies.autologin.write(request, { token }) : null;
}

/** The e-mail-and-password actions do nothing in autologin mode (their pages show a notice instead). */
export async function refuseInAutologinMode(request: Request, bff: Bff) {
  const { config } = await requestContextOf(request, bff);
  if (isDisabledWithAutologin(config, new URL(request.url).pathname)) throw new Response(null, { status: 403 });
}
