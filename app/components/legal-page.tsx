import { useTranslation } from "~/i18n/use-translation";
import { ContentText } from "./content-text";
import { PageSection } from "./page-section";

type LegalPageProps = { id: string; title: string; text: string | null; children?: React.ReactNode };

/** A legal page's text from the CMS; without it, the page's own default (`children`), else a message. */
export function LegalPage({ id, title, text, children }: LegalPageProps) {
  const { t } = useTranslation();
  return (
    <PageSection id={id} title={title} width="3xl">
      {text ? <ContentText text={text} /> : (children ?? <p role="alert">{t("errors:contentUnavailable")}</p>)}
    </PageSection>
  );
}
