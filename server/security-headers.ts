// Security headers of every response: a CSP with a fresh nonce, frame-ancestors from the
// tenant's allowed parent origins, HSTS in production, and the usual hardening headers.
import type { RequestHandler } from "express";
import { randomBytes } from "../bff/platform/random-bytes.server";

type PolicyOptions = { nonce: string; parentOrigins: string[]; analyticsOrigin?: string; signOnOrigin?: string | null };

export function contentSecurityPolicy({ nonce, parentOrigins, analyticsOrigin, signOnOrigin }: PolicyOptions) {
  const analytics = analyticsOrigin ? ` ${analyticsOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "object-src 'none'",
    "base-uri 'none'",
    // The tenant's brand colour is one inline rule in the page's head (no stylesheet request of its own).
    `style-src 'self' 'nonce-${nonce}'`,
    // The CMS's pictures come through the portal (/cmsbild): no other host serves a picture.
    `img-src 'self' data:${analytics}`,
    "font-src 'self'",
    `connect-src 'self'${analytics}`,
    // The agency sign-on form's answer redirects to the identity provider, which form-action covers too.
    `form-action 'self'${signOnOrigin ? ` ${signOnOrigin}` : ""}`,
    `frame-ancestors ${parentOrigins.length > 0 ? parentOrigins.join(" ") : "'none'"}`,
  ].join("; ");
}

export function securityHeaders({
  isProduction,
  parentOriginsFor,
  signOnOriginFor = () => null,
  analyticsOrigin,
}: {
  isProduction: boolean;
  parentOriginsFor: (hostname: string) => string[];
  signOnOriginFor?: (hostname: string) => string | null;
  analyticsOrigin?: string;
}): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    // A request without a Host (HTTP/1.0) has no hostname; server/hosts.ts refuses it next.
    const hostname = req.hostname ?? "";
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy({
        nonce,
        parentOrigins: parentOriginsFor(hostname),
        signOnOrigin: signOnOriginFor(hostname),
        analyticsOrigin,
      }),
    );
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (isProduction) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
