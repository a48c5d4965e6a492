// A report view as links carry it (shared by the server and the page): sort, direction, page,
// search and period, each a query parameter, so every state is a link that works without JavaScript.
import type { ReportQuery } from "../agency/agency.server";

/** The periods a report can be limited to (PUT agentur/{report}/{period}/): all, or the last n days. */
export const reportPeriods = ["alle", "30", "90", "365"] as const;

export type ReportView = ReportQuery & { period: (typeof reportPeriods)[number] };

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
