// What the recipient's pages need, each declared in its own loader or action: the recipient token
// (the journey starts at /code without it), a recommendation still open to follow (else the
// expired page), and the page of each step of the journey.
import { type AppLoadContext, redirect } from "@remix-run/node";
import {
  followableRecommendation,
  followRecommendationLink,
  isRewarded,
  type RecipientStep,
  recipientSteps,
} from "#bff/for-recipients/recipient-flow.server";
import type { TenantConfig } from "#bff/legacy/contract";
import { isPreviewRequest } from "#bff/platform/preview-clients";
import type { Bff } from "#bff/portal/services.server";
import type { RecipientDraft } from "#bff/recipient/recipient-draft.server";
import type { Recommendation } from "#bff/recommendation/replies";
import type { RecipientSession } from "#bff/session/cookies.server";
import { formatCents } from "~/format";
import { keepLinkToken } from "./link-tokens.server";

export const EXPIRED_PAGE = "/empfehlungabgelaufen";

const STEP_PAGES: Record<RecipientStep, string> = {
  consent: "/empfaenger/zustimmung",
  bankData: "/bankdaten",
  confirmation: "/empfaengerbestaetigung",
};

/** The recipient form of a recommendation. */
export function recipientFormPage(empfehlungsnummer: string) {
  return `/empfaengerdaten/${encodeURIComponent(empfehlungsnummer)}`;
}

/** The link a recipient follows: the short URL when the backend made one, else the recipient form on the tenant's origin. */
export function personalLink(recommendation: Recommendation, portalOrigin: string) {
  return (
    recommendation.KurzURL ?? recommendation.Empfehlungslink ?? `${portalOrigin}${recipientFormPage(recommendation.Empfehlungsnummer)}`
  );
}

export function recipientStepPage(step: RecipientStep) {
  return STEP_PAGES[step];
}

/** What the steps after the data page show of the journey: the stepper's steps, and the reward the data page promised. */
export function journeyView(config: TenantConfig, recipient: Pick<RecipientSession, "rewarded" | "rewardCents">, locale: string) {
  const rewarded = isRewarded(recipient);
  return {
    steps: recipientSteps(config, rewarded),
    reward: rewarded && recipient.rewardCents ? formatCents(recipient.rewardCents, locale) : null,
  };
}

/** The recipient's session; a token from a mailed link is kept first. */
export function requireRecipient(request: Request, bff: Bff): RecipientSession {
  keepLinkToken(request, bff, "recipient");
  const recipient = bff.cookies.recipient.read(request);
  if (!recipient) throw redirect("/code");
  return recipient;
}

/**
 * Who consents: the data this browser gave and that waits for consent (a draft), else a recipient
 * the backend has already (a mailed link's token, or a journey from before drafts).
 */
export function requireConsentingRecipient(request: Request, bff: Bff): { draft: RecipientDraft } | { recipient: RecipientSession } {
  keepLinkToken(request, bff, "recipient");
  const draft = bff.cookies.recipientDraft.read(request);
  return draft ? { draft } : { recipient: requireRecipient(request, bff) };
}

/** The recommendation, or the expired page when the recipient can no longer follow it. */
export async function requireFollowable(load: () => Promise<Recommendation>): Promise<Recommendation> {
  const recommendation = await followableRecommendation(load);
  if (!recommendation) throw redirect(EXPIRED_PAGE);
  return recommendation;
}

/** The insurance programme's recommendation link: on to the recipient form, keeping the query (channel, campaign); a preview fetch counts no landing. */
export async function recipientFormOfLink(
  request: Request,
  context: AppLoadContext,
  link: { id: string; hex: string; anyProduct: boolean },
) {
  const recommendation = await followRecommendationLink(context.bff, await context.requestContext(request), link, {
    countsLanding: !isPreviewRequest(request),
  });
  if (!recommendation) throw redirect(EXPIRED_PAGE);
  return redirect(`${recipientFormPage(recommendation.Empfehlungsnummer)}${new URL(request.url).search}`);
}
