import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { MessagePanel } from "./message-panel";

/**
 * An invalid, expired or used reward link, with the ways forward: the personal area, a new link, the contact form.
 * An expired one says the reward is kept, and leads to where a new pickup link is sent (the personal area's).
 */
export function RewardProblem({ title, message, expired = false }: { title: string; message: string; expired?: boolean }) {
  const { t } = useTranslation();
  return (
    <MessagePanel title={title} backLabel={t("notFound.back")}>
      <p role="alert" className="mt-4">
        {message}
      </p>
      <p className="mt-6">{t(expired ? "reward.expiredKept" : "reward.areaWay")}</p>
      <p className="mt-6 flex flex-wrap gap-3">
        <Link to="/persoenlicherbereich" className="btn btn-primary">
          {t(expired ? "reward.newPickupLinkAction" : "reward.areaAction")}
        </Link>
        {expired ? null : (
          <Link to="/empfehlen" className="btn btn-secondary">
            {t("reward.newLinkAction")}
          </Link>
        )}
      </p>
      <p className="mt-6">
        {t("reward.wayForward")}{" "}
        <Link to="/kontakt" className="text-brand-ink underline">
          {t("reward.contact")}
        </Link>
      </p>
    </MessagePanel>
  );
}
