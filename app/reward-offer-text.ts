// An offer of the one reward model (bff/reward/rules.ts, decision 071) in words, the same on every page and in the
// message a friend receives: "Sie: 50 € aufs Konto oder 70 € als Gutschein – Ihr Kontakt: bis zu 50 €".
import type { RewardOffer } from "#bff/reward/rules";
import { formatCents } from "./format";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Each side's part and the two as one sentence. `friendUpTo` where the split is not chosen yet: the friend's part is
 * then the most they can get. The recommender's part is left out where nothing can be said of it.
 */
export function rewardOfferText(t: Translate, offer: RewardOffer, locale: string, { friendUpTo = false } = {}) {
  const euros = (cents: number) => formatCents(cents, locale);
  const yours = recommenderPart(t, offer, euros);
  const friend =
    offer.friendCents > 0
      ? t(friendUpTo ? "rewardOffer.upTo" : "rewardOffer.amount", { amount: euros(offer.friendCents) })
      : t("rewardOffer.nothing");
  const forYou = yours ? t("rewardOffer.forYou", { what: yours }) : null;
  const forFriend = t("rewardOffer.forFriend", { what: friend });
  return { yours, forYou, forFriend, sentence: forYou ? `${forYou} – ${forFriend}` : forFriend };
}
export type RewardOfferText = ReturnType<typeof rewardOfferText>;

function recommenderPart(t: Translate, { cashCents, voucherCents, upToCents }: RewardOffer, euros: (cents: number) => string) {
  const known = [cashCents, voucherCents, upToCents].filter((cents): cents is number => cents !== null);
  if (!known.length) return null;
  if (known.every((cents) => cents === 0)) return t("rewardOffer.nothing");
  if (cashCents && voucherCents) return t("rewardOffer.cashOrVoucher", { cash: euros(cashCents), voucher: euros(voucherCents) });
  if (cashCents) return t("rewardOffer.cash", { cash: euros(cashCents) });
  if (voucherCents) return t("rewardOffer.voucher", { voucher: euros(voucherCents) });
  return t("rewardOffer.upTo", { amount: euros(Math.max(...known)) });
}
