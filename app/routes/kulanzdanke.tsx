import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { detectLocale } from "#bff/locale.server";
import { MessagePanel } from "~/components/message-panel";
import { fixedT } from "~/i18n/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? "" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { title: fixedT(await detectLocale(request))("reward.goodwillTitle") };
}

export default function GoodwillThanks() {
  const { t } = useTranslation();
  return (
    <MessagePanel title={t("reward.goodwillTitle")} backLabel={t("notFound.back")}>
      <p className="mt-4">{t("reward.goodwillText")}</p>
    </MessagePanel>
  );
}
