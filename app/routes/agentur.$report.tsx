import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import type { ReportRow } from "#bff/agency/replies";
import { reportPeriods, reportSearch, type ReportView } from "#bff/for-agencies/agency-report-view";
import { isReportKey, loadReportPage, reportColumns, reportViewFrom } from "#bff/for-agencies/agency-reports.server";
import { permissionForTab } from "#bff/for-agencies/agency-roles";
import { shownPage } from "#bff/legacy/paging";
import { requireAgencyPermission } from "~/access/agency.server";
import { ActionLabel } from "~/components/action-label";
import { Button } from "~/components/button";
import { CARD_TABLE } from "~/components/card-table";
import { SuccessMessage } from "~/components/form-field";
import { Pager } from "~/components/pager";
import { PortalForm } from "~/components/portal-form";
import { ShortText } from "~/components/short-text";
import { formatCents, formatDateOrMoment } from "~/format";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

/** A cell as the page shows it: dates as DD.MM.YYYY (with the time where there is one), cents in euros (long texts are shortened on the page). */
function cellText(column: string, value: ReportRow[string], locale: string) {
  if (value === null || value === "") return "–";
  if (typeof value === "number") return column.endsWith("Cent") ? formatCents(value, locale) : String(value);
  if (typeof value === "string" && ISO_DAY.test(value)) return formatDateOrMoment(value);
  return String(value);
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const report = params.report;
  if (!isReportKey(report)) throw new Response(null, { status: 404 });
  const user = requireAgencyPermission(request, context.bff, permissionForTab(report));
  const { api, locale, texts } = await context.requestContext(request);
  const view = reportViewFrom(new URL(request.url), report);
  const page = shownPage(await loadReportPage(api, report, view), view);
  const columns = reportColumns[report];
  const canRelease = report === "auftraege" && user.permissions.includes("Verwaltung");
  return {
    title: fixedT(texts)(`agency.tabs.${report}`),
    report,
    view,
    columns,
    hasPeriod: report !== "rechnungen" && report !== "mitarbeiter",
    rows: page.rows.map((row) => ({
      cells: columns.map((column) => cellText(column, row[column] ?? null, locale)),
      release:
        canRelease && row.Status === "Offen"
          ? `/agentur/auftraege/freigeben/${encodeURIComponent(String(row.Empfehlungsnummer))}/${encodeURIComponent(String(row.Empfaengernummer))}`
          : null,
    })),
    pageCount: page.pageCount,
    hasNext: page.hasNext,
    totalCount: page.totalCount,
    atLeast: page.atLeast,
  };
}

function SortLink({ column, view }: { column: string; view: ReportView }) {
  const { t } = useTranslation();
  const active = view.orderBy === column;
  const descending = active && !view.descending;
  const label = t(`agency.columns.${column}`);
  return (
    <Link
      to={reportSearch(view, { orderBy: column, descending, page: 1 }) || "?"}
      className="underline"
      aria-label={t(descending ? "agency.sortDescending" : "agency.sortAscending", { column: label })}
    >
      {label}
      {active ? <span aria-hidden="true">{view.descending ? " ▼" : " ▲"}</span> : null}
    </Link>
  );
}

/**
 * The sort as a choice in the filter form: on phones, where the list is cards without a head to
 * click, it is how to sort; from md on the column heads sort, and the hidden choice keeps their
 * sort when the form is sent.
 */
function SortChoice({ columns, view }: { columns: readonly string[]; view: ReportView }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-end gap-3 md:hidden">
      <label className="flex flex-col gap-1">
        {t("agency.sortBy")}
        <select name="sortierung" defaultValue={view.orderBy ?? ""} className="field">
          <option value="">{t("agency.sortDefault")}</option>
          {columns.map((column) => (
            <option key={column} value={column}>
              {t(`agency.columns.${column}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="absteigend" value="1" defaultChecked={view.descending} />
        {t("agency.descending")}
      </label>
    </div>
  );
}

export default function AgencyReportPage() {
  const { title, report, view, columns, rows, pageCount, hasNext, totalCount, atLeast, hasPeriod } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const released = searchParams.get("freigegeben");
  const sortedBy = (column: string) => (view.orderBy === column ? (view.descending ? "descending" : "ascending") : undefined);
  return (
    <section aria-labelledby="report-title" className="space-y-4">
      <h1 id="report-title" className="text-2xl font-semibold">
        {title}
      </h1>
      {released ? <SuccessMessage>{t("agency.released", { number: released })}</SuccessMessage> : null}
      <PortalForm method="get" className="flex flex-wrap items-end gap-3" role="search">
        <label className="flex flex-col gap-1">
          {t("agency.search")}
          <input type="search" name="suche" defaultValue={view.filter} maxLength={100} className="field" />
        </label>
        {hasPeriod ? (
          <label className="flex flex-col gap-1">
            {t("agency.period")}
            <select name="zeitraum" defaultValue={view.period} className="field">
              {reportPeriods.map((period) => (
                <option key={period} value={period}>
                  {t(`agency.periods.${period}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <SortChoice columns={columns} view={view} />
        <Button>{t("agency.apply")}</Button>
      </PortalForm>
      <p className="flex flex-wrap gap-4">
        <span>{t(atLeast ? "agency.totalCountAtLeast" : "agency.totalCount", { count: totalCount })}</span>
        <a href={`/agentur/export/${report}${reportSearch({ ...view, page: 1 })}`} className="text-brand-ink underline" download>
          {t("agency.exportCsv")}
        </a>
      </p>
      {rows.length === 0 ? (
        <p>{t("agency.emptyReport")}</p>
      ) : (
        <div className="relative md:overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className={CARD_TABLE.head}>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" aria-sort={sortedBy(column)} className="border-b p-2">
                    <SortLink column={column} view={view} />
                  </th>
                ))}
                {report === "auftraege" ? (
                  <th scope="col" className="border-b p-2">
                    {t("agency.releaseColumn")}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index} className={CARD_TABLE.row}>
                  {row.cells.map((cell, cellIndex) => (
                    <td key={columns[cellIndex]} data-label={t(`agency.columns.${columns[cellIndex]}`)} className={CARD_TABLE.cell}>
                      <ShortText text={cell} />
                    </td>
                  ))}
                  {report === "auftraege" ? (
                    <td data-label={t("agency.releaseColumn")} className={CARD_TABLE.cell}>
                      {row.release ? (
                        <Link to={row.release} className="btn btn-primary">
                          <ActionLabel action={t("agency.release")} subject={String(row.cells[0])} />
                        </Link>
                      ) : (
                        "–"
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={view.page} pageCount={pageCount} hasNext={hasNext} hrefOf={(page) => reportSearch(view, { page }) || "?"} />
    </section>
  );
}
