// What the catalogue pages show: products of a category with prices and footnotes, and the
// devices offered with mobile tariffs.
import { getDefaultRoutes, getMobileOffers, getProduct, getProductCategories, getProducts } from "../catalogue/catalogue.server";
import type { LandingPage } from "../catalogue/landing-pages.server";
import type { MobileOffer, Product } from "../catalogue/replies";
import { orWhereMissing } from "../legacy/errors";
import type { RequestContext } from "../portal/request-context.server";
import type { Bff } from "../portal/services.server";
import { optionalSharedPart } from "../tenant/optional-part.server";
import { productApiOf } from "../tenant/tenant.server";

export function productsOf(bff: Bff, { api, config, tenant, locale }: RequestContext, category?: string) {
  return bff.sharedReads.ofTenant(tenant, { call: "products", locale, args: [category ?? ""] }, () =>
    getProducts(api, productApiOf(config), { category }),
  );
}

/** One product, shared by every request of the tenant; null where the backend does not know it or cannot give it now. */
export function productOf(bff: Bff, { api, tenant, locale }: Pick<RequestContext, "api" | "tenant" | "locale">, id: number) {
  return optionalSharedPart<Product | null>(bff, tenant, { call: "product", locale, args: [id] }, () => getProduct(api, id), null);
}

/** The tenant's product categories (GET produktkategorie), shared; none where the backend does not offer them or cannot now. */
export function productCategoriesOf(bff: Bff, { api, tenant, locale }: Pick<RequestContext, "api" | "tenant" | "locale">) {
  return optionalSharedPart(bff, tenant, { call: "productCategories", locale }, () => getProductCategories(api), []);
}

/**
 * The tenant's route names (GET route/default), shared by every request of the tenant; none where
 * the backend does not offer them (decision 040).
 */
export function defaultRoutesOf(bff: Bff, { api, tenant }: Pick<RequestContext, "api" | "tenant">): Promise<Record<string, string>> {
  // Route names and paths: the same in every language.
  return bff.sharedReads.ofTenant(tenant, { call: "defaultRoutes", locale: null }, () => orWhereMissing(getDefaultRoutes(api), {}));
}

/**
 * The product categories (GET produktkategorie) that have products in the list, each with its count;
 * none where fewer than two would show, since a navigation of one category leads nowhere.
 */
export async function categoriesOf(bff: Bff, ctx: RequestContext, products: Product[]) {
  const categories = await productCategoriesOf(bff, ctx);
  const used = categories.filter((category) => products.some((product) => product.ProduktkategorieId === category.Id));
  return used.length >= 2
    ? used.map((category) => ({ id: category.Id, name: category.Name, description: category.Beschreibung ?? "" }))
    : [];
}

function offersOf(bff: Bff, { api, tenant, locale }: RequestContext, tariffId: number) {
  return bff.sharedReads.ofTenant(tenant, { call: "offers", locale, args: [tariffId] }, () => getMobileOffers(api, tariffId));
}

/** Footnotes by the products' Identifier, numbered in the order the products show them. */
export async function footnotesFor(bff: Bff, { config, locale }: Pick<RequestContext, "config" | "locale">, products: Product[]) {
  const identifiers = [...new Set(products.flatMap((product) => (product.Fussnote ? [product.Fussnote] : [])))];
  const found = await Promise.all(
    identifiers.map((identifier) => bff.cms.optional(() => bff.cms.getFootnotes(config, identifier, locale))),
  );
  return identifiers.flatMap((identifier, index) =>
    (found[index] ?? []).map((note) => ({ identifier, title: note.Titel, text: note.Inhalt })),
  );
}

export class UnknownCategoryError extends Error {
  constructor(manufacturer: string) {
    super(`404 - Unknown category: ${manufacturer}`);
  }
}

/**
 * The offers of a device page: with a tariff (`tarifId`) only its devices, else those of every tariff
 * of the page's category; with a manufacturer only theirs (an unknown one is '404 - Unknown category').
 */
export async function offersFor(bff: Bff, ctx: RequestContext, landing: LandingPage, query: { tariffId?: number; manufacturer?: string }) {
  const tariffIds = query.tariffId ? [query.tariffId] : (await productsOf(bff, ctx, landing.category)).map((product) => product.Id);
  const offers = (await Promise.all(tariffIds.map((id) => offersOf(bff, ctx, id)))).flat();
  const ofDevice = offers.filter((offer) => !landing.device || offer.GeraeteTyp === landing.device);
  const manufacturers = [...new Set(ofDevice.map((offer) => offer.Hersteller))].sort();
  if (query.manufacturer && !manufacturers.includes(query.manufacturer)) throw new UnknownCategoryError(query.manufacturer);
  const shown: MobileOffer[] = ofDevice
    .filter((offer) => !query.manufacturer || offer.Hersteller === query.manufacturer)
    .sort((a, b) => a.Position - b.Position);
  return { offers: shown, manufacturers };
}
