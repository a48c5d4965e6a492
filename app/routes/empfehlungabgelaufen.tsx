import type { LoaderFunctionArgs } from "@remix-run/node";
import { LinkList } from "~/components/link-list";
import { MessagePanel } from "~/components/message-panel";
import { titleOnly } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

/** Where unknown, expired and forged links all land: each unfurls as the brand alone, so that none can be told from another. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return { ...(await titleOnly(request, context, "recipient.expiredTitle")), previewAsBrand: true };
}

/** An ended recommendation link: what happened, and the ways on (a new link, a code, the offers, a question). */
export default function RecommendationExpired() {
  const { t } = useTranslation();
  return (
    <MessagePanel title={t("recipient.expiredTitle")} backLabel={t("notFound.back")}>
      <p role="alert" className="mt-4">
        {t("errors:recommendationNotPossible")}
      </p>
      <h2 className="mt-6 text-lg font-semibold">{t("recipient.expiredNextTitle")}</h2>
      <p className="mt-2">{t("recipient.expiredAskAgain")}</p>
      <LinkList
        links={[
          { to: "/code", label: t("recipient.startOver") },
          { to: "/empfehlen", label: t("recipient.expiredOffers") },
          { to: "/kontakt", label: t("recipient.expiredContact") },
        ]}
      />
    </MessagePanel>
  );
}
