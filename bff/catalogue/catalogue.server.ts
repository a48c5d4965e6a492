// Tenant catalogue calls: routes, campaigns, product categories and products.
import { defaultRoutesSchema, type ProductApiType } from "../legacy/contract";
import type { LegacyApi } from "../legacy/legacy-client.server";
import { maxRewardValueSchema } from "../reward/replies";
import { campaignListSchema } from "./replies";
import { mobileOfferListSchema, productCategoryListSchema, productListSchema, productSchema } from "./replies";

/** Product ids the product list always leaves out. */
export const HIDDEN_PRODUCT_IDS = new Set([639, 640, 637, 638]);

export function getDefaultRoutes(api: LegacyApi) {
  return api.request({ call: "getDefaultRoutes", path: "route/default", schema: defaultRoutesSchema });
}

export function getActiveCampaigns(api: LegacyApi) {
  return api.request({ call: "getActiveCampaigns", path: "aktion/alleAktiven", schema: campaignListSchema });
}

export function getProductCategories(api: LegacyApi) {
  return api.request({ call: "getProductCategories", base: "product", path: "produktkategorie", schema: productCategoryListSchema });
}

export async function getProducts(api: LegacyApi, productApi: ProductApiType, filter: { source?: string; category?: string } = {}) {
  const query = productApi === "telekom" ? { quelle: filter.source ?? "web", kategorie: filter.category } : undefined;
  const products = await api.request({ call: "getProducts", base: "product", path: "produkt/", query, schema: productListSchema });
  return products.filter((product) => !HIDDEN_PRODUCT_IDS.has(product.Id));
}

export function getProduct(api: LegacyApi, id: number) {
  return api.request({ call: "getProduct", base: "product", path: `produkt/${id}/`, schema: productSchema });
}

/** A product by the id the tenant's own systems give it (a shop's link), with the link's source and, for a tariff, a device. */
export function getProductByExternalId(api: LegacyApi, externeId: string, { quelle, handyId }: { quelle: string; handyId?: string }) {
  return api.request({
    call: "getProductByExternalId",
    base: "product",
    path: `produkt/extern/${encodeURIComponent(externeId)}`,
    query: { quelle, ...(handyId ? { handyId } : {}) },
    schema: productSchema,
  });
}

/** The 'up to' value of the tenant's rewards, in cents. */
export async function getMaxRewardValue(api: LegacyApi) {
  const reply = await api.request({
    call: "getMaxRewardValue",
    base: "product",
    path: "produkt/maxpraemiewert",
    schema: maxRewardValueSchema,
  });
  return reply.MaxPraemienwertCent;
}

/** The devices offered with a tariff (GET /produkt/handytarife/{id}). */
export function getMobileOffers(api: LegacyApi, tariffId: number) {
  return api.request({ call: "getMobileOffers", base: "product", path: `produkt/handytarife/${tariffId}`, schema: mobileOfferListSchema });
}

export const catalogueImageKinds = { produkt: ["grafik", "sgrafik"], produktkategorie: ["grafik", "icon"] } as const;

/** A product's or category's picture, passed through as it comes. */
export function getCatalogueImage(api: LegacyApi, owner: keyof typeof catalogueImageKinds, id: number, kind: string) {
  return api.asset({ call: "getCatalogueImage", base: "product", path: `${owner}/${id}/${kind}` });
}
