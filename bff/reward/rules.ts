// The one reward model (docs/decisions/056 and 071): which rewards are valid, what a recommendation of a tenant's
// product brings the recommender (by kind) and the friend, and what each gets after the chosen split.
import type { Reward } from "./replies";

/** Valid from its start date, until its end date if it has one (dates as YYYY-MM-DD). */
export function isRewardValid(reward: Pick<Reward, "Startdatum" | "Enddatum">, today: string) {
  return reward.Startdatum <= today && (!reward.Enddatum || reward.Enddatum >= today);
}

type OfferedReward = Pick<Reward, "Startdatum" | "Enddatum" | "WertCent" | "Art">;

/**
 * What a recommendation brings each side (decision 071), in cents. The recommender's rewards are told by kind, as the
 * pickup offers them; where the kinds cannot be read only the tenant's best figure is known (`upToCents`).
 */
export type RewardOffer = {
  /** The recommender's highest transfer valid today; null where none is offered. */
  cashCents: number | null;
  /** The recommender's highest voucher valid today; null where none is offered. */
  voucherCents: number | null;
  /** The tenant's best figure (GET produkt/maxpraemiewert) where no list of rewards can be read; null otherwise. */
  upToCents: number | null;
  /** The friend's part: the tenant's recipient maximum (MaxEmpfaengerPraemieCent) before a split, as the backend pays it. */
  friendCents: number;
};

type OfferSources = {
  /** The product's own rewards (`Praemien`); where it lists some, only these count, even when none is valid today. */
  productRewards?: readonly OfferedReward[] | null;
  /** The tenant's rewards (GET /praemie); null where they cannot be read now. */
  tenantRewards: readonly OfferedReward[] | null;
  tenantBestCents: number | null;
  recipientMaxCents: number;
};

function highestOfKind(rewards: readonly OfferedReward[], kind: Reward["Art"], today: string) {
  const values = rewards.filter((reward) => reward.Art === kind && isRewardValid(reward, today)).map((reward) => reward.WertCent);
  return values.length ? Math.max(...values) : null;
}

/** The one offer a tenant or product makes: the product's listed rewards, else the tenant's, else the tenant's best figure. */
export function rewardOffer(
  { productRewards, tenantRewards, tenantBestCents, recipientMaxCents }: OfferSources,
  today: string,
): RewardOffer {
  const listed = productRewards?.length ? productRewards : tenantRewards;
  if (!listed) return { cashCents: null, voucherCents: null, upToCents: tenantBestCents, friendCents: recipientMaxCents };
  return {
    cashCents: highestOfKind(listed, "Ueberweisung", today),
    voucherCents: highestOfKind(listed, "Gutschein", today),
    upToCents: null,
    friendCents: recipientMaxCents,
  };
}

const shareOf = (cents: number | null, percent: number) => (cents === null ? null : Math.round((cents * percent) / 100));

/** The friend's part of the tenant's recipient maximum after the split, as the backend pays it (GET /empfaenger/{nr}/praemie). */
export function friendPartCents(recipientMaxCents: number, recommenderShare: number) {
  return shareOf(recipientMaxCents, 100 - recommenderShare) ?? 0;
}

/** What each side gets after the split; `recommenderShare` is the recommender's per cent (AnteilEmpfehler: 0, 50 or 100). */
export function splitOffer(offer: RewardOffer, recommenderShare: number): RewardOffer {
  return {
    cashCents: shareOf(offer.cashCents, recommenderShare),
    voucherCents: shareOf(offer.voucherCents, recommenderShare),
    upToCents: shareOf(offer.upToCents, recommenderShare),
    friendCents: friendPartCents(offer.friendCents, recommenderShare),
  };
}

/** Where a recommendation's reward stands for the recommender's money: paid out or picked up, on its way, or neither (none, cancelled, expired). */
export function payoutStage(payoutStatus: string | null | undefined): "earned" | "pending" | null {
  if (payoutStatus === "Ausgezahlt" || payoutStatus === "Abgeholt") return "earned";
  if (payoutStatus === "Offen" || payoutStatus === "Bereitgestellt") return "pending";
  return null;
}

/**
 * A pending reward the recommender still chooses: where its product offers a transfer and a voucher of different
 * values, both amounts after the recommendation's split (the backend's amount is the higher one after it); else
 * null, and the backend's amount stands alone.
 */
export function pendingChoiceCents(offer: RewardOffer, amountCents: number): { cashCents: number; voucherCents: number } | null {
  const { cashCents, voucherCents } = offer;
  if (cashCents === null || voucherCents === null || cashCents === voucherCents) return null;
  const share = amountCents / Math.max(cashCents, voucherCents);
  return { cashCents: Math.round(cashCents * share), voucherCents: Math.round(voucherCents * share) };
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
