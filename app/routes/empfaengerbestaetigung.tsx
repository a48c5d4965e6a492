import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requestContext } from "#bff/core/request-context.server";
import { getRecipientOrder } from "#bff/recipient/recipient.server";
import { requireRecipient } from "~/access/recipient.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import { MessagePanel } from "~/components/message-panel";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "recipientConfirmed" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context.bff);
  requireRecipient(request, context.bff);
  const { api, locale } = await requestContext(request, context.bff);
  const order = await getRecipientOrder(api);
  return {
    title: fixedT(locale)("recipient.confirmationTitle"),
    order: { number: order.Empfehlungsnummer, product: order.Produkt, status: order.Status },
  };
}

export default function RecipientConfirmation() {
  const { order } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <MessagePanel title={t("recipient.confirmationTitle")} backLabel={t("notFound.back")}>
      <p className="mt-4">{t("recipient.confirmationText")}</p>
      <h2 className="mt-6 text-xl font-semibold">{t("recipient.orderTitle")}</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t("recipient.orderProduct")}</dt>
        <dd>{order.product}</dd>
        <dt className="font-medium">{t("recipient.orderNumber")}</dt>
        <dd>{order.number}</dd>
        <dt className="font-medium">{t("recipient.orderStatus")}</dt>
        <dd>{t(`recipient.orderStatuses.${order.status}`)}</dd>
      </dl>
    </MessagePanel>
  );
}
