// A tenant's backend cookies (its farm's affinity, TENANTS_FILE `backendCookies`) travel with the browser
// sealed in rp_backend: opened here for the request's backend calls, and sealed again on the reply where
// the backend set a new value. A reply that ends the cookie itself (a logout) keeps its ending.
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { createBackendCookieJar } from "../bff/legacy/backend-cookies.server";
import type { Bff } from "../bff/portal/services.server";
import { scopeOfHost } from "../bff/session/cookies.server";

export function backendCookies(bff: Bff): RequestHandler {
  const cookie = bff.cookies.backend;
  return (req, res, next) => {
    const { backendCookies: names } = bff.tenants.resolve(req.hostname);
    if (names.length === 0) return next();
    const scope = scopeOfHost(req.hostname);
    const jar = createBackendCookieJar(names, cookie.read({ ...scope, headers: new Headers({ cookie: req.get("cookie") ?? "" }) }) ?? {});
    res.locals.backendCookies = jar;
    onHeaders(res, () => {
      const setCookies = [res.getHeader("Set-Cookie") ?? []].flat().map(String);
      if (!jar.changed || setCookies.some((setCookie) => setCookie.startsWith(`${cookie.name}=`))) return;
      res.setHeader("Set-Cookie", [...setCookies, cookie.write(scope, jar.values())]);
    });
    next();
  };
}
