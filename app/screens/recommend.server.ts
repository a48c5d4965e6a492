// The loader and action behind the recommendation form, for the recommender's route
// (/empfehlen/:produktId) and the agent's (/agent/empfehlen/:produktId): the same rules and
// messages, only who recommends differs.
import { randomUUID } from "node:crypto";
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { chosenAgent } from "#bff/agency/agency.server";
import type { AgencyUser } from "#bff/for-agencies/agency-access.server";
import { activeCampaignsOf, loadRecommendableProduct, openRecommendationOf } from "#bff/for-recommenders/recommend-flow.server";
import { UpstreamError } from "#bff/legacy/errors";
import { bountyShares } from "#bff/platform/domain";
import type { ActionContext, RequestContext } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";
import { recommendationEndsOn } from "#bff/recipient/rules";
import { createRecommendation, getRecommendation, getRecommendationCaptcha } from "#bff/recommendation/recommendation.server";
import type { Reward } from "#bff/reward/replies";
import { splitOffer } from "#bff/reward/rules";
import { campaignQuery, channelOf } from "#bff/session/channel.server";
import type { SessionUser } from "#bff/session/cookies.server";
import { rewardOfferOf } from "#bff/tenant-reads/reward-flow.server";
import { formatDate } from "~/format";
import { constraintOf } from "~/forms/built-once.server";
import { captchaOf, challengeOrNone } from "~/forms/fields.server";
import { type RecommendFormOptions, recommendSchema } from "~/forms/recommend.server";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { withNotice } from "~/notices";
import { termsPlainText } from "~/terms-text";

/** Who recommends: a logged-in recommender, a visitor who gives name and e-mail, or an agent on a person's behalf. */
export type Recommender = { kind: "user"; user: SessionUser } | { kind: "visitor" } | { kind: "agent"; agent: AgencyUser };

export function recommenderOf(user: SessionUser | null): Recommender {
  return user ? { kind: "user", user } : { kind: "visitor" };
}

/** An agent's calls carry the agency token (the agency user is held in state). */
function apiOf(ctx: RequestContext, who: Recommender) {
  return who.kind === "agent" ? ctx.apiWith({ user: who.agent.token }) : ctx.api;
}

/** What a recommendation of the product brings, and each split of it, by the one rule (bff/reward/rules.ts). */
async function rewardChoices(bff: Bff, ctx: RequestContext, productRewards: Reward[] | null) {
  const offer = await rewardOfferOf(bff, ctx, productRewards);
  return { offer, splits: bountyShares.map((share) => ({ share, offer: splitOffer(offer, share) })) };
}

export async function loadRecommendForm(request: Request, bff: Bff, ctx: RequestContext, who: Recommender, productId: string | undefined) {
  const { config, texts } = ctx;
  const api = apiOf(ctx, who);
  const t = fixedT(texts);
  const product = await loadRecommendableProduct(api, productId);
  const [existingLink, challenge, campaigns, recommendedAgent] = await Promise.all([
    existingLinkShown(ctx, who, product.name, t),
    challengeOrNone(getRecommendationCaptcha(api, campaignQuery(request))),
    activeCampaignsOf(bff, ctx),
    who.kind === "agent" ? null : chosenAgent(api, new URL(request.url).searchParams.get("berater")),
  ]);
  const captcha = captchaOf(challenge);
  const options: RecommendFormOptions = {
    askRecommender: who.kind !== "user",
    askCaptcha: Boolean(captcha),
    defaultShare: config.RecommenderDefaultShare,
  };
  return {
    title: t(who.kind === "agent" ? "recommend.agentTitle" : "recommend.title", { product: product.name }),
    mode: who.kind,
    existingLink,
    product,
    recommender: who.kind === "user" ? { name: `${who.user.vorname} ${who.user.nachname}`, email: who.user.email } : null,
    agentName: who.kind === "agent" ? who.agent.name : null,
    recommendedAgent,
    captcha,
    askNewsletter: config.ModuleNewsletterPermission,
    campaigns: campaigns.map((campaign) => ({
      id: campaign.AktionsId,
      title: campaign.Titel,
      text: campaign.Text,
      legal: campaign.RechtsText,
    })),
    defaultShare: config.RecommenderDefaultShare,
    ...(await rewardChoices(bff, ctx, product.rewards)),
    constraint: constraintOf(recommendSchema(t, options)),
    submissionId: randomUUID(),
  };
}
export type RecommendFormData = Awaited<ReturnType<typeof loadRecommendForm>>;

/**
 * The recommender's open link for the product, with the split it was made with and the day a new one can be made;
 * null where none is listed or it cannot be read now.
 */
async function existingLinkOf(ctx: Pick<RequestContext, "api" | "tenant">, productName: string) {
  const number = await openRecommendationOf(ctx, productName).catch(() => null);
  if (!number) return null;
  const recommendation = await getRecommendation(ctx.api, number).catch(() => null);
  return {
    page: `/empfehlung/${encodeURIComponent(number)}`,
    share: recommendation?.AnteilEmpfehler ?? null,
    newFrom: recommendation ? recommendationEndsOn(recommendation.ErstelltAm) : null,
  };
}
type ExistingLink = NonNullable<Awaited<ReturnType<typeof existingLinkOf>>>;

