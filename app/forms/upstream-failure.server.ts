import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { TFunction } from "i18next";
import { UpstreamError } from "#bff/errors";

export type RepliableSubmission = { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]> };

/**
 * An upstream failure after a valid submission: the form comes back with the friendly message
 * and every value kept (502). Anything that is not an upstream failure is passed on.
 */
export function upstreamFailureReply(error: unknown, submission: RepliableSubmission, t: TFunction, { hideFields }: { hideFields?: string[] } = {}) {
  if (!(error instanceof UpstreamError)) throw error;
  return data(submission.reply({ formErrors: [t(`errors:${error.messageKey}`)], hideFields }), { status: 502 });
}
