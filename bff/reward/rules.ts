// The one reward model (docs/decisions/056): which rewards are valid, the best a recommendation of a
// product brings, and what the recommender and the friend each get after the chosen split.
import type { Reward } from "./replies";

/** Valid from its start date, until its end date if it has one (dates as YYYY-MM-DD). */
export function isRewardValid(reward: Pick<Reward, "Startdatum" | "Enddatum">, today: string) {
  return reward.Startdatum <= today && (!reward.Enddatum || reward.Enddatum >= today);
}

/**
 * The best a recommendation of a product brings the recommender, in cents: the highest of the rewards
 * valid today that the product lists, or, where it lists none, the tenant's best (GET produkt/maxpraemiewert).
 * Null where nothing can be said: a product whose listed rewards are none valid today, or no tenant figure.
 */
export function bestRewardCents(
  tenantBestCents: number | null,
  productRewards: readonly Pick<Reward, "Startdatum" | "Enddatum" | "WertCent">[] | null | undefined,
  today: string,
): number | null {
  if (!productRewards?.length) return tenantBestCents;
  const valid = productRewards.filter((reward) => isRewardValid(reward, today));
  return valid.length ? Math.max(...valid.map((reward) => reward.WertCent)) : null;
}

export type RewardSplit = {
  /** The recommender's share of the product's best reward; null where that best is not known. */
  recommenderCents: number | null;
  /** The friend's share of the tenant's recipient reward, as the backend pays it (GET /empfaenger/{nr}/praemie). */
  friendCents: number;
};

/** What each side gets after the split; `recommenderShare` is the recommender's per cent (AnteilEmpfehler: 0, 50 or 100). */
export function rewardSplit(bestCents: number | null, recipientMaxCents: number, recommenderShare: number): RewardSplit {
  return {
    recommenderCents: bestCents === null ? null : Math.round((bestCents * recommenderShare) / 100),
    friendCents: Math.round((recipientMaxCents * (100 - recommenderShare)) / 100),
  };
}

/** Where a recommendation's reward stands for the recommender's money: paid out or picked up, on its way, or neither (none, cancelled, expired). */
export function payoutStage(payoutStatus: string | null | undefined): "earned" | "pending" | null {
  if (payoutStatus === "Ausgezahlt" || payoutStatus === "Abgeholt") return "earned";
  if (payoutStatus === "Offen" || payoutStatus === "Bereitgestellt") return "pending";
  return null;
}

export type RecommendationReward = { PraemienStatus?: string | null; PraemieWertCent?: number | null };

/**
 * The money a recommender has earned and has on its way, in cents, over all their recommendations;
 * null where a reward that counts lacks its amount (an older backend), since a partial sum would mislead.
 */
export function earningsOf(recommendations: readonly RecommendationReward[]): { earnedCents: number; pendingCents: number } | null {
  const counted = recommendations.filter((item) => payoutStage(item.PraemienStatus) !== null);
  if (!counted.every((item) => typeof item.PraemieWertCent === "number")) return null;
  const sum = (stage: "earned" | "pending") =>
    counted.filter((item) => payoutStage(item.PraemienStatus) === stage).reduce((total, item) => total + (item.PraemieWertCent ?? 0), 0);
  return { earnedCents: sum("earned"), pendingCents: sum("pending") };
}
