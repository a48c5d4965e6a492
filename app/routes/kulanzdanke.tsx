import type { LoaderFunctionArgs } from "@remix-run/node";
import { MessagePanel } from "~/components/message-panel";
import { titleOnly } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

export function loader({ request, context }: LoaderFunctionArgs) {
  return titleOnly(request, context, "reward.goodwillMetaTitle");
}

export default function GoodwillThanks() {
  const { t } = useTranslation();
  return (
    <MessagePanel title={t("reward.goodwillTitle")} backLabel={t("notFound.back")}>
      <p className="mt-4">{t("reward.goodwillText")}</p>
    </MessagePanel>
  );
}
