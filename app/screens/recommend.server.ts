// The loader and action behind the recommendation form, for the recommender's route
// (/empfehlen/:produktId) and the agent's (/agent/empfehlen/:produktId): the same rules and
// messages, only who recommends differs.
import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { chosenAgent } from "#bff/agency/agency.server";
import type { AgencyUser } from "#bff/for-agencies/agency-access.server";
import { activeCampaignsOf, loadRecommendableProduct, openRecommendationOf } from "#bff/for-recommenders/recommend-flow.server";
import { UpstreamError } from "#bff/legacy/errors";
import { bountyShares } from "#bff/platform/domain";
import type { ActionContext, RequestContext } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";
import { createRecommendation, getRecommendationCaptcha } from "#bff/recommendation/recommendation.server";
import type { Reward } from "#bff/reward/replies";
import { rewardSplit } from "#bff/reward/rules";
import { campaignQuery, channelOf } from "#bff/session/channel.server";
import type { SessionUser } from "#bff/session/cookies.server";
import { bestRewardOf } from "#bff/tenant-reads/reward-flow.server";
import { formatCents, splitView } from "~/format";
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

/** The product's best reward and what each split of it brings either side, by the one rule (bff/reward/rules.ts). */
async function rewardChoices(bff: Bff, ctx: RequestContext, productRewards: Reward[] | null) {
  const best = await bestRewardOf(bff, ctx, productRewards);
  return {
    bestReward: best ? formatCents(best, ctx.locale) : null,
    splits: bountyShares.map((share) => ({
      share,
      ...splitView(rewardSplit(best, ctx.config.MaxEmpfaengerPraemieCent, share), ctx.locale),
    })),
  };
}

export async function loadRecommendForm(request: Request, bff: Bff, ctx: RequestContext, who: Recommender, productId: string | undefined) {
  const { config, texts } = ctx;
  const api = apiOf(ctx, who);
  const t = fixedT(texts);
  const [product, challenge, campaigns, recommendedAgent] = await Promise.all([
    loadRecommendableProduct(api, productId),
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
 * The backend already has this recommendation: a logged-in recommender goes to its share page, one
 * without a login to sign in and find it in their personal area; an agent stays on the form.
 */
async function whereTheRecommendationIs(ctx: Pick<RequestContext, "api" | "tenant">, who: Recommender, productName: string) {
  if (who.kind === "agent") return null;
  if (who.kind !== "user")
    return withNotice(`/login?${new URLSearchParams({ redirectTo: "/persoenlicherbereich" })}`, "empfehlung-anmelden");
  const number = await openRecommendationOf(ctx, productName).catch(() => null);
  return number ? withNotice(`/empfehlung/${encodeURIComponent(number)}`, "empfehlung-existiert") : null;
}

/** Where a new recommendation goes: straight to sharing it, the page saying it was just made. */
export function sharePageOfNew(number: string) {
  return `/empfehlung/${encodeURIComponent(number)}?erstellt`;
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
      const existing = await whereTheRecommendationIs({ api, tenant: ctx.tenant }, who, product.name);
      if (existing) return redirect(existing);
    }
    return upstreamFailureReply(error, submission, t, { hideFields });
  }
}
