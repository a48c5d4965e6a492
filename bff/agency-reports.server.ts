// The agency reports as pages: every state (sort, direction, page, search, period) is a query
// parameter, so each view is a link that works without JavaScript; the server pages and sorts.
import { agencyReports, getAgencyReport, getOwnerReport, ownerReports, type AgencyReport, type OwnerReport, type ReportQuery } from "./agency.server";
import type { ReportRow } from "./contract";
import type { LegacyApi } from "./legacy-client.server";

export type ReportKey = AgencyReport | OwnerReport;

export const reportColumns: Record<ReportKey, readonly string[]> = {
  einladungen: ["Vorname", "Nachname", "Email", "Art", "Mitarbeiternummer", "EingeladenAm", "Status"],
  empfehlungen: ["Empfehlernummer", "Vorname", "Nachname", "Email", "Empfehlungen", "ErstelltAm"],
  leads: ["Empfehlungsnummer", "Vorname", "Nachname", "Produkt", "Empfehler", "ErstelltAm"],
  auftraege: ["Empfehlungsnummer", "Empfaengernummer", "Kunde", "Produkt", "Auftragsdatum", "Status"],
  rechnungen: ["Rechnungsnummer", "Datum", "BetragCent", "Status"],
  mitarbeiter: ["Mitarbeiternummer", "Name", "Email", "Rolle"],
};

/** The periods a report can be limited to (PUT agentur/{report}/{period}/): all, or the last n days. */
export const reportPeriods = ["alle", "30", "90", "365"] as const;
export const REPORT_PAGE_SIZE = 10;
const EXPORT_PAGE_SIZE = 500;
const MAX_SEARCH_LENGTH = 100;

export function isReportKey(value: string | undefined): value is ReportKey {
  return (agencyReports as readonly string[]).includes(value ?? "") || (ownerReports as readonly string[]).includes(value ?? "");
}

export type ReportView = ReportQuery & { period: (typeof reportPeriods)[number] };

/** The view a URL asks for; anything unknown falls back to the default, so no link can break the page. */
export function reportViewFrom(url: URL, report: ReportKey): ReportView {
  const params = url.searchParams;
  const orderBy = params.get("sortierung");
  const period = params.get("zeitraum");
  const page = Number(params.get("seite"));
  return {
    orderBy: orderBy && reportColumns[report].includes(orderBy) ? orderBy : null,
    descending: params.get("absteigend") === "1",
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    pageSize: REPORT_PAGE_SIZE,
    filter: (params.get("suche") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    period: reportPeriods.find((item) => item === period) ?? "alle",
  };
}

/** The query string of a view, leaving out what is the default. */
export function reportSearch(view: ReportView, changes: Partial<ReportView> = {}) {
  const next = { ...view, ...changes };
  const params = new URLSearchParams();
  if (next.filter) params.set("suche", next.filter);
  if (next.period !== "alle") params.set("zeitraum", next.period);
  if (next.orderBy) params.set("sortierung", next.orderBy);
  if (next.orderBy && next.descending) params.set("absteigend", "1");
  if (next.page > 1) params.set("seite", String(next.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function loadReportPage(api: LegacyApi, report: ReportKey, view: ReportView) {
  return (ownerReports as readonly string[]).includes(report)
    ? getOwnerReport(api, report as OwnerReport, view)
    : getAgencyReport(api, report as AgencyReport, view.period, view);
}

/** Every row of the view (for the CSV export), page by page. */
export async function loadAllRows(api: LegacyApi, report: ReportKey, view: ReportView): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for (let page = 1; ; page++) {
    const reply = await loadReportPage(api, report, { ...view, page, pageSize: EXPORT_PAGE_SIZE });
    rows.push(...reply.Content);
    if (!reply.HasNext || page >= reply.PageCount) return rows;
  }
}
