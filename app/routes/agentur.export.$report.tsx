import type { LoaderFunctionArgs } from "@remix-run/node";
import { isReportKey, loadAllRows, reportColumns, reportViewFrom } from "#bff/for-agencies/agency-reports.server";
import { permissionForTab } from "#bff/for-agencies/agency-roles";
import { toCsv } from "#bff/for-agencies/csv.server";
import { requireAgencyPermission } from "~/access/agency.server";
import { fixedT } from "~/i18n/i18n.server";

/** A file route has no error page: a refusal says why in plain text. */
function forbiddenAsText(check: () => unknown, message: string) {
  try {
    check();
  } catch (thrown) {
    if (isRouteErrorResponseLike(thrown) && thrown.init?.status === 403)
      throw new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw thrown;
  }
}

function isRouteErrorResponseLike(value: unknown): value is { init?: { status?: number } } {
  return typeof value === "object" && value !== null && "init" in value;
}

/** A report as CSV: every row of the view the page shows (search, period, sorting), not just one page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const report = params.report;
  if (!isReportKey(report)) throw new Response(null, { status: 404 });
  const { api, texts } = await context.requestContext(request);
  const t = fixedT(texts);
  forbiddenAsText(() => requireAgencyPermission(request, context.bff, permissionForTab(report)), t("errors:forbiddenForRole"));
  const columns = reportColumns[report];
  const rows = await loadAllRows(api, report, reportViewFrom(new URL(request.url), report));
  const csv = toCsv(
    columns.map((column) => t(`agency.columns.${column}`)),
    rows.map((row) => columns.map((column) => row[column] ?? null)),
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${report}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
