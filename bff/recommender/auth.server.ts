// Recommender login: the legacy login's reply as the session's user, and the cookies a login sets.
// One call, checked by the login form's schema first: no authentication library (decision 052).
import type { CookieScope, SessionUser } from "../core/cookies.server";
import type { LegacyApi } from "../core/legacy-client.server";
import { chosenLocale, detectLocale, isLocale, localeCookie } from "../core/locale.server";
import type { Bff } from "../core/services.server";
import { login } from "./account.server";
import type { LoginReply } from "./replies";

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

/** The legacy login decides; its errors pass through (a wrong password is a LegacyApiError). */
export async function logIn(api: LegacyApi, credentials: { email: string; password: string }): Promise<SessionUser> {
  return toSessionUser(await login(api, credentials));
}

/** A fresh cookie value on every login; session-only when 'remember me' is off. */
export function sessionCookieFor(request: CookieScope, bff: Bff, user: SessionUser, { remember }: { remember: boolean }) {
  return bff.cookies.user.write(request, user, { persistent: remember });
}

/**
 * The cookies a login sets: the session, and the account's saved language where the visitor has not
 * chosen one on this browser (a choice made before logging in stays). When that changes the page's
 * language, the next page is loaded whole, so that its texts and its `lang` agree.
 */
export async function loginHeaders(request: Request, bff: Bff, user: SessionUser, { remember }: { remember: boolean }) {
  const headers = new Headers({ "Set-Cookie": sessionCookieFor(request, bff, user, { remember }) });
  if (!isLocale(user.language) || (await chosenLocale(request))) return headers;
  headers.append("Set-Cookie", await localeCookie.serialize(user.language));
  if (user.language !== (await detectLocale(request))) headers.set("X-Remix-Reload-Document", "true");
  return headers;
}
