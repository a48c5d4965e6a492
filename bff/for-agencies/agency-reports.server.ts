// The agency reports as pages: the view a URL asks for, one page of it, or all of it for the export.
import {
  type AgencyReport,
  agencyReports,
  EXPORT_PAGE_SIZE,
  getAgencyReport,
  getOwnerReport,
  type OwnerReport,
  ownerReports,
} from "../agency/agency.server";
import type { ReportRow } from "../agency/replies";
import type { LegacyApi } from "../legacy/legacy-client.server";
import { shownPage } from "../legacy/paging";
import { reportPeriods, type ReportView } from "./agency-report-view";

export type ReportKey = AgencyReport | OwnerReport;

export const reportColumns: Record<ReportKey, readonly string[]> = {
  einladungen: ["Vorname", "Nachname", "Email", "Art", "Mitarbeiternummer", "EingeladenAm", "Status"],
  empfehlungen: ["Empfehlernummer", "Vorname", "Nachname", "Email", "Empfehlungen", "ErstelltAm"],
  leads: ["Empfehlungsnummer", "Vorname", "Nachname", "Produkt", "Empfehler", "ErstelltAm"],
  auftraege: ["Empfehlungsnummer", "Empfaengernummer", "Kunde", "Produkt", "Auftragsdatum", "Status"],
  rechnungen: ["Rechnungsnummer", "Datum", "BetragCent", "Status"],
  mitarbeiter: ["Mitarbeiternummer", "Name", "Email", "Rolle"],
};

export const REPORT_PAGE_SIZE = 10;
/** An export's most pages (100,000 rows): a backend that answers every page full, whatever its number, ends somewhere. */
const MAX_EXPORT_PAGES = 200;
const MAX_SEARCH_LENGTH = 100;

export function isReportKey(value: string | undefined): value is ReportKey {
  return (agencyReports as readonly string[]).includes(value ?? "") || (ownerReports as readonly string[]).includes(value ?? "");
}

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

export function loadReportPage(api: LegacyApi, report: ReportKey, view: ReportView) {
  return (ownerReports as readonly string[]).includes(report)
    ? getOwnerReport(api, report as OwnerReport, view)
    : getAgencyReport(api, report as AgencyReport, view.period, view);
}

/** Every row of the view (for the CSV export), page by page. */
export async function loadAllRows(api: LegacyApi, report: ReportKey, view: ReportView): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  for (let page = 1; page <= MAX_EXPORT_PAGES; page++) {
    const shown = shownPage(await loadReportPage(api, report, { ...view, page, pageSize: EXPORT_PAGE_SIZE }), {
      page,
      pageSize: EXPORT_PAGE_SIZE,
    });
    rows.push(...shown.rows);
    if (!shown.hasNext) return rows;
  }
  return rows;
}
