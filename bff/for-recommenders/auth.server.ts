// Recommender login: the legacy login's reply as the session's user, and the cookies a login sets.
// One call, checked by the login form's schema first: no authentication library (decision 052).
import { login } from "../account/account.server";
import type { LoginReply } from "../account/replies";
import { UpstreamError } from "../legacy/errors";
import type { LegacyApi } from "../legacy/legacy-client.server";
import { detectLocale, isLocale } from "../platform/locale.server";
import type { Bff } from "../portal/services.server";
import type { CookieScope, SessionUser } from "../session/cookies.server";
import type { Account } from "../state/logged-out-sessions.server";

export function toSessionUser(reply: LoginReply): SessionUser {
  return {
    token: reply.Token,
    vorname: reply.Vorname,
    nachname: reply.Nachname,
    email: reply.Email,
    empfehlerHash: reply.Empfehlerhash,
    newsletterPermission: reply.NewsletterOptinGegeben,
    newsletterOptinSentAt: reply.NewsletterOptinVersendetAm ?? null,
    language: reply.Language ?? null,
  };
}

type Credentials = { email: string; password: string };

/** The legacy login decides; its errors pass through (a wrong password is a LegacyApiError). */
export async function logIn(api: LegacyApi, credentials: Credentials): Promise<SessionUser> {
  return toSessionUser(await login(api, credentials));
}

/** The backend's answers to a wrong address or password: counted against the account, and worded alike. */
const REFUSED_LOGINS = new Set(["wrongCredentials", "emailNotRegistered"]);

export function isRefusedLogin(error: unknown): boolean {
  return error instanceof UpstreamError && REFUSED_LOGINS.has(error.messageKey);
}

/**
 * The legacy login decides, within the account's budget of tries (decision 054): a try is reserved
 * before the backend is asked, in this browser's own budget where the account logged in on it
 * before; a refused password keeps its try, any other answer gives it back. Errors pass through (a
 * wrong password is a LegacyApiError, a used-up budget a TooManyRequestsError).
 */
export async function logInWithinBudget(request: Request, bff: Bff, api: LegacyApi, credentials: Credentials): Promise<SessionUser> {
  const reserved = await bff.rateLimits.reserveLogin(credentials.email, bff.choices.trustedDeviceFor(request, credentials.email));
  try {
    const user = await logIn(api, credentials);
    await reserved.giveBack();
    return user;
  } catch (error) {
    if (!isRefusedLogin(error)) await reserved.giveBack();
    throw error;
  }
}

/** A fresh cookie value on every login; session-only when 'remember me' is off. */
type SessionOptions = { remember: boolean; issuedAt?: number };

/**
 * A new session's cookie. It counts from the next second (or `issuedAt`): an account whose password changed
 * in this second ends the sessions issued until its end, and a login just after the change must not be one.
 */
export function sessionCookieFor(request: CookieScope, bff: Bff, user: SessionUser, { remember, issuedAt }: SessionOptions) {
  return bff.cookies.user.write(request, user, { persistent: remember, issuedAt: issuedAt ?? Math.floor(Date.now() / 1000) + 1 });
}

/**
 * Every session of the account issued until now ends, on every instance (a password changed or reset, the
 * account deleted), those of this very second too; the second from which sessions count again, at which
 * the asking browser's own session is issued anew.
 */
export async function endAccountSessions(bff: Bff, account: Account) {
  const validFrom = Math.floor(Date.now() / 1000) + 1;
  await bff.loggedOutSessions.endAccountSessionsBefore(account, validFrom);
  return validFrom;
}

/**
 * The cookies a login sets: the session; this browser trusted for the account (decision 054); and the
 * account's saved language where the visitor has not chosen one on this browser (a choice made before
 * logging in stays). When that changes the page's language, the next page is loaded whole, so that
 * its texts and its `lang` agree.
 */
export async function loginHeaders(request: Request, bff: Bff, user: SessionUser, options: SessionOptions) {
  const headers = new Headers({ "Set-Cookie": sessionCookieFor(request, bff, user, options) });
  headers.append("Set-Cookie", bff.choices.trustDevice(request, user.email));
  if (!isLocale(user.language) || bff.choices.locale.read(request)) return headers;
  headers.append("Set-Cookie", bff.choices.locale.write(request, user.language));
  if (user.language !== (await detectLocale(request, null))) headers.set("X-Remix-Reload-Document", "true");
  return headers;
}
