// What creating and sharing a recommendation needs beyond single calls.
import { getActiveCampaigns, getProduct } from "../catalogue/catalogue.server";
import { LegacyApiError, NotFoundError } from "../legacy/errors";
import type { LegacyApi } from "../legacy/legacy-client.server";
import type { RequestContext } from "../portal/request-context.server";
import type { Bff } from "../portal/services.server";
import {
  getRecommenderRecommendations,
  getTenantPortalRecommendations,
  lookUpRecommendation,
  type NumberLookups,
} from "../recommendation/recommendation.server";
import type { Recommendation } from "../recommendation/replies";
import { type RewardOffer, splitOffer } from "../reward/rules";
import { optionalSharedPart } from "../tenant/optional-part.server";
import { productOf } from "../tenant-reads/catalogue-flow.server";
import { rewardOfferOf } from "../tenant-reads/reward-flow.server";

/** A read whose 404 from the backend is this portal's 404 page. */
async function orNotFoundPage<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof LegacyApiError && error.upstreamStatus === 404) throw new NotFoundError(error.call);
    throw error;
  }
}

/** The product a recommendation is for; an id that is not a product is a 404 page. */
export async function loadRecommendableProduct(api: LegacyApi, param: string | undefined) {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError(`product ${param}`);
  const product = await orNotFoundPage(() => getProduct(api, id));
  return {
    id: product.Id,
    name: product.AnzeigeName ?? product.Name,
    description: product.Beschreibung1 ?? null,
    rewards: product.Praemien ?? null,
  };
}

/** The recommendation to share, within the asking client's budget of guesses; a number the backend does not know is a 404 page. */
export function loadSharedRecommendation(lookups: NumberLookups, api: LegacyApi, empfehlungsnummer: string) {
  return orNotFoundPage(() => lookUpRecommendation(lookups, api, empfehlungsnummer));
}

/**
 * What a shared recommendation brings each side after its split, by the one rule (bff/reward/rules.ts); the
 * recommender's part is unknown where its product cannot be read now.
 */
export async function rewardOfRecommendation(bff: Bff, ctx: RequestContext, recommendation: Recommendation): Promise<RewardOffer> {
  const product = await productOf(bff, ctx, recommendation.Produkt.Id);
  const offer = product
    ? await rewardOfferOf(bff, ctx, product.Praemien)
    : { cashCents: null, voucherCents: null, upToCents: null, friendCents: ctx.config.MaxEmpfaengerPraemieCent };
  return splitOffer(offer, recommendation.AnteilEmpfehler);
}

/** The tenant's active campaigns, shared by every request; none where the backend lacks the endpoint or cannot give them now. */
export function activeCampaignsOf(bff: Bff, { api, tenant, locale }: Pick<RequestContext, "api" | "tenant" | "locale">) {
  return optionalSharedPart(bff, tenant, { call: "campaigns", locale }, () => getActiveCampaigns(api), []);
}

/** The recommender's recommendations, from the list of the tenant's kind of portal (its `portal` setting). */
export function recommendationsOf({ api, tenant }: Pick<RequestContext, "api" | "tenant">) {
  return tenant.portal === "insurance" ? getRecommenderRecommendations(api) : getTenantPortalRecommendations(api);
}

/** The recommender's open recommendation of this product (the newest), which the backend refuses to make twice; null when none is listed. */
export async function openRecommendationOf(ctx: Pick<RequestContext, "api" | "tenant">, productName: string) {
  const open = (await recommendationsOf(ctx)).filter((item) => item.Produkt === productName && item.Status === "Offen");
  return open.sort((a, b) => b.ErstelltAm.localeCompare(a.ErstelltAm))[0]?.Empfehlungsnummer ?? null;
}
