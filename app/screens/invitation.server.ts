// Sending an invitation (PUT Einladung) from a validated form: the agency's invitation tool and
// 'refer a colleague' share it, with the backend's messages placed next to their fields.
import { redirect } from "@remix-run/node";
import type { TFunction } from "i18next";
import { type Invitation, sendInvitation } from "#bff/agency/agency.server";
import type { LegacyApi } from "#bff/legacy/legacy-client.server";
import type { Bff } from "#bff/portal/services.server";
import { type RepliableSubmission, upstreamFailureReply } from "~/forms/upstream-failure.server";

export const HIDDEN_INVITATION_FIELDS = ["captchaAnswer"];

type InvitationValue = Omit<Invitation, "captcha" | "art"> & {
  art?: string;
  submissionId?: string;
  captchaId?: string;
  captchaAnswer?: string;
};

/** Sends once per form (double submits write once) and redirects to `done(email)`. */
export async function submitInvitation(
  request: Request,
  bff: Bff,
  api: LegacyApi,
  t: TFunction,
  submission: RepliableSubmission,
  value: InvitationValue,
  { art, done }: { art?: string; done: (email: string) => string },
) {
  const { submissionId, captchaId, captchaAnswer, ...invitation } = value;
  const hideFields = HIDDEN_INVITATION_FIELDS;
  try {
    await bff.submissions.onceFromBrowser(request, { form: "invitation", id: submissionId }, async () => {
      await bff.rateLimits.mailTo(invitation.email);
      return sendInvitation(api, {
        ...invitation,
        art: art ?? invitation.art ?? "",
        captcha: captchaId ? { id: captchaId, answer: captchaAnswer ?? "" } : undefined,
      });
    });
  } catch (error) {
    return upstreamFailureReply(error, submission, t, { hideFields });
  }
  return redirect(done(invitation.email));
}
