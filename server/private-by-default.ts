// Everything the portal renders is private to the browser that asked: every document carries that
// browser's form token, and many carry its session's or token's data; a `.data` reply (what the
// browser loads on a client-side navigation), a redirect or a file such as the QR code no less.
// So every reply of the Remix handler says `private, no-store` and `Vary: Cookie`, unless its
// route declares its own caching: `public`, or `private, max-age=N` (a tenant's pictures, the same for
// everyone of that tenant, kept by the browser and by no shared cache: decision 070).
import type { RequestHandler } from "express";
import onHeaders from "on-headers";

export const PRIVATE = "private, no-store";
/** Kept by the browser for a while, never by a shared cache. */
const BROWSER_ONLY = /^private, max-age=\d+$/i;

function varyOnCookie(vary: string | undefined) {
  const names = (vary ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.some((name) => name.toLowerCase() === "cookie" || name === "*") ? names.join(", ") : [...names, "Cookie"].join(", ");
}

export function privateByDefault(): RequestHandler {
  return (_req, res, next) => {
    onHeaders(res, () => {
      const declared = String(res.getHeader("Cache-Control") ?? "");
      if (/\bpublic\b/i.test(declared) || BROWSER_ONLY.test(declared)) return;
      res.setHeader("Cache-Control", PRIVATE);
      res.setHeader("Vary", varyOnCookie(res.getHeader("Vary")?.toString()));
    });
    next();
  };
}
