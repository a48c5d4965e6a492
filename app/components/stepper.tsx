import type { JourneyStep } from "#bff/for-recipients/recipient-flow.server";
import { useTranslation } from "~/i18n/use-translation";

const MARKS = {
  done: "bg-green-700 text-white",
  current: "bg-brand text-brand-on",
  next: "border-2 border-slate-500 text-slate-700",
} as const;

/**
 * Where the recipient is in the journey: the numbered steps of this tenant, each done, current or
 * next; `done` when every step is behind them (the confirmation).
 */
export function Stepper({ steps, current }: { steps: JourneyStep[]; current: JourneyStep | "done" }) {
  const { t } = useTranslation();
  const at = current === "done" ? steps.length : steps.indexOf(current);
  return (
    <ol aria-label={t("stepper.label")} className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      {steps.map((step, index) => {
        const state = index < at ? "done" : index === at ? "current" : "next";
        return (
          <li key={step} aria-current={state === "current" ? "step" : undefined} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full font-semibold ${MARKS[state]}`}
            >
              {state === "done" ? "✓" : index + 1}
            </span>
            <span className={state === "current" ? "font-semibold" : "text-slate-700"}>{t(`stepper.${step}`)}</span>
            {state === "done" ? <span className="sr-only"> ({t("stepper.done")})</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The reward the data page promised, kept in view on the later steps. */
export function RewardSummary({ amount }: { amount: string | null }) {
  const { t } = useTranslation();
  return amount ? <p className="notice notice-info font-semibold">{t("recipient.rewardSummary", { amount })}</p> : null;
}
