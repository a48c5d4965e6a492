import type { SplitView } from "~/format";
import { useTranslation } from "~/i18n/use-translation";

/** What a split brings each side, in one sentence: the recommender's part said also when it is nothing. */
export function SplitText({ split }: { split: SplitView }) {
  const { t } = useTranslation();
  const forYou = split.yours !== null && !split.yoursNothing;
  if (forYou) return <>{t(split.friend ? "rewardSplit.both" : "rewardSplit.yours", { yours: split.yours, friend: split.friend })}</>;
  if (!split.friend) return null;
  return <>{t(split.yoursNothing ? "rewardSplit.friendNotYou" : "rewardSplit.friend", { friend: split.friend })}</>;
}
