import { useTranslation } from "~/i18n/use-translation";
import { termsParts } from "~/terms-text";

/** A consent text whose documents open in a new tab, so that the form and what was typed stay. */
export function TermsText({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <>
      {termsParts(text).map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} target="_blank" rel="noopener" className="text-brand-ink underline">
            {part.text}
            <span className="sr-only"> ({t("opensInNewTab")})</span>
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