/** A logged-in recommender's open link for the product, said on load with its split: no form is offered that the backend would refuse. */
async function existingLinkShown(ctx: RequestContext, who: Recommender, productName: string, t: ReturnType<typeof fixedT>) {
  if (who.kind !== "user") return null;
  const existing = await existingLinkOf(ctx, productName);
  if (!existing) return null;
  return {
    page: existing.page,
    says: t(`recommend.existingLink.${existing.share ?? "unknown"}`, { product: productName }),
    newFrom: existing.newFrom ? t("recommend.existingLink.newFrom", { date: formatDate(existing.newFrom) }) : null,
  };
}

/**
 * The backend already has a link for this product (it makes one per product and recommender). One without a login
 * signs in to find it in their personal area; an agent stays on the form. A logged-in recommender whose choice of
 * split is the link's goes on sharing it; one who chose another split stays on the form, told so, their choice kept
 * (the backend cannot change a link's split: decision 071).
 */
async function answerToExistingLink(
  ctx: Pick<RequestContext, "api" | "tenant">,
  who: Recommender,
  productName: string,
  chosenShare: number,
) {
  if (who.kind === "agent") return null;
  if (who.kind !== "user")
    return { redirectTo: withNotice(`/login?${new URLSearchParams({ redirectTo: "/persoenlicherbereich" })}`, "empfehlung-anmelden") };
  const existing = await existingLinkOf(ctx, productName);
  if (!existing) return null;
  if (existing.share === chosenShare) return { redirectTo: withNotice(existing.page, "empfehlung-existiert") };
  return { existing };
}

/** Where a new recommendation goes: straight to sharing it, the page saying it was just made. */
export function sharePageOfNew(number: string) {
  return `/empfehlung/${encodeURIComponent(number)}?erstellt`;
}

/** The form again, its values kept, saying which link exists and with what split, and where to share it. */
function existingLinkReply(
  submission: Submission<unknown>,
  t: ReturnType<typeof fixedT>,
  product: string,
  existing: ExistingLink,
  hideFields: string[],
) {
  const message = `${t(`recommend.existingLink.${existing.share ?? "unknown"}`, { product })} ${t("recommend.existingLink.kept")}`;
  return data({ ...submission.reply({ formErrors: [message], hideFields }), existingLink: existing.page }, { status: 409 });
}

export async function submitRecommendForm(request: Request, bff: Bff, ctx: ActionContext, who: Recommender, productId: string | undefined) {
  const { config, texts, formData } = ctx;
  const api = apiOf(ctx, who);
  const t = fixedT(texts);
  const [product, recommendedAgent, campaigns] = await Promise.all([
    loadRecommendableProduct(api, productId),
    who.kind === "agent" ? null : chosenAgent(api, formData.get("berater")),
    activeCampaignsOf(bff, ctx),
  ]);
  // Consent only to campaigns the form showed: a posted id of any other (ended, forged) is dropped.
  const shownCampaigns = new Set(campaigns.map((campaign) => campaign.AktionsId));
  const options = {
    askRecommender: who.kind !== "user",
    askCaptcha: formData.has("captchaId"),
    defaultShare: config.RecommenderDefaultShare,
  };
  const submission = parseWithZod(formData, { schema: recommendSchema(t, options) });
  const hideFields = ["captchaAnswer"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const value = submission.value;
  const person = who.kind === "user" ? who.user : { vorname: value.vorname!, nachname: value.nachname!, email: value.email! };
  try {
    const created = await bff.submissions.onceFromBrowser(
      request,
      { form: "recommend", id: value.submissionId, params: { productId: String(product.id) } },
      async () => {
        // A recommendation for someone without a login mails that address (its confirmation).
        if (who.kind !== "user") await bff.rateLimits.mailTo(person.email);
        return createRecommendation(
          api,
          {
            productId: product.id,
            channel: channelOf(request, bff.choices) ?? (who.kind === "agent" ? "agent" : "portal"),
            agbText: termsPlainText(t("recommend.agbLabel")),
            share: value.share,
            recommender: {
              vorname: person.vorname,
              nachname: person.nachname,
              email: person.email,
              newsletterPermission: config.ModuleNewsletterPermission && value.newsletter,
            },
            captcha: value.captchaId ? { id: value.captchaId, answer: value.captchaAnswer ?? "" } : undefined,
            campaigns: [...new Set(value.aktionen)].filter((id) => shownCampaigns.has(id)),
            agentNumber: who.kind === "agent" ? who.agent.agentNumber : undefined,
            recommendedAgent: recommendedAgent?.id,
          },
          campaignQuery(request),
        );
      },
    );
    return redirect(sharePageOfNew(created.Empfehlungsnummer));
  } catch (error) {
    if (error instanceof UpstreamError && error.messageKey === "recommendationExists") {
      const answer = await answerToExistingLink({ api, tenant: ctx.tenant }, who, product.name, value.share);
      if (answer?.redirectTo) return redirect(answer.redirectTo);
      if (answer?.existing) return existingLinkReply(submission, t, product.name, answer.existing, hideFields);
    }
    return upstreamFailureReply(error, submission, t, { hideFields });
  }
}
