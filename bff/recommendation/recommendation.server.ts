// Recommendation calls.
import { productLinkSchema } from "../catalogue/replies";
import { captchaChallengeSchema, noContentSchema } from "../legacy/contract";
import { hexEncode } from "../legacy/hex-encode";
import type { LegacyApi } from "../legacy/legacy-client.server";
import {
  bannerSchema,
  offlineCodeCreatedSchema,
  offlineCodeReplySchema,
  recommendationCreatedSchema,
  recommendationSchema,
  recommenderRecommendationListSchema,
} from "./replies";

/** A recommendation lookup refused without a code: the number is not one the backend knows (or no longer offers). */
const RECOMMENDATION_NOT_FOUND = { status: 404, code: "PSOF0219" };

export function getRecommendation(api: LegacyApi, empfehlungsnummer: string) {
  return api.request({
    call: "getRecommendation",
    path: `empfehlen/${encodeURIComponent(empfehlungsnummer)}`,
    schema: recommendationSchema,
    refusalWithoutCode: RECOMMENDATION_NOT_FOUND,
  });
}

/** What looks a number up within the asking client's budget of guesses (the load context's `linkLookups`). */
export type NumberLookups = { number<T>(number: string, lookup: () => Promise<T>): Promise<T> };

/** GetEmpfehlung for a number someone followed or typed (a link's page, its pictures): within their budget of guesses. */
export function lookUpRecommendation(lookups: NumberLookups, api: LegacyApi, empfehlungsnummer: string) {
  return lookups.number(empfehlungsnummer, () => getRecommendation(api, empfehlungsnummer));
}

/** The tenant portal's list of the recommender's recommendations (`GET Empfehler/empfehlungen`). */
export function getTenantPortalRecommendations(api: LegacyApi) {
  return api.request({
    call: "getTenantPortalRecommendations",
    path: "Empfehler/empfehlungen",
    schema: recommenderRecommendationListSchema,
  });
}

/** The insurance programme's list of the recommender's recommendations. */
export function getRecommenderRecommendations(api: LegacyApi) {
  return api.request({
    call: "getRecommenderRecommendations",
    base: "product",
    path: "empfehler/empfehlungen/",
    schema: recommenderRecommendationListSchema,
  });
}

/** The offline recommendation code; `einsprungsquelle` names where it was entered. */
export function getRecommendationByCode(api: LegacyApi, code: string, einsprungsquelle = "code") {
  return api.request({
    call: "getRecommendationByCode",
    base: "product",
    path: `empfehlung/empfehlungscode/${encodeURIComponent(code)}`,
    query: { einsprungsquelle },
    schema: offlineCodeReplySchema,
    refusalWithoutCode: RECOMMENDATION_NOT_FOUND,
  });
}

/** The insurance programme's link forms: `/empfehlen/{id}/{hex}` and `/empfehlen/any/{id}/{hex}`. */
export function getRecommendationByLink(api: LegacyApi, id: string, hex: string, { anyProduct = false } = {}) {
  return api.request({
    call: "getRecommendationByLink",
    base: "product",
    path: `empfehlen/${anyProduct ? "any/" : ""}${encodeURIComponent(id)}/${encodeURIComponent(hex)}`,
    schema: recommendationSchema,
    refusalWithoutCode: RECOMMENDATION_NOT_FOUND,
  });
}

/** A link whose second part is not the hex form of the first was not issued by the programme. */
export function isGenuineLink(id: string, hex: string) {
  return hexEncode(id) === hex.toLowerCase();
}

/** Counts a landing on a recommendation (PUT /empfehlung/{id}). */
export function countLanding(api: LegacyApi, id: string) {
  return api.request({
    call: "countLanding",
    method: "PUT",
    base: "product",
    path: `empfehlung/${encodeURIComponent(id)}`,
    schema: noContentSchema,
  });
}

export function getProductLink(api: LegacyApi, id: string, query: { channel?: string; empfaengernummer?: string }) {
  return api.request({
    call: "getProductLink",
    base: "product",
    path: `empfehlung/${encodeURIComponent(id)}/produkt/produktlink`,
    query: { channel: query.channel ?? "", empfaengernummer: query.empfaengernummer ?? "" },
    schema: productLinkSchema,
  });
}

/** The empty-body first call of a creation: does the backend want a captcha, and which. */
export function getRecommendationCaptcha(api: LegacyApi, campaign: Record<string, string>) {
  return api.request({
    call: "checkRecommendationCaptcha",
    method: "POST",
    path: "Empfehlen/create",
    query: campaign,
    schema: captchaChallengeSchema,
  });
}

export type NewRecommendation = {
  productId: number;
  channel: string;
  agbText: string;
  share: 0 | 50 | 100;
  recommender: { vorname: string; nachname: string; email: string; newsletterPermission: boolean };
  captcha?: { id: string; answer: string };
  /** Active campaigns the recommender joined by agreeing to their legal text. */
  campaigns?: number[];
  /** The agent creating it on the recommender's behalf (the agent route). */
  agentNumber?: string;
  /** The agent being recommended, chosen in the agent finder. */
  recommendedAgent?: string;
};

/** The create payload; an empty `Empfaenger` because the recipient gives their own data later. */
export function createRecommendation(api: LegacyApi, recommendation: NewRecommendation, campaign: Record<string, string>) {
  const { recommender } = recommendation;
  return api.request({
    call: "createRecommendation",
    method: "POST",
    path: "Empfehlen/create",
    query: campaign,
    body: {
      Empfehlung: {
        AgentNumber: recommendation.recommendedAgent ?? null,
        Produkt: recommendation.productId,
        Channel: recommendation.channel,
        Empfehlungslink: true,
        Agentennummer: recommendation.agentNumber ?? null,
        AgbText: recommendation.agbText,
        AnteilEmpfehler: recommendation.share,
      },
      Empfehler: {
        NewsletterPermission: recommender.newsletterPermission,
        Vorname: recommender.vorname,
        Nachname: recommender.nachname,
        NewsletterOptinGegeben: false,
        NewsletterOptinVersendetAm: null,
        Email: recommender.email,
      },
      Empfaenger: null,
      Captcha: recommendation.captcha ? { Id: recommendation.captcha.id, Antwort: recommendation.captcha.answer } : null,
      Aktionen: (recommendation.campaigns ?? []).map((id) => ({ AktionsId: id, Zustimmung: true })),
    },
    schema: recommendationCreatedSchema,
  });
}

/** An offline code for a recommendation (ModuleErstelleOfflineEmpfehlungCode); the path is this portal's choice (README). */
export function createOfflineCode(api: LegacyApi, empfehlungsnummer: string) {
  return api.request({
    call: "createOfflineCode",
    method: "POST",
    base: "product",
    path: `empfehlung/${encodeURIComponent(empfehlungsnummer)}/empfehlungscode`,
    schema: offlineCodeCreatedSchema,
  });
}

/** Whether the personal area shows the BannerTEZuTP banner. */
export function getRecommenderBanner(api: LegacyApi) {
  return api.request({
    call: "getRecommenderBanner",
    base: "product",
    path: "empfehler/empfehlungen/showbanner/BannerTEZuTP",
    schema: bannerSchema,
  });
}
