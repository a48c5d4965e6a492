// The steps of the recipient journey: data, consent to the terms, bank data, confirmation. The
// flows say which step comes next; the routes know the pages (app/access/recipient.server.ts).
import type { TenantConfig } from "../legacy/contract";
import { LegacyApiError, UpstreamError } from "../legacy/errors";
import type { RequestContext } from "../portal/request-context.server";
import type { Bff } from "../portal/services.server";
import {
  acceptRecipientTerms,
  checkRecipientExists,
  completeTracking,
  createRecipient,
  getRecipientOrder,
} from "../recipient/recipient.server";
import type { RecipientDraft } from "../recipient/recipient-draft.server";
import { isRecommendationFollowable, todayIso } from "../recipient/rules";
import { countLanding, getRecommendationByLink, isGenuineLink } from "../recommendation/recommendation.server";
import type { Recommendation } from "../recommendation/replies";
import { friendPartCents } from "../reward/rules";
import type { RecipientSession } from "../session/cookies.server";
import type { FormSubmission } from "../state/submissions.server";

/** The most the recipient's share of the reward can bring, by the one rule (bff/reward/rules.ts). */
export function recipientRewardCents(config: TenantConfig, recipientShare: number) {
  return friendPartCents(config.MaxEmpfaengerPraemieCent, 100 - recipientShare);
}

export type RecipientStep = "consent" | "bankData" | "confirmation";

/** Where a recipient is in the journey; `rewarded` is false when the recommender keeps the whole reward. */
type Progress = { agbAccepted: boolean; bankSaved: boolean; rewarded: boolean };

export function nextRecipientStep(config: TenantConfig, progress: Progress): RecipientStep {
  if (!progress.agbAccepted) return "consent";
  if (asksBankData(config, progress)) return "bankData";
  return "confirmation";
}

/** The numbered steps of the journey on a tenant, as the recipient's stepper shows them. */
export type JourneyStep = "data" | "consent" | "bankData";

/** Consent only where the terms are not accepted with the data; bank data only where the tenant asks for them and the recipient gets a share. */
export function recipientSteps(config: TenantConfig, rewarded: boolean): JourneyStep[] {
  return [
    "data",
    ...(config.AgbCheckBoxAutoAccept ? [] : (["consent"] as const)),
    ...(config.ModuleStoringBankdata && rewarded ? (["bankData"] as const) : []),
  ];
}

/** Whether the recipient gets a share of the reward; a recipient cookie from before the share was kept says nothing, and counts as one. */
export function isRewarded(recipient: Pick<RecipientSession, "rewarded">) {
  return recipient.rewarded !== false;
}

/** Bank data only where the tenant keeps it, the recipient gets a share of the reward, and none is stored yet. */
export function asksBankData(config: TenantConfig, { bankSaved, rewarded }: Pick<Progress, "bankSaved" | "rewarded">) {
  return config.ModuleStoringBankdata && rewarded && !bankSaved;
}

/** The recommendation when the recipient may still follow it; null when it has expired or the backend does not know it. */
export async function followableRecommendation(load: () => Promise<Recommendation>): Promise<Recommendation | null> {
  try {
    const recommendation = await load();
    if (isRecommendationFollowable(recommendation.ErstelltAm, todayIso())) return recommendation;
  } catch (error) {
    if (!(error instanceof LegacyApiError) || error.upstreamStatus >= 500) throw error;
  }
  return null;
}

/**
 * The insurance programme's recommendation links: check the link and count the landing, unless
 * `countsLanding` is false (a preview fetch). Null when the link is forged or its recommendation can
 * no longer be followed.
 */
export async function followRecommendationLink(
  bff: Bff,
  { api, requestId }: Pick<RequestContext, "api" | "requestId">,
  link: { id: string; hex: string; anyProduct: boolean },
  { countsLanding }: { countsLanding: boolean },
) {
  if (!isGenuineLink(link.id, link.hex)) return null;
  const recommendation = await followableRecommendation(() => getRecommendationByLink(api, link.id, link.hex, link));
  if (!recommendation || !countsLanding) return recommendation;
  await countLanding(api, recommendation.Empfehlungsnummer).catch((error: unknown) =>
    bff.logger.warn({ err: error, requestId }, "landing not counted"),
  );
  return recommendation;
}

/**
 * Where a recipient who comes back to the form of a recommendation they already answered goes on:
 * their next step; "forget the recipient" when the stored recipient no longer exists (its cookie
 * goes); null for a recipient new to this recommendation.
 */
export async function resumedStep(
  request: Request,
  bff: Bff,
  { api, config }: Pick<RequestContext, "api" | "config">,
  empfehlungsnummer: string,
): Promise<RecipientStep | "forget the recipient" | null> {
  const stored = bff.cookies.recipient.read(request);
  if (!stored?.empfaengernummer || stored.empfehlungsnummer !== empfehlungsnummer) return null;
  try {
    await checkRecipientExists(api, stored.empfaengernummer);
    const order = await getRecipientOrder(api);
    return nextRecipientStep(config, {
      agbAccepted: order.AgbAkzeptiert,
      bankSaved: order.BankdatenHinterlegt,
      rewarded: isRewarded(stored),
    });
  } catch (error) {
    if (!(error instanceof LegacyApiError)) throw error;
    return "forget the recipient";
  }
}

/** A recipient about to be created: what they gave, where they came from, and what their share brings. */
export type NewRecipient = Omit<RecipientDraft, "emailProblem" | "submissionId">;

/**
 * Creates the recipient, completes the tracking (a follow-up whose failure is only logged) and, with `termsText`, accepts the terms; each
 * step once per submission, so a post again after a failed later step goes on from there without a
 * second recipient. Returns the recipient's session.
 */
export async function createRecipientJourney(
  request: Request,
  { bff, api, apiWith, requestId }: Pick<RequestContext, "api" | "apiWith" | "requestId"> & { bff: Bff },
  recipient: NewRecipient,
  { submission, termsText }: { submission: Omit<FormSubmission, "form">; termsText: string | null },
): Promise<RecipientSession> {
  const { empfehlungsnummer, data, channel, campaign, rewarded, rewardCents } = recipient;
  const once = <T>(form: string, run: () => Promise<T>) => bff.submissions.onceFromBrowser(request, { ...submission, form }, run);
  const created = await once("recipient", () => createRecipient(api, empfehlungsnummer, data, { channel, query: campaign }));
  // The tracking and the terms need only the new recipient, not each other. The tracking is a follow-up of
  // the creation that succeeded: its failure is the operator's to hear of, not the recipient's.
  const tracking = once("recipient-tracking", () => completeTracking(api, empfehlungsnummer, created.Empfaengernummer, data)).catch(
    (error: unknown) => {
      if (!(error instanceof UpstreamError)) throw error;
      bff.logger.warn(
        { err: error, requestId, call: "completeTracking" },
        "recipient created, its tracking not completed: the journey goes on",
      );
    },
  );
  await Promise.all([
    tracking,
    termsText !== null && once("recipient-terms", () => acceptRecipientTerms(apiWith({ recipient: created.Token }), termsText)),
  ]);
  return { token: created.Token, empfaengernummer: created.Empfaengernummer, empfehlungsnummer, rewarded, rewardCents };
}

/** Whether a failed creation means the recommendation expired meanwhile. Anything but an upstream failure is thrown on. */
export function expiredMeanwhile(error: unknown): error is LegacyApiError {
  if (!(error instanceof UpstreamError)) throw error;
  return error instanceof LegacyApiError && error.messageKey === "recommendationNotPossible";
}
