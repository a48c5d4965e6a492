// Brute-force limits per client IP (docs/security.md, abuse): the forms for logging in, codes, passwords,
// mails and captchas get a budget of posts per client and minute; the next one gets 429 with a clear
// page and Retry-After. A post counts against the route that answers it, however its address is
// spelled (server/route-of-request.ts); every post that a captcha guards also counts against one
// budget shared by those forms. The IP is Express's `req.ip`, which trusts only the configured
// proxy hops (TRUST_PROXY), so a spoofed X-Forwarded-For does not reset the count.
import type { RequestHandler } from "express";
import type { RateLimits } from "../bff/state/rate-limits.server";
import { asyncHandler } from "./async-handler";
import { sendPlainPage } from "./plain-pages";

const CAPTCHA_CHECKS = "captcha";

/** Each limited route (by its id in the Remix build) and the budgets a post to it counts against. */
export const LIMITED_ROUTES: Record<string, string[]> = {
  "routes/login": ["login"],
  "routes/code": ["code"],
  "routes/registrieren": ["registrieren"],
  "routes/passwortvergessen": ["passwortvergessen"],
  "routes/passwortsetzen": ["passwortsetzen"],
  "routes/passwortaendern": ["passwortaendern"],
  "routes/empfehlen.$produktId": ["empfehlen", CAPTCHA_CHECKS],
  "routes/agent.empfehlen.$produktId": ["agent-empfehlen", CAPTCHA_CHECKS],
  "routes/kontakt": ["kontakt", CAPTCHA_CHECKS],
  "routes/mitarbeiterempfehlen": ["mitarbeiterempfehlen", CAPTCHA_CHECKS],
  "routes/agentur.recommend-employees": ["recommend-employees", CAPTCHA_CHECKS],
};

/** Routes that act on a read: the admin token login (`GET /login/{token}`), where a guess costs a request. */
export const LIMITED_READS: Record<string, string[]> = {
  "routes/login_.$adminLoginToken": ["admin-login"],
};

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Who counts as one client: an IPv4 address, or an IPv6 address's /64 network (one household or
 * server is handed a whole /64, so counting single IPv6 addresses would give it billions of budgets).
 */
export function clientOf(ip: string | undefined): string {
  if (!ip) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(":")) return ip;
  const [head, tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

type Options = {
  limits: RateLimits;
  limitedRoutes?: Record<string, string[]>;
  limitedReads?: Record<string, string[]>;
};

/** Needs the route named first (server/route-of-request.ts, `nameRoute`). */
export function rateLimits({ limits, limitedRoutes = LIMITED_ROUTES, limitedReads = LIMITED_READS }: Options): RequestHandler {
  return asyncHandler(async (req, res, next) => {
    const route: string = res.locals.route ?? "";
    const budgets = READS.has(req.method) ? limitedReads[route] : limitedRoutes[route];
    if (!budgets) return next();
    const outcomes = await Promise.all(budgets.map((budget) => limits.client(budget, clientOf(req.ip))));
    const refused = outcomes.filter((outcome) => !outcome.allowed);
    if (refused.length === 0) return next();
    const retryAfter = Math.max(...refused.map((outcome) => outcome.retryAfterSeconds));
    res.set("Retry-After", String(retryAfter));
    sendPlainPage(req, res, 429, "tooManyRequests");
  });
}
