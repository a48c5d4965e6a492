// A session cookie whose session was logged out (a copy taken before the logout, on any instance
// when Redis is shared) is taken off the request before anything reads it, and expired in the browser.
import type { RequestHandler } from "express";
import type { Bff } from "../bff/portal/services.server";
import { scopeOfHost } from "../bff/session/cookies.server";
import { asyncHandler } from "./async-handler";

export function refuseLoggedOutSessions(bff: Bff): RequestHandler {
  const sessionCookies = [bff.cookies.user, bff.cookies.agency];
  return asyncHandler(async (req, res, next) => {
    const header = req.headers.cookie;
    if (!header) return next();
    const request = { ...scopeOfHost(req.hostname), headers: new Headers({ cookie: header }) };
    for (const cookie of sessionCookies) {
      const token = cookie.read(request)?.token;
      if (!token || !(await bff.loggedOutSessions.has(token))) continue;
      req.headers.cookie = withoutCookie(req.headers.cookie ?? "", cookie.name);
      res.append("Set-Cookie", cookie.clear());
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
