import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireLoginIfForced } from "~/access/recommender.server";
import { MessagePanel } from "~/components/message-panel";
import { titleOnly } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "offlineCodeEntered" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context);
  return titleOnly(request, context, "thanks.metaTitle");
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
        <Link to="/code" className="text-brand-ink underline">
          {t("enterCode")}
        </Link>
      </p>
    </MessagePanel>
  );
}
