// A session cookie whose session was logged out (a copy taken before the logout, on any instance
// when Redis is shared), or issued before its account's password changed, is taken off the request
// before anything reads it, and expired in the browser.
// One that cannot be checked now (Redis away, the session older than the outage) is taken off this
// request only: the visitor is signed out for now, and signed in again once Redis answers (decision 076).
import type { RequestHandler } from "express";
import type { Bff } from "../bff/portal/services.server";
import { scopeOfHost } from "../bff/session/cookies.server";
import { asyncHandler } from "./async-handler";

/** The logouts: never refused, so that a session Redis cannot check now is still logged out, on every instance once Redis answers. */
const LOGOUTS = new Set(["/logout", "/agentur/abmelden"]);

export function refuseLoggedOutSessions(bff: Bff): RequestHandler {
  const sessionCookies = [bff.cookies.user, bff.cookies.agency];
  return asyncHandler(async (req, res, next) => {
    const header = req.headers.cookie;
    if (!header || (req.method === "POST" && LOGOUTS.has(req.path))) return next();
    const request = { ...scopeOfHost(req.hostname), headers: new Headers({ cookie: header }) };
    const { tenant } = bff.tenants.resolve(req.hostname);
    for (const cookie of sessionCookies) {
      const session = cookie.readIssued(request);
      if (!session) continue;
      // A person's session also ends with its account's other sessions (a password changed, the account deleted).
      const account = cookie === bff.cookies.user ? { tenant, email: session.data.email } : undefined;
      const state = await bff.loggedOutSessions.stateOf(session.data.token, session.issuedAt, account);
      if (state === "open") continue;
      req.headers.cookie = withoutCookie(req.headers.cookie ?? "", cookie.name);
      if (state === "logged-out") res.append("Set-Cookie", cookie.clear());
    }
    next();
  });
}

function withoutCookie(header: string, name: string) {
  return header
    .split(";")
    .filter((pair) => pair.trim().split("=")[0] !== name)
    .join(";");
}
