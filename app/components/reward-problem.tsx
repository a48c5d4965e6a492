import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { MessagePanel } from "./message-panel";

/** An invalid, expired or used reward link, with the ways forward: the personal area, a new link, the contact form. */
export function RewardProblem({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <MessagePanel title={title} backLabel={t("notFound.back")}>
      <p role="alert" className="mt-4">
        {message}
      </p>
      <p className="mt-4">{t("reward.areaWay")}</p>
      <p className="mt-3 flex flex-wrap gap-3">
        <Link to="/persoenlicherbereich" className="btn btn-primary">
          {t("reward.areaAction")}
        </Link>
        <Link to="/empfehlen" className="btn btn-secondary">
          {t("reward.newLinkAction")}
        </Link>
      </p>
      <p className="mt-4">
        {t("reward.wayForward")}{" "}
        <Link to="/kontakt" className="text-brand-ink underline">
          {t("reward.contact")}
        </Link>
      </p>
    </MessagePanel>
  );
}
