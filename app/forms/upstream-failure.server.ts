import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { TFunction } from "i18next";
import { TooManyRequestsError, UpstreamError } from "#bff/core/errors";
import { fieldOfMessage } from "#bff/core/legacy-error-codes";

export type RepliableSubmission = {
  /** What the form sent, by field name. */
  payload: Record<string, unknown>;
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
};

type ReplyOptions = { hideFields?: string[]; headers?: HeadersInit };

/**
 * A failed call after a valid submission, with every value kept: the backend's message next to its
 * field where the form has that field (400, the one table: fieldOfMessage), else above the form
 * (502; 429 with Retry-After for a target with too many tries). Anything that is not an upstream
 * failure is passed on.
 */
export function upstreamFailureReply(
  error: unknown,
  submission: RepliableSubmission,
  t: TFunction,
  { hideFields, headers }: ReplyOptions = {},
) {
  if (!(error instanceof UpstreamError)) throw error;
  const message = [t(`errors:${error.messageKey}`)];
  const field = fieldOfMessage[error.messageKey as keyof typeof fieldOfMessage];
  if (field && field in submission.payload)
    return data(submission.reply({ fieldErrors: { [field]: message }, hideFields }), { status: 400, headers });
  const reply = submission.reply({ formErrors: message, hideFields });
  if (!(error instanceof TooManyRequestsError)) return data(reply, { status: 502, headers });
  const limited = new Headers(headers);
  limited.set("Retry-After", String(error.retryAfterSeconds));
  return data(reply, { status: 429, headers: limited });
}
