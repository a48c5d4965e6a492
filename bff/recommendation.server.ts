// Recommendation calls (spec 7.2 and 7.6).
import { noContentSchema, offlineCodeReplySchema, productLinkSchema, recommendationSchema, recommenderRecommendationListSchema } from "./contract";
import { hexEncode } from "./recipient.server";
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

/** The insurance programme's link forms (spec 7.6): `/empfehlen/{id}/{hex}` and `/empfehlen/any/{id}/{hex}`. */
export function getRecommendationByLink(api: LegacyApi, id: string, hex: string, { anyProduct = false } = {}) {
  return api.request({
    call: "getRecommendationByLink",
    base: "product",
    path: `empfehlen/${anyProduct ? "any/" : ""}${encodeURIComponent(id)}/${encodeURIComponent(hex)}`,
    schema: recommendationSchema,
  });
}

/** A link whose second part is not the hex form of the first was not issued by the programme. */
export function isGenuineLink(id: string, hex: string) {
  return hexEncode(id) === hex.toLowerCase();
}

/** Counts a landing on a recommendation (spec 7.6: PUT /empfehlung/{id}). */
export function countLanding(api: LegacyApi, id: string) {
  return api.request({ call: "countLanding", method: "PUT", base: "product", path: `empfehlung/${encodeURIComponent(id)}`, schema: noContentSchema });
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
