// The agency's reports in the legacy simulator: server paging as the legacy API does it, the period
// of a report, the statistics, and the release of an order.
import { http, type HttpHandler, HttpResponse } from "msw";
import type { AgencyPermission } from "../../../bff/for-agencies/agency-roles";
import type { SimulatorKit } from "../kit";
import { legacyError, noContent } from "../replies";
import { isoDay } from "../seed";
import { asAgency } from "./access";
import type { AgencyReports, Row } from "./seed";

type ReportQuery = { OrderBy?: string; Descending?: boolean; Pagesize?: number; Pagenumber?: number; Filter?: string };

function filtered<T extends Record<string, unknown>>(rows: T[], filter: string) {
  if (!filter) return rows;
  return rows.filter((row) =>
    Object.values(row).some((value) =>
      String(value ?? "")
        .toLowerCase()
        .includes(filter),
    ),
  );
}

/** Server paging as the legacy API does it: filter on any text, sort by a column, then one page. */
export function pageOf<T extends Record<string, unknown>>(rows: T[], query: ReportQuery) {
  const found = filtered(
    rows,
    String(query.Filter ?? "")
      .trim()
      .toLowerCase(),
  );
  const column = query.OrderBy && rows[0] && Object.hasOwn(rows[0], query.OrderBy) ? query.OrderBy : null;
  const sorted = column
    ? [...found].sort((a, b) => String(a[column]).localeCompare(String(b[column]), "de", { numeric: true }) * (query.Descending ? -1 : 1))
    : found;
  const size = Math.min(Math.max(Number(query.Pagesize) || 10, 1), 1000);
  const pageCount = Math.max(Math.ceil(sorted.length / size), 1);
  const page = Math.min(Math.max(Number(query.Pagenumber) || 1, 1), pageCount);
  return {
    Content: sorted.slice((page - 1) * size, page * size),
    HasNext: page < pageCount,
    PageCount: pageCount,
    TotalCount: sorted.length,
  };
}

/** Rows within the period of `x`: 'alle', or the last x days. */
function inPeriod(rows: Row[], period: string, today: Date) {
  if (!/^\d+$/.test(period)) return rows;
  const since = isoDay(-Number(period), today);
  return rows.filter((row) => Object.entries(row).some(([key, value]) => /datum|am$/i.test(key) && String(value) >= since));
}

function statistics(reports: AgencyReports, today: Date) {
  // The last six calendar months, this one included (each once: steps of 30 days named one month twice).
  const months = Array.from({ length: 6 }, (_, index) =>
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (5 - index), 1)).toISOString().slice(0, 7),
  );
  const inMonth = (rows: Row[], key: string, month: string) => rows.filter((row) => String(row[key]).startsWith(month)).length;
  return {
    Empfehler: reports.empfehlungen.length,
    Interessenten: reports.leads.length,
    AuftraegeOffen: reports.auftraege.filter((row) => row.Status === "Offen").length,
    AuftraegeFreigegeben: reports.auftraege.filter((row) => row.Status === "Freigegeben").length,
    Einladungen: reports.einladungen.length,
    ProMonat: months.map((month) => ({
      Monat: month,
      Interessenten: inMonth(reports.leads, "ErstelltAm", month),
      Auftraege: inMonth(reports.auftraege, "Auftragsdatum", month),
    })),
  };
}

const reportPermission: Record<keyof AgencyReports, AgencyPermission> = {
  auftraege: "AuftragsReport",
  empfehlungen: "EmpfehlerReport",
  leads: "EmpfehlerReport",
  einladungen: "Einladungstool",
  rechnungen: "Rechnungen",
  mitarbeiter: "Mitarbeiter",
};

const readQuery = async (request: Request) => ((await request.json().catch(() => ({}))) ?? {}) as ReportQuery;

export function reportHandlers(kit: SimulatorKit): HttpHandler[] {
  /** A report of a period (`/:x/`) or of all time. */
  const report = (type: keyof AgencyReports, byPeriod = true) =>
    asAgency(kit, reportPermission[type], async ({ request, params, reports }) => {
      const rows = byPeriod ? inPeriod(reports[type], params.x ?? "alle", kit.today()) : reports[type];
      return HttpResponse.json(pageOf(rows, await readQuery(request)));
    });
  return [
    http.put(
      "*/api/v1/agentur/statistik",
      asAgency(kit, "StatistikReport", ({ reports }) => HttpResponse.json(statistics(reports, kit.today()))),
    ),
    http.put("*/api/v1/agentur/rechnungen", report("rechnungen", false)),
    http.put("*/api/v1/agentur/mitarbeiter", report("mitarbeiter", false)),
    ...(["auftraege", "empfehlungen", "leads", "einladungen"] as const).map((type) =>
      http.put(`*/api/v1/agentur/${type}/:x/`, report(type)),
    ),
    http.put(
      "*/api/v1/agentur/auftragfreigeben/:a/:b",
      asAgency(kit, "Verwaltung", ({ params, reports }) => {
        const order = reports.auftraege.find((row) => row.Empfehlungsnummer === params.a && row.Empfaengernummer === params.b);
        if (!order) return legacyError(404, "PSOF0001", "no such order");
        if (order.Status === "Freigegeben") return legacyError(409, "PSOF0220", "order already released");
        order.Status = "Freigegeben";
        return noContent();
      }),
    ),
  ];
}
