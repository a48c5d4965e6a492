import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { detectLocale } from "#bff/locale.server";
import { MessagePanel } from "~/components/message-panel";
import { fixedT } from "~/i18n/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? "" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { title: fixedT(await detectLocale(request))("recipient.expiredTitle") };
}

export default function RecommendationExpired() {
  const { t } = useTranslation();
  return (
    <MessagePanel title={t("recipient.expiredTitle")} backLabel={t("notFound.back")}>
      <p role="alert" className="mt-4">
        {t("errors:recommendationNotPossible")}
      </p>
      <p className="mt-4">
        <Link to="/code" className="text-brand underline">
          {t("recipient.startOver")}
        </Link>
      </p>
    </MessagePanel>
  );
}
