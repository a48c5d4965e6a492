import { useTranslation } from "~/i18n/use-translation";
import { ContentText } from "./content-text";
import { PageSection } from "./page-section";

export function LegalPage({ id, title, text }: { id: string; title: string; text: string | null }) {
  const { t } = useTranslation();
  return (
    <PageSection id={id} title={title} width="3xl">
      {text ? <ContentText text={text} /> : <p role="alert">{t("errors:contentUnavailable")}</p>}
    </PageSection>
  );
}
