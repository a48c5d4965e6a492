import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Button } from "./button";

type RewardCard = { id: number; name: string; value: string; kind: "Ueberweisung" | "Gutschein"; until: string | null };

/** Which cards (counted from 1) the row shows whole, read from where it is scrolled to. */
function visibleCards(row: HTMLUListElement) {
  const cards = [...row.children] as HTMLElement[];
  const left = row.scrollLeft;
  const right = left + row.clientWidth;
  const whole = cards
    .map((card, index) => ({
      index: index + 1,
      from: card.offsetLeft - row.offsetLeft,
      to: card.offsetLeft - row.offsetLeft + card.offsetWidth,
    }))
    .filter(({ from, to }) => from >= left - 1 && to <= right + 1);
  const first = whole[0]?.index ?? 1;
  return { first, last: whole.at(-1)?.index ?? first };
}

/**
 * Without JavaScript: a row of cards to scroll, each with a link to its detail section below.
 * With it: buttons move the row, and the details open in a modal dialog.
 */
export function RewardCarousel({ rewards }: { rewards: RewardCard[] }) {
  const { t } = useTranslation();
  const row = useRef<HTMLUListElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState<RewardCard | null>(null);
  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);

  const [shown, setShown] = useState({ first: 1, last: Math.min(rewards.length, 1) });
  const showPosition = () => {
    if (row.current) setShown(visibleCards(row.current));
  };
  useEffect(showPosition, [enhanced]);
  const atStart = shown.first <= 1;
  const atEnd = shown.last >= rewards.length;
  const move = (direction: 1 | -1) => {
    if (direction === 1 ? atEnd : atStart) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.8, behavior: reduced ? "auto" : "smooth" });
  };

  return (
    <div className="space-y-4">
      <div className="relative">
        <ul
          ref={row}
          aria-label={t("rewardsOverview.carousel")}
          onScroll={enhanced ? showPosition : undefined}
          className="flex snap-x gap-4 overflow-x-auto pb-2"
        >
          {rewards.map((reward) => (
            <li key={reward.id} className="w-64 shrink-0 snap-start rounded border border-slate-300 p-4">
              <img src={`/praemienbild/${reward.id}/grafik100`} alt="" width={100} height={100} />
              <h2 className="mt-2 text-lg font-semibold">{reward.name}</h2>
              <p className="text-2xl font-bold">{reward.value}</p>
              <a
                href={`#praemie-${reward.id}`}
                className="text-brand-ink underline"
                onClick={(event) => {
                  if (!enhanced) return;
                  event.preventDefault();
                  setOpen(reward);
                }}
              >
                {t("rewardsOverview.details", { name: reward.name })}
              </a>
            </li>
          ))}
        </ul>
        {enhanced ? (
          <div className="mt-2 flex items-center gap-2">
            {/* aria-disabled, not disabled: a button that disables itself under the keyboard would drop focus to the page. */}
            <Button look="secondary" type="button" onClick={() => move(-1)} aria-disabled={atStart}>
              {t("rewardsOverview.previous")}
            </Button>
            <Button look="secondary" type="button" onClick={() => move(1)} aria-disabled={atEnd}>
              {t("rewardsOverview.next")}
            </Button>
            <p aria-live="polite" className="ml-2 text-sm text-slate-700">
              {shown.first === shown.last
                ? t("rewardsOverview.positionOne", { first: shown.first, count: rewards.length })
                : t("rewardsOverview.positionMany", { first: shown.first, last: shown.last, count: rewards.length })}
            </p>
          </div>
        ) : null}
      </div>
      {enhanced ? (
        <dialog
          ref={dialog}
          aria-labelledby="reward-dialog-title"
          onClose={() => setOpen(null)}
          className="max-w-md rounded p-6 backdrop:bg-black/50"
        >
          {open ? (
            <>
              <RewardDetail reward={open} titleId="reward-dialog-title" />
              <form method="dialog" className="mt-4">
                <Button>{t("rewardsOverview.close")}</Button>
              </form>
            </>
          ) : null}
        </dialog>
      ) : (
        rewards.map((reward) => (
          <section
            key={reward.id}
            id={`praemie-${reward.id}`}
            aria-labelledby={`praemie-${reward.id}-title`}
            className="rounded border border-slate-200 p-4 target:border-brand-ink"
          >
            <RewardDetail reward={reward} titleId={`praemie-${reward.id}-title`} />
          </section>
        ))
      )}
    </div>
  );
}

function RewardDetail({ reward, titleId }: { reward: RewardCard; titleId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h3 id={titleId} className="text-lg font-semibold">
        {reward.name}: {reward.value}
      </h3>
      <p>{t(`reward.kinds.${reward.kind}`)}</p>
      {reward.until ? <p>{t("reward.validUntil", { date: reward.until })}</p> : null}
      <p className="mt-2">{t(`rewardsOverview.payout.${reward.kind}`)}</p>
    </>
  );
}
