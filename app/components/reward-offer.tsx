import { Link } from "@remix-run/react";
import type { RewardOffer } from "#bff/reward/rules";
import { useTranslation } from "~/i18n/use-translation";
import { rewardOfferText } from "~/reward-offer-text";

/**
 * What a recommendation brings each side, in the one sentence every page uses (decision 071), each side on a line of
 * its own where `stacked`. `friendUpTo` before the split is chosen.
 */
export function RewardOfferLine({
  offer,
  friendUpTo = false,
  stacked = false,
}: {
  offer: RewardOffer;
  friendUpTo?: boolean;
  stacked?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const text = rewardOfferText(t, offer, i18n.language, { friendUpTo });
  if (!stacked) return <>{text.sentence}</>;
  return (
    <>
      {text.forYou ? <span className="block">{text.forYou}</span> : null}
      <span className="block">{text.forFriend}</span>
    </>
  );
}

/** A journey's end that leads on: an invitation to recommend, with what a recommendation brings each side. */
export function InviteToRecommend({
  id,
  title,
  text,
  action,
  offer,
}: {
  id: string;
  title: string;
  text: string;
  action: string;
  offer: RewardOffer;
}) {
  return (
    // Paragraphs 1.5 times their font size apart (WCAG 1.4.8, on the recipient's confirmation).
    <section aria-labelledby={`${id}-title`} className="card mt-6 space-y-2 [&>p+p]:!mt-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <p>{text}</p>
      <p className="font-semibold">
        <RewardOfferLine offer={offer} friendUpTo stacked />
      </p>
      <Link to="/empfehlen" className="btn btn-primary">
        {action}
      </Link>
    </section>
  );
}
