import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { TFunction } from "i18next";
import { BackendBusyError, LegacyApiError, LinkEndedError, TooManyRequestsError, UpstreamError } from "#bff/legacy/errors";
import { fieldOfMessage } from "#bff/legacy/legacy-error-codes";

export type RepliableSubmission = {
  /** What the form sent, by field name. */
  payload: Record<string, unknown>;
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
};

type ReplyOptions = { hideFields?: string[]; headers?: HeadersInit };

/** The reply's headers, with the cookies that end the session where the backend ended it (PSOF0204). */
function withSessionEnd(error: UpstreamError, headers?: HeadersInit) {
  const all = new Headers(headers);
  if (error instanceof LegacyApiError) for (const cookie of error.sessionEndCookies) all.append("Set-Cookie", cookie);
  return all;
}

/** What a form's reply cannot mend: an ended link goes to its journey's expired page (app/route-failures.server.ts). */
function isFormFailure(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError && !(error instanceof LinkEndedError);
}

/**
 * A failed call after a valid submission, with every value kept: the backend's message next to its
 * field where the form has that field (400, the one table: fieldOfMessage), else above the form
 * (502; 429 with Retry-After for a target with too many tries, 503 with the backend's Retry-After where it is busy). Anything that is not an upstream
 * failure is passed on.
 */
export function upstreamFailureReply(error: unknown, submission: RepliableSubmission, t: TFunction, options: ReplyOptions = {}) {
  if (!isFormFailure(error)) throw error;
  const headers = withSessionEnd(error, options.headers);
  const message = [t(`errors:${error.messageKey}`)];
  const field = fieldOfMessage[error.messageKey];
  if (field && field in submission.payload)
    return data(submission.reply({ fieldErrors: { [field]: message }, hideFields: options.hideFields }), { status: 400, headers });
  const reply = submission.reply({ formErrors: message, hideFields: options.hideFields });
  if (error instanceof TooManyRequestsError || error instanceof BackendBusyError)
    headers.set("Retry-After", String(error.retryAfterSeconds));
  return data(reply, { status: error instanceof TooManyRequestsError ? 429 : error instanceof BackendBusyError ? 503 : 502, headers });
}

/** A failed call as a reply of the action's own shape (not a form's): its message, its status, and the end of the session where the backend ended it. */
export function failedCallReply<T>(error: unknown, t: TFunction, shape: (message: string) => T, status?: number) {
  if (!isFormFailure(error)) throw error;
  return data(shape(t(`errors:${error.messageKey}`)), { status: status ?? error.status, headers: withSessionEnd(error) });
}
