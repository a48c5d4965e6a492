// Agency and agent calls: one typed function per call, each reply parsed.
import { z } from "zod";
import { captchaChallengeSchema, noContentSchema } from "../legacy/contract";
import type { LegacyApi } from "../legacy/legacy-client.server";
import {
  agencySignOnSchema,
  agencyStatisticsSchema,
  agencyTokenCheckSchema,
  agentPageSchema,
  agentSchema,
  invitationDataSchema,
  reportPageSchema,
} from "./replies";

/** The reports paged on the server, each with its own call (PUT agentur/{report}/{period}/). */
export const agencyReports = ["einladungen", "empfehlungen", "leads", "auftraege"] as const;
export type AgencyReport = (typeof agencyReports)[number];
/** The owner's lists (PUT agentur/{type}). */
export const ownerReports = ["rechnungen", "mitarbeiter"] as const;
export type OwnerReport = (typeof ownerReports)[number];

/** A report page as the backend sorts, pages and searches it. */
/** The largest page of a report the portal asks for: the CSV export's. */
export const EXPORT_PAGE_SIZE = 500;

export type ReportQuery = { orderBy: string | null; descending: boolean; pageSize: number; page: number; filter: string };

const reportBody = (query: ReportQuery) => ({
  OrderBy: query.orderBy ?? "",
  Descending: query.descending,
  Pagesize: query.pageSize,
  Pagenumber: query.page,
  Filter: query.filter,
});

/** PUT /agentur/sso on the product base with the code and the PKCE verifier. */
export function exchangeAgencyCode(
  api: LegacyApi,
  { code, verifier, redirectUri }: { code: string; verifier: string; redirectUri: string },
) {
  return api.request({
    call: "exchangeAgencyCode",
    method: "PUT",
    base: "product",
    path: "agentur/sso",
    body: { Code: code, Verifier: verifier, RedirectUri: redirectUri },
    schema: agencySignOnSchema,
  });
}

export function verifyAgencyToken(api: LegacyApi, token: string) {
  return api.request({ call: "verifyAgencyToken", path: "token/verifyAgenturToken", query: { t: token }, schema: agencyTokenCheckSchema });
}

export function getAgencyReport(api: LegacyApi, report: AgencyReport, period: string, query: ReportQuery) {
  return api.request({
    call: "getAgencyReport",
    method: "PUT",
    path: `agentur/${report}/${encodeURIComponent(period)}/`,
    body: reportBody(query),
    schema: reportPageSchema,
    paging: query,
  });
}

export function getOwnerReport(api: LegacyApi, type: OwnerReport, query: ReportQuery) {
  return api.request({
    call: "getOwnerReport",
    method: "PUT",
    path: `agentur/${type}`,
    body: reportBody(query),
    schema: reportPageSchema,
    paging: query,
  });
}

export function getAgencyStatistics(api: LegacyApi) {
  return api.request({ call: "getAgencyStatistics", method: "PUT", path: "agentur/statistik", body: {}, schema: agencyStatisticsSchema });
}

export function releaseOrder(api: LegacyApi, empfehlungsnummer: string, empfaengernummer: string) {
  return api.request({
    call: "releaseOrder",
    method: "PUT",
    path: `agentur/auftragfreigeben/${encodeURIComponent(empfehlungsnummer)}/${encodeURIComponent(empfaengernummer)}`,
    schema: noContentSchema,
  });
}

export function getInvitationData(api: LegacyApi) {
  return api.request({ call: "getInvitationData", path: "Einladung/daten", schema: invitationDataSchema });
}

/** The empty-body first call: does the backend want a captcha for the invitation. */
export function getInvitationCaptcha(api: LegacyApi, query: Record<string, string> = {}) {
  return api.request({ call: "checkInvitationCaptcha", method: "PUT", path: "Einladung", query, schema: captchaChallengeSchema });
}

export type Invitation = {
  vorname: string;
  nachname: string;
  email: string;
  art: string;
  mitarbeiternummer?: string;
  captcha?: { id: string; answer: string };
};

export function sendInvitation(api: LegacyApi, invitation: Invitation, query: Record<string, string> = {}) {
  return api.request({
    call: "sendInvitation",
    method: "PUT",
    path: "Einladung",
    query,
    body: {
      Vorname: invitation.vorname,
      Nachname: invitation.nachname,
      Email: invitation.email,
      Art: invitation.art,
      Mitarbeiternummer: invitation.mitarbeiternummer ?? "",
      ...(invitation.captcha ? { Captcha: { Id: invitation.captcha.id, Antwort: invitation.captcha.answer } } : {}),
    },
    schema: noContentSchema,
  });
}

/** Agents on one page of the finder. */
export const AGENTS_A_PAGE = 6;

/** The agent search, six to a page, page 1 first. */
export function searchAgents(
  api: LegacyApi,
  { query = "", page = 1, pageSize = AGENTS_A_PAGE }: { query?: string; page?: number; pageSize?: number },
) {
  return api.request({
    call: "searchAgents",
    path: "Produkt/berater",
    query: { query, page, pagesize: pageSize },
    schema: agentPageSchema,
    paging: { page, pageSize },
  });
}

/** How near the agents found for a postcode are: at it, in its region (its first two digits), or neither. */
export type AgentsNearness = "postcode" | "region" | "elsewhere";

/**
 * The first agents for a visitor's postcode, by the finder's own search: those at the postcode, else in its
 * region (its first two digits, the postal region), else the first of all, said as such.
 */
export async function agentsNear(api: LegacyApi, postcode: string, pageSize: number) {
  for (const [query, nearness] of [
    [postcode, "postcode"],
    [postcode.slice(0, 2), "region"],
  ] as const) {
    const found = await searchAgents(api, { query, pageSize });
    if (found.Content.length > 0) return { found, nearness: nearness as AgentsNearness };
  }
  return { found: await searchAgents(api, { pageSize }), nearness: "elsewhere" as AgentsNearness };
}

export function getAgents(api: LegacyApi) {
  return api.request({ call: "getAgents", path: "Produkt/agents", schema: z.array(agentSchema) });
}

const AGENT_ID = /^[\w-]{1,40}$/;

/** The agent a visitor chose in the agent finder (`?berater=`), if the backend knows them. */
export async function chosenAgent(api: LegacyApi, externeId: FormDataEntryValue | null) {
  if (typeof externeId !== "string" || !AGENT_ID.test(externeId)) return null;
  const agent = (await getAgents(api)).find((item) => item.ExterneId === externeId);
  return agent ? { id: agent.ExterneId, name: [agent.FirstName, agent.LastName].filter(Boolean).join(" ") } : null;
}

export function getAgentPhoto(api: LegacyApi, externeId: string) {
  return api.asset({ call: "getAgentPhoto", path: `Produkt/berater/${encodeURIComponent(externeId)}/foto` });
}
