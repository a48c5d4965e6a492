import { useTranslation } from "~/i18n/use-translation";
import { MessagePanel } from "./message-panel";

/** The friendly technical-error message, in the page's language; never a stack trace. */
export function ErrorPanel({ status }: { status: number }) {
  const { t } = useTranslation();
  if (status === 404) {
    return (
      <MessagePanel title={t("notFound.title")} backLabel={t("notFound.back")}>
        <p className="mt-4">{t("notFound.text")}</p>
      </MessagePanel>
    );
  }
  const message = status === 403 ? t("errors:forbidden") : status === 503 ? t("errors:network") : t("errors:technical");
  return (
    <MessagePanel title={t("errorPage.title")} backLabel={t("errorPage.back")}>
      <p role="alert" className="mt-4">
        {message}
      </p>
    </MessagePanel>
  );
}
