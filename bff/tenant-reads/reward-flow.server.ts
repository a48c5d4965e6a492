// The reward pickup: the booking behind the reward token, the rewards to choose from today,
// and the step after the choice.
import { getMaxRewardValue } from "../catalogue/catalogue.server";
import { LegacyApiError } from "../legacy/errors";
import type { LegacyApi } from "../legacy/legacy-client.server";
import type { RequestContext } from "../portal/request-context.server";
import type { Bff } from "../portal/services.server";
import { todayIso } from "../recipient/rules";
import type { Reward } from "../reward/replies";
import { getRewardBooking, getRewards, type TokenLookups } from "../reward/reward.server";
import { isRewardValid, type RewardOffer, rewardOffer } from "../reward/rules";
import { optionalPart } from "../tenant/optional-part.server";
import { optionalSharedPart } from "../tenant/optional-part.server";
import { productsOf } from "./catalogue-flow.server";

export type BookingState =
  | { state: "invalid"; messageKey: "rewardTokenInvalid" | "rewardTokenExpired" }
  | { state: "collected"; chosen: Reward | null }
  | { state: "open"; praemierungstoken: string };

/** The booking of the request's reward token (checked within the client's budget of guesses), read as a state the page can show. */
export async function loadBookingState(request: Request, bff: Bff, api: LegacyApi, lookups: TokenLookups): Promise<BookingState> {
  if (!bff.cookies.reward.read(request)) return { state: "invalid", messageKey: "rewardTokenInvalid" };
  try {
    const booking = await lookups.token(() => getRewardBooking(api));
    return booking.Abgeholt
      ? { state: "collected", chosen: booking.Praemie ?? null }
      : { state: "open", praemierungstoken: booking.praemierungstoken };
  } catch (error) {
    if (error instanceof LegacyApiError && (error.messageKey === "rewardTokenInvalid" || error.messageKey === "rewardTokenExpired")) {
      return { state: "invalid", messageKey: error.messageKey };
    }
    throw error;
  }
}

/** The tenant's rewards, valid or not, from its shared catalogue. */
export function rewardsOf(bff: Bff, { tenant, locale, api }: Pick<RequestContext, "tenant" | "locale" | "api">) {
  return bff.sharedReads.ofTenant(tenant, { call: "rewards", locale }, () => getRewards(api));
}

/** The rewards valid today, from the tenant's shared catalogue. */
export async function rewardsValidToday(bff: Bff, ctx: Pick<RequestContext, "tenant" | "locale" | "api">) {
  const today = todayIso();
  return (await rewardsOf(bff, ctx)).filter((reward) => isRewardValid(reward, today));
}

/**
 * The highest reward a recommendation earns now, in cents (a number: the same in every language), shared by every request of the tenant;
 * null where the backend does not offer the figure or cannot give it now (then the page leaves the line out).
 */
export function maxRewardValueOf(bff: Bff, { tenant, api }: Pick<RequestContext, "tenant" | "api">) {
  return optionalSharedPart<number | null>(bff, tenant, { call: "maxRewardValue", locale: null }, () => getMaxRewardValue(api), null);
}

type OfferContext = Pick<RequestContext, "tenant" | "api" | "locale" | "config">;

/**
 * What the tenant's offers are made of (../reward/rules.ts): its rewards where they can be read now, else its best
 * figure (asked only then), and its recipient maximum.
 */
export async function offerSourcesOf(bff: Bff, ctx: OfferContext) {
  const tenantRewards = await optionalPart(bff, "rewards", () => rewardsOf(bff, ctx), null);
  const tenantBestCents = tenantRewards ? null : await maxRewardValueOf(bff, ctx);
  return { tenantRewards, tenantBestCents, recipientMaxCents: ctx.config.MaxEmpfaengerPraemieCent };
}

/** The tenant's offer and the rewards valid today it is made of (null where they cannot be read now), from one read. */
export async function tenantOfferOf(bff: Bff, ctx: OfferContext) {
  const sources = await offerSourcesOf(bff, ctx);
  const today = todayIso();
  return {
    offer: rewardOffer(sources, today),
    rewardsValidToday: sources.tenantRewards?.filter((reward) => isRewardValid(reward, today)) ?? null,
  };
}

/** What a recommendation of a product (or, with null, of any of the tenant's) brings each side now, by the one rule. */
export async function rewardOfferOf(
  bff: Bff,
  ctx: OfferContext,
  productRewards: readonly Reward[] | null | undefined,
): Promise<RewardOffer> {
  return rewardOffer({ ...(await offerSourcesOf(bff, ctx)), productRewards }, todayIso());
}

/** Each of the tenant's products with what recommending it brings now, by the one rule. */
export async function productOffersOf(bff: Bff, ctx: RequestContext) {
  const [products, sources] = await Promise.all([productsOf(bff, ctx), offerSourcesOf(bff, ctx)]);
  const today = todayIso();
  return products.map((product) => ({ product, offer: rewardOffer({ ...sources, productRewards: product.Praemien }, today) }));
}

/** Each product's offer by the name the recommender's list gives it (its shown name, else its name). */
export async function offersByProductName(bff: Bff, ctx: RequestContext) {
  const offers = new Map<string, RewardOffer>();
  for (const { product, offer } of await productOffersOf(bff, ctx))
    for (const name of [product.Name, product.AnzeigeName]) if (name && !offers.has(name)) offers.set(name, offer);
  return offers;
}

/** Cash needs the recommender's bank data before payout; a voucher does not. */
export function stepAfterChoice(reward: Reward): "bankData" | "thanks" {
  return reward.Art === "Ueberweisung" ? "bankData" : "thanks";
}
