// Inside a cross-site frame a browser sends no SameSite=Lax cookie: for tenants with the integrated
// frame, every cookie is SameSite=None; Secure; Partitioned (CHIPS), so the journey works in the
// frame and the cookie stays keyed to the parent site (docs/security.md). Their forms carry a
// synchronizer token instead (bff/portal/form-token.server.ts).
import type { RequestHandler, Response } from "express";
import type { Bff } from "../bff/portal/services.server";
import { tenantConfigInTime } from "./request-deadline";

export function forFrame(cookie: string) {
  const attributes = cookie.split(/;\s*/).filter((part) => !/^(samesite|secure|partitioned)(=|$)/i.test(part));
  return [...attributes, "SameSite=None", "Secure", "Partitioned"].join("; ");
}

function rewriteSetCookie(res: Response) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => {
    if (name.toLowerCase() !== "set-cookie") return setHeader(name, value);
    const cookies = (Array.isArray(value) ? value : [String(value)]).map(forFrame);
    return setHeader(name, cookies);
  };
}

export function frameCookies(bff: Bff): RequestHandler {
  return (req, res, next) => {
    tenantConfigInTime(bff, req, res)
      .then((config) => {
        if (config.ModuleIntegratedFrame) rewriteSetCookie(res);
        next();
      })
      // Without the tenant's configuration the page fails anyway, with its own friendly error.
      .catch(() => next());
  };
}
