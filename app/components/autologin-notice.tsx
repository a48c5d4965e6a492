import { useTranslation } from "~/i18n/use-translation";
import { MessagePanel } from "./message-panel";

/** In autologin mode the tenant's site manages the login: the e-mail-and-password pages say so instead. */
export function AutologinNotice({ tenantName }: { tenantName: string }) {
  const { t } = useTranslation();
  return (
    <MessagePanel title={t("autologin.title", { tenant: tenantName })} backLabel={t("notFound.back")}>
      <p className="mt-4">{t("autologin.text", { tenant: tenantName })}</p>
    </MessagePanel>
  );
}
