import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadBookingState, rewardOfferOf } from "#bff/tenant-reads/reward-flow.server";
import { MessagePanel } from "~/components/message-panel";
import { InviteToRecommend } from "~/components/reward-offer";
import { formatCents } from "~/format";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "rewardChosen" };

/** The pickup's end: the reward chosen with its amount, when it comes, and the way to recommend again. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await context.requestContext(request);
  const [booking, offer] = await Promise.all([
    loadBookingState(request, context.bff, ctx.api, context.linkLookups),
    rewardOfferOf(context.bff, ctx, null),
  ]);
  const chosen = booking.state === "collected" ? booking.chosen : null;
  return {
    title: fixedT(ctx.texts)("reward.thanksMetaTitle"),
    chosen: chosen ? { name: chosen.Name, amount: formatCents(chosen.WertCent, ctx.locale), kind: chosen.Art } : null,
    offer,
  };
}

export default function RewardThanks() {
  const { chosen, offer } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const when =
    chosen?.kind === "Gutschein"
      ? t("reward.thanksVoucher")
      : chosen?.kind === "Ueberweisung"
        ? t("reward.thanksTransfer")
        : t("reward.thanksGeneric");
  return (
    <MessagePanel title={t("reward.thanksTitle")} backLabel={t("notFound.back")} look="success">
      {chosen ? <p className="mt-4 text-lg font-semibold">{t("reward.thanksChosen", chosen)}</p> : null}
      <p className="mt-2">{when}</p>
      <InviteToRecommend
        id="again"
        title={t("reward.againTitle")}
        text={t("reward.againText")}
        action={t("reward.againAction")}
        offer={offer}
      />
    </MessagePanel>
  );
}
