import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requestContext } from "#bff/portal/request-context.server";
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
  const page = await requestContext(request, context.bff);
  const rewards = await rewardsValidToday(context.bff, page);
  return {
    title: fixedT(page.texts)("rewardsOverview.title"),
    rewardText: page.config.PraemienText ?? null,
    rewards: rewards.map((reward) => {
      const view = rewardView(reward, page.locale);
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
