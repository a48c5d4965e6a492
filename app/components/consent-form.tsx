import { type Consent, consentCategories } from "#bff/platform/domain";
import { Button } from "~/components/button";
import { PortalForm } from "~/components/portal-form";
import { useTranslation } from "~/i18n/use-translation";

const ANSWER_TEXTS = { all: "consent.acceptAll", save: "consent.saveChoice", necessary: "consent.onlyNecessary" } as const;

/** One of the consent form's answers, told apart by its `intent`; 'accept all' stands out. */
function AnswerButton({ intent, size }: { intent: keyof typeof ANSWER_TEXTS; size: "normal" | "compact" }) {
  const { t } = useTranslation();
  return (
    <Button
      look={intent === "all" ? "primary" : "secondary"}
      name="intent"
      value={intent}
      className={size === "compact" ? "px-3 py-1.5 text-sm font-medium" : ""}
    >
      {t(ANSWER_TEXTS[intent])}
    </Button>
  );
}

/** The four consent categories (required always on) and three ways to answer; a plain form. */
export function ConsentForm({ consent, redirectTo }: { consent: Consent | null; redirectTo: string }) {
  const { t } = useTranslation();
  return (
    <PortalForm method="post" action="/einwilligung" className="space-y-3">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p>{t("consent.intro")}</p>
      <fieldset className="space-y-2">
        <legend className="sr-only">{t("consent.categoriesLegend")}</legend>
        <div className="flex items-start gap-2">
          <input type="checkbox" id="consent-required" checked disabled className="mt-1 h-5 w-5" />
          <label htmlFor="consent-required">
            <span className="font-medium">{t("consent.categories.required")}</span> – {t("consent.explained.required")}
          </label>
        </div>
        {consentCategories.map((category) => (
          <div key={category} className="flex items-start gap-2">
            <input
              type="checkbox"
              id={`consent-${category}`}
              name={category}
              defaultChecked={consent?.[category] ?? false}
              className="mt-1 h-5 w-5"
            />
            <label htmlFor={`consent-${category}`}>
              <span className="font-medium">{t(`consent.categories.${category}`)}</span> – {t(`consent.explained.${category}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <AnswerButton intent="all" size="normal" />
        <AnswerButton intent="save" size="normal" />
        <AnswerButton intent="necessary" size="normal" />
      </div>
    </PortalForm>
  );
}

/**
 * Shown until a choice is made, first on the page: it never covers what the visitor came for, and
 * keyboard and screen-reader users meet it first. Compact, so that a recipient's form still starts on
 * a phone's first screen: one sentence and the two quick answers; the categories open in place
 * (`<details>`, no JavaScript needed) (docs/decisions/017).
 */
export function ConsentBanner({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("consent.title")} data-banner className="border-b-4 border-brand-ink bg-slate-50 px-4 py-1 text-sm">
      <div className="mx-auto max-w-3xl">
        <PortalForm method="post" action="/einwilligung" className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <p className="min-w-0 flex-1 basis-64">{t("consent.short")}</p>
          <span className="flex flex-wrap gap-2">
            <AnswerButton intent="all" size="compact" />
            <AnswerButton intent="necessary" size="compact" />
          </span>
        </PortalForm>
        <details>
          <summary className="cursor-pointer text-brand-ink underline">{t("consent.choose")}</summary>
          <div className="mt-2">
            <ConsentForm consent={null} redirectTo={redirectTo} />
          </div>
        </details>
      </div>
    </section>
  );
}
