// Upstream failures as one family of errors, each carrying the key of the message a user sees.
import type { UserMessageKey } from "./legacy-error-codes";

export class PortalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export class UpstreamError extends PortalError {
  constructor(
    message: string,
    readonly messageKey: UserMessageKey,
    readonly status = 502,
  ) {
    super(message);
  }
}

/** A tenant's look as the error page shows it where the tenant cannot be served: its name and its theme. */
export type TenantLook = { id: string; name: string; theme: string };

/** What the error boundary gets from a page whose loader failed upstream (server/route-failures.ts). */
export type UpstreamFailure = { messageKey: UserMessageKey; requestId?: string; look?: TenantLook };

/** The legacy API answered with an error status (and usually a legacy error code). */
export class LegacyApiError extends UpstreamError {
  constructor(
    readonly call: string,
    readonly upstreamStatus: number,
    readonly code: string | undefined,
    messageKey: UserMessageKey,
    /** Where the backend ended the session (PSOF0204) of a form's post: the Set-Cookie values that end it in the browser too. */
    readonly sessionEndCookies: readonly string[] = [],
  ) {
    super(`${call} answered ${upstreamStatus}${code ? ` ${code}` : ""}`, messageKey, upstreamStatus >= 500 ? 502 : upstreamStatus);
  }
}

/**
 * The backend refused (401) the link token a recipient or a reward pickup goes on with: the link has
 * ended, and the person gets the expired-link page of that journey, with what they can do next.
 */
export class LinkEndedError extends LegacyApiError {
  constructor(
    call: string,
    upstreamStatus: number,
    code: string | undefined,
    messageKey: UserMessageKey,
    readonly journey: "recipient" | "reward",
  ) {
    super(call, upstreamStatus, code, messageKey);
  }
}

/** A call the backend does not offer (404) reads as `fallback`; any other failure stays one. */
export function orWhereMissing<T>(read: Promise<T>, fallback: T): Promise<T> {
  return read.catch((error: unknown) => {
    if (error instanceof LegacyApiError && error.upstreamStatus === 404) return fallback;
    throw error;
  });
}

/** The backend could not be reached in time (connection refused, timeout, open circuit). */
export class UpstreamUnavailableError extends UpstreamError {
  constructor(
    readonly call: string,
    reason: string,
    messageKey: UserMessageKey = "network",
  ) {
    super(`${call} unavailable: ${reason}`, messageKey, 503);
  }
}

/** The backend began a reply and ended it early (a Content-Length longer than the body, a chunked reply that stops): answered, but unreadable. */
export class ReplyCutShortError extends UpstreamUnavailableError {}

/**
 * The backend said it is busy (429, or 503 with Retry-After): the person gets the tenant's "busy" page
 * or message, never a 429, and no call goes to that backend before its Retry-After has passed.
 */
export class BackendBusyError extends UpstreamUnavailableError {
  constructor(
    call: string,
    readonly retryAfterSeconds: number,
  ) {
    super(call, `the backend is busy: it asked to wait ${retryAfterSeconds} s (Retry-After)`, "backendBusy");
  }
}

/**
 * A post refused before it reaches the backend because its target (an e-mail address, an offline
 * code) had too many tries (server/rate-limit.ts): the form comes back with the message, 429.
 */
export class TooManyRequestsError extends UpstreamError {
  constructor(
    messageKey: "tooManyForAddress" | "tooManyForCode" | "tooManyForAccount" | "tooManyLookups",
    readonly retryAfterSeconds: number,
  ) {
    super(`too many requests: ${messageKey}`, messageKey, 429);
  }
}

/**
 * A reply that does not fit the contract schema: the call, its path, the field (or what of the body)
 * that did not fit, and each problem as an operator reads it.
 */
export class UpstreamContractError extends UpstreamError {
  constructor(
    readonly call: string,
    readonly path: string,
    readonly field = "",
    readonly problems: string[] = [],
  ) {
    super(`${call} broke the contract at ${path}${field ? `: ${field}` : ""}`, "technical", 502);
  }
}

/**
 * The backend ended the session (PSOF0204) while a page loaded: every token cookie ends, and the
 * visitor signs in again where they signed in, the recommender's login or the agency's sign-on.
 */
export class SessionEndedError extends PortalError {
  constructor(readonly area: "recommender" | "agency") {
    super(`session ended by the backend (${area})`);
  }
}

/** What the visitor asked for does not exist (the backend answered 404, or the address names nothing): the 404 page. */
export class NotFoundError extends PortalError {
  constructor(what: string) {
    super(`not found: ${what}`);
  }
}

/** The content service is unreachable: the page renders without the block. */
export class ContentUnavailableError extends PortalError {
  constructor(readonly path: string) {
    super("Inhalt nicht verfügbar");
  }
}

/**
 * The tenant's backend cannot give its configuration now (down, too slow, or a reply the portal
 * cannot read): every page of that tenant, and only of that tenant, is "temporarily unavailable" (503).
 */
export class TenantUnavailableError extends UpstreamError {
  constructor(
    readonly tenant: string,
    readonly cause: unknown,
  ) {
    super(`tenant ${tenant} unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, "tenantUnavailable", 503);
  }
}

export class TenantConfigError extends UpstreamError {
  constructor(message: string) {
    super(message, "technical", 500);
  }
}

export const unknownProductApiMessage = "Keine/Unbekannte Produkt-API in Mandantenkonfiguration definiert";
