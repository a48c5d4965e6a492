import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { asksBankData, isRewarded } from "#bff/for-recipients/recipient-flow.server";
import { UpstreamError } from "#bff/legacy/errors";
import { getRecipientOrder, getRecipientReward } from "#bff/recipient/recipient.server";
import { getRecommendation } from "#bff/recommendation/recommendation.server";
import { rewardOfferOf } from "#bff/tenant-reads/reward-flow.server";
import { journeyView, recipientStepPage, requireRecipient } from "~/access/recipient.server";
import { MessagePanel } from "~/components/message-panel";
import { InviteToRecommend } from "~/components/reward-offer";
import { Stepper } from "~/components/stepper";
import { formatCents } from "~/format";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { recommenderName } from "~/link-preview.server";
import { titleMeta } from "~/meta";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "recipientConfirmed" };

/** An optional read: null where the backend cannot give it now. */
function orNone<T>(call: Promise<T>): Promise<T | null> {
  return call.catch((error: unknown) => {
    if (error instanceof UpstreamError) return null;
    throw error;
  });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const recipient = requireRecipient(request, context.bff);
  const ctx = await context.requestContext(request);
  const { api, config, locale, texts } = ctx;
  const [order, inviteOffer] = await Promise.all([getRecipientOrder(api), rewardOfferOf(context.bff, ctx, null)]);
  // The reward is a welcome extra on this page: without it the confirmation still stands.
  // The reward and the recommender's name are welcome extras on this page: without them the confirmation still stands.
  const [reward, recommendation] = await Promise.all([
    orNone(getRecipientReward(api, order.Empfehlungsnummer)),
    orNone(getRecommendation(api, order.Empfehlungsnummer)),
  ]);
  return {
    reward: reward ? { share: reward.AnteilProzent, amount: formatCents(reward.WertCent, locale) } : null,
    // Given 'later' (or not at all): the page where they can still be given.
    bankDataPage: asksBankData(config, {
      bankSaved: order.BankdatenHinterlegt,
      rewarded: isRewarded(recipient) && reward?.AnteilProzent !== 0,
    })
      ? recipientStepPage("bankData")
      : null,
    title: fixedT(texts)("recipient.confirmationMetaTitle"),
    // The invitation to recommend in turn, with what a recommendation brings each side (the one rule: bff/reward/rules.ts).
    inviteOffer,
    steps: journeyView(config, recipient, locale).steps,
    order: { number: order.Empfehlungsnummer, product: order.Produkt, status: order.Status },
    // As the landing named them; where the recommendation cannot be read now, the page says "the person who recommended you".
    recommender: recommendation ? recommenderName(recommendation) : null,
  };
}

export default function RecipientConfirmation() {
  const { order, bankDataPage, reward, steps, inviteOffer, recommender } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const rewarded = reward !== null && reward.share > 0;
  return (
    <MessagePanel title={t("recipient.confirmationTitle")} backLabel={t("notFound.back")} look="success">
      <div className="mt-4">
        <Stepper steps={steps} current="done" />
      </div>
      <h2 className="mt-6 text-xl font-semibold">{t("recipient.nextTitle")}</h2>
      <ol className="mt-2 list-decimal space-y-1 pl-6">
        <li>{t("recipient.confirmationText")}</li>
        <li>
          {rewarded
            ? t("recipient.nextRewardPaid")
            : recommender
              ? t("recipient.nextNameRewarded", { name: recommender })
              : t("recipient.nextRecommenderRewarded")}
        </li>
      </ol>
      {bankDataPage ? (
        <p className="mt-4">
          {t("recipient.bankMissing")}{" "}
          <Link to={bankDataPage} className="text-brand-ink underline">
            {t("recipient.bankAdd")}
          </Link>
        </p>
      ) : null}
      <h2 className="mt-6 text-xl font-semibold">{t("recipient.orderTitle")}</h2>
      {/* One column on a phone: a product's name keeps its width, and breaks only where a word must (never "MagentaZu|hause"). */}
      <dl className="mt-2 grid grid-cols-1 gap-x-4 break-words md:grid-cols-[minmax(0,max-content)_minmax(0,1fr)] md:gap-y-1 [&>dd]:mb-2 md:[&>dd]:mb-0">
        <dt className="font-medium">{t("recipient.orderProduct")}</dt>
        <dd>{order.product}</dd>
        <dt className="font-medium">{t("recipient.orderNumber")}</dt>
        <dd>
          {order.number}
          <span className="block text-sm text-slate-700">{t("recipient.orderNumberHint")}</span>
        </dd>
        <dt className="font-medium">{t("recipient.orderStatus")}</dt>
        <dd>{t(`recipient.orderStatuses.${order.status}`)}</dd>
        {reward ? (
          <>
            <dt className="font-medium">{t("recipient.yourReward")}</dt>
            <dd>
              {reward.share === 0
                ? recommender
                  ? t("recipient.shareNone", { name: recommender })
                  : t("recipient.rewardToRecommender")
                : t("recipient.yourRewardValue", { amount: reward.amount })}
            </dd>
          </>
        ) : null}
      </dl>
      <InviteToRecommend
        id="invite"
        title={t("recipient.inviteTitle")}
        text={t("recipient.inviteText")}
        action={t("recipient.inviteAction")}
        offer={inviteOffer}
      />
    </MessagePanel>
  );
}
