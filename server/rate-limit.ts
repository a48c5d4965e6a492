// Brute-force limits per client IP (SECURITY.md, abuse): login, offline-code entry, the password
// forms, the forms that make the backend send mail and the captcha-checked forms get a
// fixed budget of posts per window; the next one gets 429 with a clear message. The IP is
// Express's `req.ip`, which trusts only the configured proxy hops (TRUST_PROXY), so a spoofed
// X-Forwarded-For does not reset the count. Counts live per instance.
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { tooManyRequestsPage } from "./plain-pages";

type Limit = { path: RegExp; max: number; windowMs: number };

const LIMITED_FORMS = [
  /^\/login\/?$/,
  /^\/code\/?$/,
  /^\/registrieren\/?$/,
  /^\/passwortvergessen\/?$/,
  /^\/passwortsetzen\/?$/,
  /^\/passwortaendern\/?$/,
  /^\/empfehlen\/\d+\/?$/,
  /^\/agent\/empfehlen\/\d+\/?$/,
  /^\/kontakt\/?$/,
  /^\/mitarbeiterempfehlen\/?$/,
  /^\/agentur\/recommend-employees\/?$/,
];

/** Each limited form: `perMinute` posts per client IP and minute, counted per form. */
export function portalLimits(perMinute: number): Limit[] {
  return LIMITED_FORMS.map((path) => ({ path, max: perMinute, windowMs: 60_000 }));
}

export function rateLimits(limits: Limit[]): RequestHandler {
  const counters = new LRUCache<string, { count: number; resetAt: number }>({ max: 50_000 });
  return (req, res, next) => {
    if (req.method !== "POST") return next();
    const limit = limits.find((candidate) => candidate.path.test(req.path));
    if (!limit) return next();
    const key = `${limit.path.source}|${req.ip}`;
    const now = Date.now();
    const counter = counters.get(key);
    const current = counter && counter.resetAt > now ? counter : { count: 0, resetAt: now + limit.windowMs };
    current.count += 1;
    counters.set(key, current);
    if (current.count <= limit.max) return next();
    const retryAfter = Math.ceil((current.resetAt - now) / 1000);
    res.status(429).set("Retry-After", String(retryAfter)).type("html").send(tooManyRequestsPage(req.acceptsLanguages("de", "en") === "en" ? "en" : "de"));
  };
}
