// Recommendation calls (spec 7.2 and 7.6).
import { offlineCodeReplySchema, recommendationSchema, recommenderRecommendationListSchema } from "./contract";
import type { LegacyApi } from "./legacy-client.server";

export function getRecommendation(api: LegacyApi, empfehlungsnummer: string) {
  return api.request({
    call: "getRecommendation",
    path: `empfehlen/${encodeURIComponent(empfehlungsnummer)}`,
    schema: recommendationSchema,
  });
}

export function getRecommenderRecommendations(api: LegacyApi) {
  return api.request({
    call: "getRecommenderRecommendations",
    base: "product",
    path: "empfehler/empfehlungen/",
    schema: recommenderRecommendationListSchema,
  });
}

/** The offline recommendation code (spec 7.6); `einsprungsquelle` names where it was entered. */
export function getRecommendationByCode(api: LegacyApi, code: string, einsprungsquelle = "code") {
  return api.request({
    call: "getRecommendationByCode",
    base: "product",
    path: `empfehlung/empfehlungscode/${encodeURIComponent(code)}`,
    query: { einsprungsquelle },
    schema: offlineCodeReplySchema,
  });
}
