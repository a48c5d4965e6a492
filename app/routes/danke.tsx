import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { detectLocale } from "#bff/locale.server";
import { MessagePanel } from "~/components/message-panel";
import { fixedT } from "~/i18n/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? "" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { title: fixedT(await detectLocale(request))("thanks.metaTitle") };
}

/** DankeStepsOfflineEmpfehlung: the steps after an offline recommendation. */
export default function OfflineRecommendationThanks() {
  const { t } = useTranslation();
  const steps = t("thanks.steps", { returnObjects: true }) as string[];
  return (
    <MessagePanel title={t("thanks.title")} backLabel={t("notFound.back")}>
      <h2 className="mt-6 text-xl font-semibold">{t("thanks.stepsTitle")}</h2>
      <ol className="mt-2 list-decimal space-y-1 pl-6">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="mt-4">
        <Link to="/code" className="text-brand underline">
          {t("enterCode")}
        </Link>
      </p>
    </MessagePanel>
  );
}
