import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { qrCodeSvg } from "#bff/for-recommenders/qr-code.server";
import { loadSharedRecommendation, rewardOfRecommendation } from "#bff/for-recommenders/recommend-flow.server";
import { shareActions } from "#bff/for-recommenders/share-channels.server";
import { createOfflineCode } from "#bff/recommendation/recommendation.server";
import type { RewardOffer } from "#bff/reward/rules";
import { personalLink } from "~/access/recipient.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import { Button } from "~/components/button";
import { FormMessage, SuccessMessage } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { RewardOfferLine } from "~/components/reward-offer";
import { ShareCard } from "~/components/share-card";
import { formatCents } from "~/format";
import { failedCallReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { type GoalHandle, useTrackGoal } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "shareViewed" };

/**
 * EmpfehlungTeilen: the personal link, one plain link per enabled channel, a QR code, a story picture, the offline
 * code. Right after the recommendation is made (`?erstellt`) it says so: there is no page between.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context.bff);
  const ctx = await context.requestContext(request);
  const { api, config, locale, texts, user, tenant } = ctx;
  // In autologin mode the share page needs a login; a logged-out visitor goes home.
  if (config.IsAutologin && !user) throw redirect("/");
  const number = params.empfehlungsnummer!;
  const recommendation = await loadSharedRecommendation(api, number);
  const t = fixedT(texts);
  const created = new URL(request.url).searchParams.has("erstellt");
  const product = recommendation.Produkt.Name;
  const link = personalLink(recommendation, tenant.origin);
  const reward = await rewardOfRecommendation(context.bff, ctx, recommendation);
  // The message names the friend's part where they get one (decision 071), never a reward they would not get.
  const friendReward = reward.friendCents > 0 ? formatCents(reward.friendCents, locale) : null;
  const text = (url: string) =>
    friendReward ? t("share.textWithReward", { product, url, amount: friendReward }) : t("share.text", { product, url });
  const message = { subject: t("share.subject", { product }), text };
  const storyPicture = `/empfehlung/${encodeURIComponent(number)}/story.png`;
  return {
    title: t(created ? "recommend.createdTitle" : "share.title"),
    created: created ? { confirmMail: !user } : null,
    number,
    product,
    link,
    reward,
    // The share sheet adds the link itself; the preview shows the message as the friend gets it.
    message: { subject: message.subject, text: text("").replace(/:\s*$/, "."), preview: text(link) },
    actions: shareActions(config, link, message, storyPicture),
    qrSvg: await qrCodeSvg(link),
    offlineCode: config.ModuleErstelleOfflineEmpfehlungCode && Boolean(user),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireLoginIfForced(request, context.bff);
  const { api, config, texts, user } = await context.actionContext(request);
  const t = fixedT(texts);
  if (!config.ModuleErstelleOfflineEmpfehlungCode || !user) return data({ code: null, error: t("errors:loginFirst") }, { status: 403 });
  try {
    const { Code } = await createOfflineCode(api, params.empfehlungsnummer!);
    return { code: Code, error: null };
  } catch (error) {
    return failedCallReply(error, t, (message) => ({ code: null, error: message }));
  }
}

export default function ShareRecommendation() {
  const loaded = useLoaderData<typeof loader>();
  const created = useActionData<typeof action>();
  const { t } = useTranslation();
  const trackGoal = useTrackGoal();
  const justCreated = Boolean(loaded.created);
  useEffect(() => {
    if (justCreated) trackGoal("recommendationCreated");
  }, [justCreated, trackGoal]);
  return (
    <PageSection id="share" title={loaded.title} width="full">
      {loaded.created ? (
        <SuccessMessage>
          <p>{t("recommend.createdText", { product: loaded.product })}</p>
          {loaded.created.confirmMail ? <p>{t("recommend.createdConfirmMail")}</p> : null}
        </SuccessMessage>
      ) : null}
      <ShareCard product={loaded.product} link={loaded.link} message={loaded.message} actions={loaded.actions} qrSvg={loaded.qrSvg}>
        <RewardReminder reward={loaded.reward} />
      </ShareCard>
      {loaded.offlineCode ? (
        <section aria-labelledby="offline-code-title" className="card space-y-2">
          <h2 id="offline-code-title" className="text-xl font-semibold">
            {t("share.offlineTitle")}
          </h2>
          <p>{t("share.offlineIntro")}</p>
          <FormMessage id="offline-code-error" errors={created?.error ? [created.error] : undefined} />
          {created?.code ? (
            <p role="status">
              {t("share.offlineCode")} <strong className="font-mono text-xl">{created.code}</strong>
            </p>
          ) : (
            <PortalForm method="post">
              <Button look="secondary" name="intent" value="offline-code">
                {t("share.offlineCreate")}
              </Button>
            </PortalForm>
          )}
        </section>
      ) : null}
    </PageSection>
  );
}

/** What sharing brings each side after the split, in the one sentence (decision 071), and when it is paid. */
function RewardReminder({ reward }: { reward: RewardOffer }) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="text-2xl font-bold text-brand-ink">
        <RewardOfferLine offer={reward} stacked />
      </p>
      <p className="mt-1 text-sm text-slate-700">{t("rewardOffer.whenPaid")}</p>
    </div>
  );
}
