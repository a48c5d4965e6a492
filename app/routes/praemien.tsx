import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { rewardOfferOf, rewardsValidToday } from "#bff/tenant-reads/reward-flow.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import type { ExitIntentHandle } from "~/components/exit-intent";
import { GermanOnlyText } from "~/components/german-only-text";
import { PageSection } from "~/components/page-section";
import { RewardOfferLine } from "~/components/reward-offer";
import { RewardPicture } from "~/components/reward-picture";
import { formatCents, formatDate, rewardView } from "~/format";
import { hyphenated } from "~/hyphenate.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const handle: ExitIntentHandle = { exitIntent: true };

export const meta = titleMeta;

/**
 * AktuellePraemienuebersicht: who gets what and when, then the way to recommend. The rewards valid today are listed
 * with their details, not in a carousel: two cards in a carousel hid nothing and offered arrows that did nothing
 * (decision 071).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  const ctx = await context.requestContext(request);
  const [rewards, offer] = await Promise.all([rewardsValidToday(context.bff, ctx), rewardOfferOf(context.bff, ctx, null)]);
  return {
    title: fixedT(ctx.texts)("rewardsOverview.title"),
    rewardText: ctx.config.PraemienText ?? null,
    offer,
    friendMax: offer.friendCents > 0 ? formatCents(offer.friendCents, ctx.locale) : null,
    rewards: rewards.map((reward) => {
      const view = rewardView(reward, ctx.locale, hyphenated);
      return { ...view, until: view.until ? formatDate(view.until) : null };
    }),
  };
}

export default function RewardsOverview() {
  const { rewardText, offer, friendMax, rewards } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageSection id="rewards-overview" title={t("rewardsOverview.title")} width="3xl">
      <p className="text-xl font-bold text-brand-ink">
        <RewardOfferLine offer={offer} friendUpTo stacked />
      </p>
      {rewardText ? <GermanOnlyText text={rewardText} /> : null}
      <section aria-labelledby="for-you-title" className="space-y-3">
        <h2 id="for-you-title" className="text-xl font-semibold">
          {t("rewardsOverview.forYouTitle")}
        </h2>
        {rewards.length ? (
          <>
            <p>{t("rewardsOverview.forYouIntro")}</p>
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {rewards.map((reward) => (
                <li key={reward.id} id={`praemie-${reward.id}`} className="flex gap-4 rounded border border-slate-200 p-4">
                  <RewardPicture id={reward.id} className="h-12 w-12 shrink-0 md:h-16 md:w-16" />
                  <div className="min-w-0 space-y-1">
                    <h3 className="text-lg font-semibold">
                      {reward.name}: {reward.value}
                    </h3>
                    <p>{t(`reward.kinds.${reward.kind}`)}</p>
                    {reward.until ? <p>{t("reward.validUntil", { date: reward.until })}</p> : null}
                    <p className="text-sm">{t(`rewardsOverview.payout.${reward.kind}`)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t("home_page.noRewards")}</p>
        )}
      </section>
      {friendMax ? (
        <section aria-labelledby="for-friend-title" className="space-y-2">
          <h2 id="for-friend-title" className="text-xl font-semibold">
            {t("rewardsOverview.friendTitle")}
          </h2>
          <p>{t("rewardsOverview.friendText", { max: friendMax })}</p>
        </section>
      ) : null}
      <p>
        <Link to="/empfehlen" className="btn btn-primary">
          {t("rewardsOverview.recommend")}
        </Link>
      </p>
    </PageSection>
  );
}
