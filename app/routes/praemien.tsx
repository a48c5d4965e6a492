import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { RewardOffer } from "#bff/reward/rules";
import { optionalPart } from "#bff/tenant/optional-part.server";
import { productOffersOf, rewardOfferOf, rewardsValidToday } from "#bff/tenant-reads/reward-flow.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import type { ExitIntentHandle } from "~/components/exit-intent";
import { GermanOnlyText } from "~/components/german-only-text";
import { PageSection } from "~/components/page-section";
import { RewardOfferLine } from "~/components/reward-offer";
import { RewardPicture } from "~/components/reward-picture";
import { formatCents, formatDate, rewardView } from "~/format";
import { hyphenated } from "~/hyphenate.server";
import { fixedT } from "~/i18n/i18n.server";
import type { Translate } from "~/i18n/translate";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { rewardOfferText } from "~/reward-offer-text";

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
  const [rewards, offer, productOffers] = await Promise.all([
    rewardsValidToday(context.bff, ctx),
    rewardOfferOf(context.bff, ctx, null),
    optionalPart(context.bff, "productOffers", () => productOffersOf(context.bff, ctx), null),
  ]);
  const t = fixedT(ctx.texts);
  return {
    byProduct: productOffers ? rewardsByProduct(productOffers, t, ctx.locale) : null,
    title: t("rewardsOverview.title"),
    rewardText: ctx.config.PraemienText ?? null,
    offer,
    friendMax: offer.friendCents > 0 ? formatCents(offer.friendCents, ctx.locale) : null,
    rewards: rewards.map((reward) => {
      const view = rewardView(reward, ctx.locale, hyphenated);
      return { ...view, until: view.until ? formatDate(view.until) : null };
    }),
  };
}

type ProductOffer = { product: { Name: string; AnzeigeName?: string | null }; offer: RewardOffer };

/**
 * What each product brings the recommender, products with the same reward together ("50 € aufs Konto: MagentaMobil M, …"),
 * where the reward depends on the product; null where every product brings the same, and the recommender chooses.
 */
function rewardsByProduct(productOffers: ProductOffer[], t: Translate, locale: string) {
  const groups = new Map<string, string[]>();
  for (const { product, offer } of productOffers) {
    const yours = rewardOfferText(t, offer, locale).yours;
    if (!yours) continue;
    const said = offer.cashCents && offer.voucherCents ? `${yours} – ${t("rewardsOverview.youChoose")}` : yours;
    groups.set(said, [...(groups.get(said) ?? []), product.AnzeigeName ?? product.Name]);
  }
  return groups.size > 1 ? [...groups].map(([reward, products]) => ({ reward, products: products.join(", ") })) : null;
}

export default function RewardsOverview() {
  const { rewardText, offer, friendMax, rewards, byProduct } = useLoaderData<typeof loader>();
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
            {byProduct ? (
              <>
                <p>{t("rewardsOverview.byProductIntro")}</p>
                <ul className="list-disc space-y-1 pl-6">
                  {byProduct.map((group) => (
                    <li key={group.reward}>
                      <span className="font-semibold">{group.reward}:</span> {group.products}
                    </li>
                  ))}
                </ul>
                <p>{t("rewardsOverview.currentIntro")}</p>
              </>
            ) : (
              <p>{t("rewardsOverview.forYouIntro")}</p>
            )}
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
