// Products as the catalogue pages show them: prices in euros from cents, footnote numbers, rewards.
import { devicesForTariffCategory } from "../catalogue/landing-pages.server";
import type { Product } from "../catalogue/replies";
import type { RequestContext } from "../portal/request-context.server";
import type { Bff } from "../portal/services.server";
import { todayIso } from "../recipient/rules";
import { type RewardOffer, rewardOffer } from "../reward/rules";
import { footnotesFor } from "./catalogue-flow.server";
import { offerSourcesOf } from "./reward-flow.server";

/** How a card shows a price in euros and a product's name (the page decides: its language, its hyphenation). */
export type CardFormats = { cents: (cents: number) => string; name: (name: string) => string };

type Formatters = CardFormats & {
  footnoteNumber: (identifier: string) => number | null;
  offerOf: (product: Product) => RewardOffer;
};

/** The cards of a product list and the footnotes they point at, numbered in order. */
export async function productCards(bff: Bff, ctx: RequestContext, products: Product[], { cents, name }: CardFormats) {
  const [notes, sources] = await Promise.all([footnotesFor(bff, ctx, products), offerSourcesOf(bff, ctx)]);
  const footnoteNumber = (identifier: string) => notes.findIndex((note) => note.identifier === identifier) + 1 || null;
  const today = todayIso();
  const offerOf = (product: Product) => rewardOffer({ ...sources, productRewards: product.Praemien }, today);
  return { products: products.map((product) => toProductCard(product, { cents, name, footnoteNumber, offerOf })), notes };
}

function toProductCard(product: Product, { cents, name, footnoteNumber, offerOf }: Formatters) {
  return {
    id: product.Id,
    name: name(product.AnzeigeName ?? product.Name),
    description: product.Beschreibung1 ?? null,
    monthly: product.PreisMonatlich ? cents(product.PreisMonatlich) : null,
    oneOff: product.PreisEinmalig ? cents(product.PreisEinmalig) : null,
    footnote: product.Fussnote ? footnoteNumber(product.Fussnote) : null,
    offer: offerOf(product),
    devices: devicesForTariffCategory[product.Gruppe ?? ""] ?? [],
  };
}
