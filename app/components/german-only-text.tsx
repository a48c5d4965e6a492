import { useTranslation } from "~/i18n/use-translation";

/**
 * A tenant's text that its backend gives in German only (its configuration's PraemienText): on a page in
 * another language it is marked as German, so a screen reader speaks it as German (WCAG 3.1.2).
 */
export function GermanOnlyText({ text, className }: { text: string; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <p className={className} lang={i18n.language.startsWith("de") ? undefined : "de"}>
      {text}
    </p>
  );
}
