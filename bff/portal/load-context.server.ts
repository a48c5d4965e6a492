// What the server hands every loader and action of one request (Remix's load context): the BFF, and this
// request's context, built when a loader or action first asks for it and then shared by the others (the
// root's loader and the page's make one, not two).
import type { BackendCookieJar } from "../legacy/backend-cookies.server";
import { type ActionContext, actionContext, type RequestContext, requestContext } from "./request-context.server";
import type { Bff } from "./services.server";

type RequestFacts = {
  cspNonce: string;
  requestId: string;
  /** Who counts as one client for the budgets (server/rate-limit.ts, clientOf). */
  client?: string;
  /** A link-preview crawler verified as it publishes (server/verified-crawlers.ts): no budget of guesses. */
  verifiedCrawler?: boolean;
  /** The browser's backend cookies, where its tenant names some (server/backend-cookies.ts). */
  backendCookies?: BackendCookieJar;
  /** When the request's backend calls must all be done (epoch ms), from its arrival; else from now. */
  deadlineAt?: number;
};

export function createLoadContext(
  bff: Bff,
  {
    cspNonce,
    requestId,
    client = "unknown",
    verifiedCrawler = false,
    backendCookies,
    deadlineAt = Date.now() + bff.config.pageDeadlineMs,
  }: RequestFacts,
) {
  // One deadline for all of the request's backend calls together (PAGE_DEADLINE_MS).
  let forPages: Promise<RequestContext> | undefined;
  let forAction: Promise<ActionContext> | undefined;
  return {
    bff,
    cspNonce,
    requestId,
    /** When the request's backend calls must all be done (epoch ms): an error page waits no longer either. */
    deadlineAt,
    /** The tenant, its configuration, the language, the user and the API bound to this request's tokens. */
    requestContext: (request: Request) => (forPages ??= requestContext(request, bff, { deadlineAt, cookieJar: backendCookies })),
    /** The same for an action, with its form read (once: a body is read once) and checked (honeypot, form token). */
    actionContext: (request: Request) => (forAction ??= actionContext(request, bff, { deadlineAt, cookieJar: backendCookies })),
    /**
     * Lookups of what a link carries, within this client's budget of guesses (docs/security.md): a
     * recommendation number, a token. Past the budget they throw TooManyRequestsError (the 429 page).
     */
    linkLookups: {
      number: <T>(number: string, lookup: () => Promise<T>) =>
        verifiedCrawler ? lookup() : bff.rateLimits.lookUpNumber(client, number, lookup),
      token: <T>(lookup: () => Promise<T>) => (verifiedCrawler ? lookup() : bff.rateLimits.lookUpToken(client, lookup)),
    },
  };
}

export type LoadContext = ReturnType<typeof createLoadContext>;
