// A form post that met PSOF0204 keeps its form on screen with the message (the session
// ends); its response expires every token cookie, whether a page or a data request. No
// Clear-Site-Data here: it would also take the form token the shown form needs.
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { clearAllTokenCookies } from "../bff/core/cookies.server";
import type { Bff } from "../bff/core/services.server";

export function endSessionsTheBackendEnded(bff: Bff): RequestHandler {
  return (_req, res, next) => {
    onHeaders(res, () => {
      if (!bff.sessionsEndedByBackend.delete(res.locals.requestId as string)) return;
      for (const cookie of clearAllTokenCookies(bff.cookies)) res.append("Set-Cookie", cookie);
    });
    next();
  };
}
