import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { optionalPart } from "#bff/core/optional-part.server";
import { requestContext } from "#bff/core/request-context.server";
import { getRewardBanner } from "#bff/reward/reward.server";
import { loadBookingState } from "#bff/reward/reward-flow.server";
import { MessagePanel } from "~/components/message-panel";
import { ProgrammeBanner } from "~/components/programme-banner";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "rewardChosen" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await requestContext(request, context.bff);
  const booking = await loadBookingState(request, context.bff, page.api);
  const kind = booking.state === "collected" ? (booking.chosen?.Art ?? null) : null;
  // The offer to do more comes once the reward is picked up, not in the middle of it.
  const banner = await optionalPart(context.bff, "rewardBanner", () => getRewardBanner(page.api), { ShowBanner: false });
  return { title: fixedT(page.texts)("reward.thanksMetaTitle"), kind, showBanner: banner.ShowBanner };
}

export default function RewardThanks() {
  const { kind, showBanner } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const text =
    kind === "Gutschein" ? t("reward.thanksVoucher") : kind === "Ueberweisung" ? t("reward.thanksTransfer") : t("reward.thanksGeneric");
  return (
    <MessagePanel title={t("reward.thanksTitle")} backLabel={t("notFound.back")}>
      <p className="mt-4">{text}</p>
      {showBanner ? <ProgrammeBanner /> : null}
    </MessagePanel>
  );
}
