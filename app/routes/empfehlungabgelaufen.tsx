import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { MessagePanel } from "~/components/message-panel";
import { titleOnly } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

export function loader({ request, context }: LoaderFunctionArgs) {
  return titleOnly(request, context.bff, "recipient.expiredTitle");
}

export default function RecommendationExpired() {
  const { t } = useTranslation();
  return (
    <MessagePanel title={t("recipient.expiredTitle")} backLabel={t("notFound.back")}>
      <p role="alert" className="mt-4">
        {t("errors:recommendationNotPossible")}
      </p>
      <p className="mt-4">
        <Link to="/code" className="text-brand-ink underline">
          {t("recipient.startOver")}
        </Link>
      </p>
    </MessagePanel>
  );
}
