import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getAgencyStatistics } from "#bff/agency/agency.server";
import { requireAgencyPermission } from "~/access/agency.server";
import { BarChart } from "~/components/bar-chart";
import { KeyFigures } from "~/components/key-figures";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

const KEY_FIGURES = ["Empfehler", "Interessenten", "AuftraegeOffen", "AuftraegeFreigegeben", "Einladungen"] as const;

/** The overview (tab 'dashboard'): the reports' numbers, and leads and orders per month as a chart. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAgencyPermission(request, context.bff, "StatistikReport");
  const { api, texts } = await context.requestContext(request);
  const statistics = await getAgencyStatistics(api);
  return {
    title: fixedT(texts)("agency.tabs.dashboard"),
    figures: KEY_FIGURES.map((key) => ({ key, value: statistics[key] })),
    months: statistics.ProMonat.map((month) => `${month.Monat.slice(5, 7)}/${month.Monat.slice(0, 4)}`),
    leads: statistics.ProMonat.map((month) => month.Interessenten),
    orders: statistics.ProMonat.map((month) => month.Auftraege),
    orderStates: [statistics.AuftraegeOffen, statistics.AuftraegeFreigegeben],
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export default function AgencyDashboard() {
  const { title, figures, months, leads, orders, orderStates } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dashboard-title" className="space-y-6">
      <h1 id="dashboard-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <KeyFigures
        columns="grid-cols-2 md:grid-cols-5"
        figures={figures.map((figure) => ({ label: t(`agency.figures.${figure.key}`), value: figure.value }))}
      />
      <h2 className="text-xl font-semibold">{t("agency.perMonthTitle", { count: months.length })}</h2>
      <BarChart
        title={t("agency.perMonthTitle", { count: months.length })}
        categories={months}
        series={[
          { label: t("agency.figures.Interessenten"), className: "fill-brand-ink", values: leads },
          { label: t("agency.figures.Auftraege"), className: "fill-slate-500", values: orders },
        ]}
      />
      {/* The chart covers some months, the tiles everything: said in words, so the two never seem to disagree. */}
      <p>{t("agency.perMonthSums", { count: months.length, leads: sum(leads), orders: sum(orders) })}</p>
      <h2 className="text-xl font-semibold">{t("agency.orderStatesTitle")}</h2>
      <BarChart
        title={t("agency.orderStatesTitle")}
        categories={[t("agency.figures.AuftraegeOffen"), t("agency.figures.AuftraegeFreigegeben")]}
        series={[{ label: t("agency.figures.Auftraege"), className: "fill-brand-ink", values: orderStates }]}
      />
    </section>
  );
}
