import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requestContext } from "#bff/core/request-context.server";
import { loadSharedRecommendation } from "#bff/recommender/recommend-flow.server";
import { personalLink } from "~/access/recipient.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import { MessagePanel } from "~/components/message-panel";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "recommendationCreated" };

/** EmpfehlungBestaetigung: the recommendation exists; the next step is sharing it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context.bff);
  const number = new URL(request.url).searchParams.get("empfehlung");
  if (!number) throw new Response(null, { status: 404 });
  const { api, locale, user, tenant } = await requestContext(request, context.bff);
  const recommendation = await loadSharedRecommendation(api, number);
  return {
    title: fixedT(locale)("recommend.createdTitle"),
    number: recommendation.Empfehlungsnummer,
    product: recommendation.Produkt.Name,
    link: personalLink(recommendation, tenant.origin),
    loggedIn: Boolean(user),
  };
}

export default function RecommendationCreated() {
  const { number, product, link, loggedIn } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <MessagePanel title={t("recommend.createdTitle")} backLabel={t("notFound.back")}>
      <p className="mt-4">{t("recommend.createdText", { product })}</p>
      <p className="mt-2 break-all font-mono">{link}</p>
      {loggedIn ? null : <p className="mt-2">{t("recommend.createdConfirmMail")}</p>}
      <p className="mt-6">
        <Link to={`/empfehlung/${encodeURIComponent(number)}`} className="btn btn-primary">
          {t("share.now")}
        </Link>
      </p>
    </MessagePanel>
  );
}
