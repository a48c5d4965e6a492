// Embedding: inside a frame the portal shows without its chrome and
// keeps the `widget` parameter on every page; the sample parent page shows how a tenant's site
// frames it and listens to its messages.
import { extname } from "node:path";
import type { RequestHandler } from "express";
import type { TenantConfig } from "../bff/legacy/contract";
import type { Config } from "../bff/platform/config.server";
import { safeRedirect } from "../bff/platform/redirect";
import type { Bff } from "../bff/portal/services.server";
import { tenantConfigInTime } from "./request-deadline";

/** A page opened inside a frame without `?widget` gets it: the parameter travels with every navigation. */
export function carryWidgetParameter(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" || req.get("sec-fetch-dest") !== "iframe" || "widget" in req.query) return next();
    const url = new URL(req.originalUrl, "http://portal.invalid");
    url.searchParams.set("widget", "1");
    // Like every target taken from a request: through the one helper (`/.//evil.example` stays here).
    res.redirect(302, safeRedirect(`${url.pathname}${url.search}`, "/?widget=1"));
  };
}

/** Where a frame tenant's portal lives: its site's recommend page; null when that is the portal's own host. */
export function parentPageOf(config: Pick<TenantConfig, "ModuleIntegratedFrame" | "MandantUrl" | "EmpfehlenPath">, portalHost: string) {
  if (!config.ModuleIntegratedFrame || !URL.canParse(config.EmpfehlenPath, config.MandantUrl)) return null;
  const parent = new URL(config.EmpfehlenPath, config.MandantUrl);
  return parent.hostname === portalHost ? null : parent;
}

/**
 * A frame tenant's page opened in a tab of its own goes to the tenant's page that
 * frames the portal, with the route in the hash for that page to open in its frame. Only browsers
 * that say where a page is shown (Sec-Fetch-Dest) are sent; files and the tools under /__ stay.
 */
export function sendTopLevelVisitsToParent(bff: Bff): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" || req.get("sec-fetch-dest") !== "document" || extname(req.path) || req.path.startsWith("/__")) return next();
    tenantConfigInTime(bff, req, res)
      .then((config) => {
        const parent = parentPageOf(config, req.hostname);
        if (!parent) return next();
        parent.hash = req.originalUrl;
        res.set("Cache-Control", "no-store").redirect(302, parent.href);
      })
      // Without the tenant's configuration the page fails anyway, with its own friendly error.
      .catch(() => next());
  };
}

const SAMPLE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; frame-src http: https:; img-src 'self' data:";

/**
 * A tenant's page framing the portal: the portal of the tenant whose configured parents include this
 * host (TENANTS_FILE `parentOrigins`). Served with its own CSP: it is the parent site, not the portal.
 */
export function sampleParentPage(config: Pick<Config, "tenantsByHost">): RequestHandler {
  return (req, res) => {
    const framed = [...config.tenantsByHost.values()].find((entry) => entry.parentOrigins.includes(`${req.protocol}://${req.get("host")}`));
    if (!framed?.origin) return void res.status(404).end();
    const portal = `${framed.origin}/?widget=1`;
    res.set({ "Content-Security-Policy": SAMPLE_CSP, "Cache-Control": "no-store" }).type("html").send(`<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Beispiel: das Empfehlungsportal eingebettet</title>
<link rel="stylesheet" href="/einbettung.css"></head>
<body>
<h1>Beispielseite eines Mandanten</h1>
<p>Diese Seite bettet das Portal ein und zeigt seine Nachrichten: <span>zuletzt geöffnet:</span> <output id="portal-path">–</output>, <span>Höhe:</span> <output id="portal-height">–</output>, <span>nach oben gescrollt:</span> <output id="portal-scrolls">0</output></p>
<iframe id="portal" title="Empfehlungsportal" src="${portal}" data-origin="${new URL(portal).origin}"></iframe>
<script src="/einbettung.js"></script>
</body>
</html>`);
  };
}
