import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadBookingState } from "#bff/tenant-reads/reward-flow.server";
import { MessagePanel } from "~/components/message-panel";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "rewardChosen" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await context.requestContext(request);
  const booking = await loadBookingState(request, context.bff, ctx.api);
  const kind = booking.state === "collected" ? (booking.chosen?.Art ?? null) : null;
  // No offer to buy more in the pickup, its end included (issue 37): the personal area carries the programme's banner.
  return { title: fixedT(ctx.texts)("reward.thanksMetaTitle"), kind };
}

export default function RewardThanks() {
  const { kind } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const text =
    kind === "Gutschein" ? t("reward.thanksVoucher") : kind === "Ueberweisung" ? t("reward.thanksTransfer") : t("reward.thanksGeneric");
  return (
    <MessagePanel title={t("reward.thanksTitle")} backLabel={t("notFound.back")}>
      <p className="mt-4">{text}</p>
    </MessagePanel>
  );
}
