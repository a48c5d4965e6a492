import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { TFunction } from "i18next";
import { TooManyRequestsError, UpstreamError } from "#bff/core/errors";

export type RepliableSubmission = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
};

/**
 * An upstream failure after a valid submission: the form comes back with the friendly message
 * and every value kept (502; 429 with Retry-After for a target with too many tries). Anything that
 * is not an upstream failure is passed on.
 */
export function upstreamFailureReply(
  error: unknown,
  submission: RepliableSubmission,
  t: TFunction,
  { hideFields }: { hideFields?: string[] } = {},
) {
  if (!(error instanceof UpstreamError)) throw error;
  const reply = submission.reply({ formErrors: [t(`errors:${error.messageKey}`)], hideFields });
  if (error instanceof TooManyRequestsError)
    return data(reply, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
  return data(reply, { status: 502 });
}
