import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { UpstreamError } from "#bff/core/errors";
import { requestContext } from "#bff/core/request-context.server";
import { getRecipientOrder, getRecipientReward } from "#bff/recipient/recipient.server";
import { asksBankData, isRewarded } from "#bff/recipient/recipient-flow.server";
import { journeyView, recipientStepPage, requireRecipient } from "~/access/recipient.server";
import { MessagePanel } from "~/components/message-panel";
import { Stepper } from "~/components/stepper";
import { formatCents } from "~/format";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "recipientConfirmed" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const recipient = requireRecipient(request, context.bff);
  const { api, config, locale, texts } = await requestContext(request, context.bff);
  const order = await getRecipientOrder(api);
  // The reward is a welcome extra on this page: without it the confirmation still stands.
  const reward = await getRecipientReward(api, order.Empfehlungsnummer).catch((error: unknown) => {
    if (error instanceof UpstreamError) return null;
    throw error;
  });
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
    steps: journeyView(config, recipient, locale).steps,
    order: { number: order.Empfehlungsnummer, product: order.Produkt, status: order.Status },
  };
}

export default function RecipientConfirmation() {
  const { order, bankDataPage, reward, steps } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <MessagePanel title={t("recipient.confirmationTitle")} backLabel={t("notFound.back")} look="success">
      <div className="mt-4">
        <Stepper steps={steps} current="done" />
      </div>
      <p className="mt-4">{t("recipient.confirmationText")}</p>
      <h2 className="mt-6 text-xl font-semibold">{t("recipient.orderTitle")}</h2>
      <dl className="mt-2 grid grid-cols-[minmax(0,max-content)_minmax(0,1fr)] gap-x-4 gap-y-1 [overflow-wrap:anywhere]">
        <dt className="font-medium">{t("recipient.orderProduct")}</dt>
        <dd>{order.product}</dd>
        <dt className="font-medium">{t("recipient.orderNumber")}</dt>
        <dd>{order.number}</dd>
        <dt className="font-medium">{t("recipient.orderStatus")}</dt>
        <dd>{t(`recipient.orderStatuses.${order.status}`)}</dd>
        {reward ? (
          <>
            <dt className="font-medium">{t("recipient.yourReward")}</dt>
            <dd>
              {reward.share === 0
                ? t("recipient.rewardToRecommender")
                : t("recipient.yourRewardValue", { amount: reward.amount, share: reward.share })}
            </dd>
          </>
        ) : null}
      </dl>
      {bankDataPage ? (
        <p className="mt-6">
          {t("recipient.bankMissing")}{" "}
          <Link to={bankDataPage} className="text-brand-ink underline">
            {t("recipient.bankAdd")}
          </Link>
        </p>
      ) : null}
    </MessagePanel>
  );
}
