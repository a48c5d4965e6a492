import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { rewardsValidToday } from "#bff/tenant-reads/reward-flow.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import type { ExitIntentHandle } from "~/components/exit-intent";
import { PageSection } from "~/components/page-section";
import { RewardCarousel } from "~/components/reward-carousel";
import { formatDate, rewardView } from "~/format";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const handle: ExitIntentHandle = { exitIntent: true };

export const meta = titleMeta;

/** AktuellePraemienuebersicht: the rewards valid today, as a carousel with a detail view each. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context.bff);
  const ctx = await context.requestContext(request);
  const rewards = await rewardsValidToday(context.bff, ctx);
  return {
    title: fixedT(ctx.texts)("rewardsOverview.title"),
    rewardText: ctx.config.PraemienText ?? null,
    rewards: rewards.map((reward) => {
      const view = rewardView(reward, ctx.locale);
      return { ...view, until: view.until ? formatDate(view.until) : null };
    }),
  };
}

export default function RewardsOverview() {
  const { rewardText, rewards } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageSection id="rewards-overview" title={t("rewardsOverview.title")} width="3xl">
      {rewardText ? <p className="text-lg font-semibold">{rewardText}</p> : null}
      {rewards.length ? <RewardCarousel rewards={rewards} /> : <p>{t("home_page.noRewards")}</p>}
    </PageSection>
  );
}
