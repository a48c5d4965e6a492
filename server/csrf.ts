// Cross-site request forgery: every non-GET request must come from this portal's own pages.
// Sec-Fetch-Site decides when the browser sends it; otherwise Origin (or Referer) must match.
import type { Request, RequestHandler } from "express";
import { sendPlainPage } from "./plain-pages";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | undefined) {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return "invalid";
  }
}

export function isSameOriginRequest(req: Pick<Request, "protocol" | "headers" | "get">): boolean {
  const fetchSite = req.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";
  const ownOrigin = `${req.protocol}://${req.get("host")}`;
  const claimed = originOf(req.get("origin")) ?? originOf(req.get("referer"));
  return claimed === ownOrigin;
}

export function csrfProtection(): RequestHandler {
  return (req, res, next) => {
    res.vary("Sec-Fetch-Site");
    res.vary("Origin");
    if (SAFE_METHODS.has(req.method) || isSameOriginRequest(req)) return next();
    sendPlainPage(req, res, 403, "forbidden");
  };
}
