// A recipient, reward or mailed-link token that arrives in a link (`?token=…`) is moved into its sealed cookie,
// and the browser goes to the same page without it: the token never stays in the address bar,
// the history or a Referer header.
import type { RequestHandler } from "express";
import { type CookieScope, scopeOfHost } from "../bff/core/cookies.server";
import type { Bff } from "../bff/core/services.server";

const REWARD_PAGES = /^\/(praemie(\/\d+)?|kundennummer|empfehler\/bankdaten)\/?$/;
const RECIPIENT_PAGES = /^\/(bankdaten|empfaengerbestaetigung|empfaenger\/zustimmung)\/?$/;
/** Pages opened from the backend's mails: completing a registration, resetting a password, the newsletter. */
const MAIL_LINK_PAGES = /^\/(registrieren|passwortsetzen|empfehler\/newsletter\/opt(in|out))\/?$/;
const TOKEN = /^[\w.~-]{8,512}$/;

export function tokenLinks(bff: Bff): RequestHandler {
  return (req, res, next) => {
    const token = req.query.token;
    if (req.method !== "GET" || typeof token !== "string") return next();
    const setCookie = tokenCookieFor(bff, scopeOfHost(req.hostname), req.path, token);
    if (setCookie === undefined) return next();
    if (setCookie) res.append("Set-Cookie", setCookie);
    const url = new URL(req.originalUrl, "http://portal.invalid");
    url.searchParams.delete("token");
    res.set({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" }).redirect(303, `${url.pathname}${url.search}`);
  };
}

/** The Set-Cookie that keeps a link's token for this page; null for a malformed token, undefined for other pages. */
function tokenCookieFor(bff: Bff, scope: CookieScope, path: string, token: string): string | null | undefined {
  const page = path.replace(/\/$/, "");
  const write = REWARD_PAGES.test(path)
    ? () => bff.cookies.reward.write(scope, { token }, { persistent: false })
    : RECIPIENT_PAGES.test(path)
      ? () => bff.cookies.recipient.write(scope, { token }, { persistent: false })
      : MAIL_LINK_PAGES.test(path)
        ? () => bff.cookies.link.write(scope, { token, page }, { persistent: false })
        : null;
  if (!write) return undefined;
  return TOKEN.test(token) ? write() : null;
}
