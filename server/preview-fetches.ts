// A link-preview crawler, a HEAD or a prefetch gets what any visitor gets, but no cookie: no
// channel remembered, no form token, no session renewed (bff/platform/preview-clients.ts). Its
// listener is registered before every other, so it runs after them all, once every cookie is set.
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { isPreviewFetch } from "../bff/platform/preview-clients";

export function previewFetchesSetNoCookie(): RequestHandler {
  return (req, res, next) => {
    if (isPreviewFetch({ method: req.method, header: (name) => req.get(name) })) onHeaders(res, () => res.removeHeader("Set-Cookie"));
    next();
  };
}
