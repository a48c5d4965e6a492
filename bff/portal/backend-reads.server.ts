// The reads a tenant's pages make of its backend, and what the pages need of each: one list for
// readiness (/readyz) and check-backend, so that the two judge what the pages need (issue 56).
// - `required`: a page fails without it, whatever the failure;
// - `mayBeMissing`: a backend without the call (404) is read as none; any other failure fails a page;
// - `optional`: the page leaves its part out, whatever the failure (bff/tenant/optional-part.server.ts).
import { getPasswordRules } from "../account/account.server";
import {
  EXPORT_PAGE_SIZE,
  getAgencyReport,
  getAgencyStatistics,
  getInvitationData,
  getOwnerReport,
  verifyAgencyToken,
} from "../agency/agency.server";
import { getActiveCampaigns, getDefaultRoutes, getMaxRewardValue, getProductCategories, getProducts } from "../catalogue/catalogue.server";
import { getContactCaptcha } from "../content/contact.server";
import { getContentVariables, getLanguageContent } from "../content/tenant-content.server";
import type { TenantConfig } from "../legacy/contract";
import { orWhereMissing } from "../legacy/errors";
import type { LegacyApi } from "../legacy/legacy-client.server";
import { getRewards } from "../reward/reward.server";
import { getLanguages, productApiOf } from "../tenant/tenant.server";

export type Need = "required" | "mayBeMissing" | "optional";
export type BackendRead = { call: string; need: Need; read: (api: LegacyApi, config: TenantConfig) => Promise<unknown> };

/** The reads every visitor's pages make, after the tenant's configuration. */
export const VISITOR_READS: BackendRead[] = [
  { call: "getRewards", need: "required", read: (api) => getRewards(api) },
  { call: "getProducts", need: "required", read: (api, config) => getProducts(api, productApiOf(config)) },
  // After a login, where the personal area is (friday's route names): unreadable, the login fails.
  { call: "getDefaultRoutes", need: "mayBeMissing", read: (api) => getDefaultRoutes(api) },
  { call: "getPasswordRules", need: "required", read: (api) => getPasswordRules(api) },
  { call: "getContactCaptcha", need: "required", read: (api) => getContactCaptcha(api) },
  { call: "getLanguages", need: "optional", read: (api) => getLanguages(api) },
  { call: "getLanguageContent", need: "optional", read: (api) => getLanguageContent(api, "de") },
  { call: "getContentVariables", need: "optional", read: (api) => getContentVariables(api) },
  { call: "getMaxRewardValue", need: "optional", read: (api) => getMaxRewardValue(api) },
  { call: "getProductCategories", need: "optional", read: (api) => getProductCategories(api) },
  { call: "getActiveCampaigns", need: "optional", read: (api) => getActiveCampaigns(api) },
];

/** A report's first page as large as the portal asks for one (the export's): a reply over the limit shows here. */
const LARGEST_FIRST_PAGE = { orderBy: null, descending: false, pageSize: EXPORT_PAGE_SIZE, page: 1, filter: "" };

/** The agency area's reads, made with an agency user's token (`api` carries it): the token check names the roles. */
export function agencyReads(token: string): BackendRead[] {
  return [
    { call: "verifyAgencyToken", need: "required", read: (api) => verifyAgencyToken(api, token) },
    { call: "getAgencyStatistics", need: "required", read: (api) => getAgencyStatistics(api) },
    { call: "getAgencyReport", need: "required", read: (api) => getAgencyReport(api, "auftraege", "alle", LARGEST_FIRST_PAGE) },
    { call: "getOwnerReport", need: "required", read: (api) => getOwnerReport(api, "mitarbeiter", LARGEST_FIRST_PAGE) },
    { call: "getInvitationData", need: "required", read: (api) => getInvitationData(api) },
  ];
}

/** What readiness makes: every read a page cannot do without, a missing one read as none where the pages read it so. */
export function readinessReads(reads: BackendRead[] = VISITOR_READS) {
  return reads
    .filter(({ need }) => need !== "optional")
    .map(({ call, need, read }) => ({
      call,
      read: need === "mayBeMissing" ? (api: LegacyApi, config: TenantConfig) => orWhereMissing(read(api, config), null) : read,
    }));
}
