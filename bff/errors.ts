// Upstream failures as one family of errors, each carrying the key of the message a user sees.
import type { UserMessageKey } from "./legacy-error-codes";

export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly messageKey: UserMessageKey,
    readonly status = 502,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

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
  constructor(readonly call: string, reason: string) {
    super(`${call} unavailable: ${reason}`, "network", 503);
  }
}

/** A reply that does not fit the contract schema. */
export class UpstreamContractError extends UpstreamError {
  constructor(readonly call: string, readonly path: string) {
    super(`${call} broke the contract at ${path}`, "technical", 502);
  }
}

/** The content service is unreachable: the page renders without the block. */
export class ContentUnavailableError extends Error {
  constructor(readonly path: string) {
    super("Inhalt nicht verfügbar");
    this.name = "ContentUnavailableError";
  }
}

export class TenantConfigError extends UpstreamError {
  constructor(message: string) {
    super(message, "technical", 500);
  }
}

export const unknownProductApiMessage = "Keine/Unbekannte Produkt-API in Mandantenkonfiguration definiert";
