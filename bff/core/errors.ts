// Upstream failures as one family of errors, each carrying the key of the message a user sees.
import type { UserMessageKey } from "./legacy-error-codes";

const KINDS = Symbol.for("referral-portal.error-kinds");

/**
 * The server and the Remix build each load bff/ (one copy bundled, one not), so an error made
 * by one copy fails `instanceof` against the other's class. These errors carry the names of
 * their class chain and `instanceof` compares those names instead of class identity.
 */
export class PortalError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    const kinds = typeof value === "object" && value !== null ? (value as { [KINDS]?: string[] })[KINDS] : undefined;
    return kinds?.includes(this.name) ?? false;
  }

  readonly [KINDS]: string[] = [];

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
    for (let type: { name: string } = new.target; type !== Error; type = Object.getPrototypeOf(type)) this[KINDS].push(type.name);
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

/** What the error boundary gets from a page whose loader failed upstream (server/loader-failures.ts). */
export type UpstreamFailure = { messageKey: UserMessageKey; requestId?: string };

/** The legacy API answered with an error status (and usually a legacy error code). */
export class LegacyApiError extends UpstreamError {
  constructor(
    readonly call: string,
    readonly upstreamStatus: number,
    readonly code: string | undefined,
    messageKey: UserMessageKey,
  ) {
    super(`${call} answered ${upstreamStatus}${code ? ` ${code}` : ""}`, messageKey, upstreamStatus >= 500 ? 502 : upstreamStatus);
  }
}

/** The backend could not be reached in time (connection refused, timeout, open circuit). */
export class UpstreamUnavailableError extends UpstreamError {
  constructor(
    readonly call: string,
    reason: string,
  ) {
    super(`${call} unavailable: ${reason}`, "network", 503);
  }
}

/**
 * A post refused before it reaches the backend because its target (an e-mail address, an offline
 * code) had too many tries (server/rate-limit.ts): the form comes back with the message, 429.
 */
export class TooManyRequestsError extends UpstreamError {
  constructor(
    messageKey: "tooManyForAddress" | "tooManyForCode",
    readonly retryAfterSeconds: number,
  ) {
    super(`too many requests: ${messageKey}`, messageKey, 429);
  }
}

/** A reply that does not fit the contract schema. */
export class UpstreamContractError extends UpstreamError {
  constructor(
    readonly call: string,
    readonly path: string,
  ) {
    super(`${call} broke the contract at ${path}`, "technical", 502);
  }
}

/** The content service is unreachable: the page renders without the block. */
export class ContentUnavailableError extends PortalError {
  constructor(readonly path: string) {
    super("Inhalt nicht verfügbar");
  }
}

export class TenantConfigError extends UpstreamError {
  constructor(message: string) {
    super(message, "technical", 500);
  }
}

export const unknownProductApiMessage = "Keine/Unbekannte Produkt-API in Mandantenkonfiguration definiert";
