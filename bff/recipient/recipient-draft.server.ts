// The recipient's draft: what they gave on the data page, sealed in a cookie of its own until consent.
import { z } from "zod";
import { type CookieSettings, createSealedCookie, HOUR } from "../session/cookies.server";
import { recipientDataShape } from "./replies";

/**
 * What a recipient gave on the data page of a tenant that asks for consent on its own step: kept
 * here, sealed, until they consent, so that Back can still correct it; the backend gets it only
 * with the consent (docs/decisions/048).
 */
export const recipientDraftSchema = z.object({
  empfehlungsnummer: z.string(),
  data: recipientDataShape,
  /** The channel and campaign of the data page's address, for the create call. */
  channel: z.string().optional(),
  campaign: z.record(z.string(), z.string()),
  rewarded: z.boolean(),
  rewardCents: z.number().int().min(0),
  /** The data post's submission id: the create call at consent happens once for it. */
  submissionId: z.string().optional(),
  /** A message key the backend gave about the e-mail address at consent: the data page shows it next to the field. */
  emailProblem: z.string().optional(),
});
export type RecipientDraft = z.infer<typeof recipientDraftSchema>;

/** How long a draft lasts untouched: its pages say until when (WCAG 2.2.6, app/components/lapse-notice.tsx). */
const DRAFT_IDLE_HOURS = 2;

export function createRecipientDraftCookie(settings: CookieSettings) {
  const lifetime = { idleSeconds: DRAFT_IDLE_HOURS * HOUR, absoluteSeconds: 24 * HOUR };
  return createSealedCookie("rp_recipient_draft", recipientDraftSchema, { persistent: lifetime, sessionOnly: lifetime }, settings);
}
