import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { pageTextSet } from "#bff/portal/request-context.server";
import { MessagePanel } from "~/components/message-panel";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? "404" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = fixedT(await pageTextSet(request, context.bff, context.deadlineAt));
  return data({ title: t("notFound.metaTitle") }, { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <MessagePanel title={t("notFound.title")} backLabel={t("notFound.back")}>
      <p className="mt-4">{t("notFound.text")}</p>
    </MessagePanel>
  );
}
