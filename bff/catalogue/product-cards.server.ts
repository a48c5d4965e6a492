// Products as the catalogue pages show them: prices in euros from cents, footnote numbers, rewards.
import type { RequestContext } from "../core/request-context.server";
import type { Bff } from "../core/services.server";
import { todayIso } from "../recipient/rules";
import { isRewardValid } from "../reward/reward.server";
import { footnotesFor } from "./catalogue-flow.server";
import { devicesForTariffCategory } from "./landing-pages.server";
import type { Product } from "./replies";

type Formatters = { cents: (cents: number) => string; footnoteNumber: (identifier: string) => number | null };

/** The cards of a product list and the footnotes they point at, numbered in order. */
export async function productCards(bff: Bff, page: RequestContext, products: Product[], cents: (value: number) => string) {
  const notes = await footnotesFor(bff, page, products);
  const footnoteNumber = (identifier: string) => notes.findIndex((note) => note.identifier === identifier) + 1 || null;
  return { products: products.map((product) => toProductCard(product, { cents, footnoteNumber })), notes };
}

function toProductCard(product: Product, { cents, footnoteNumber }: Formatters) {
  return {
    id: product.Id,
    name: product.AnzeigeName ?? product.Name,
    description: product.Beschreibung1 ?? null,
    monthly: product.PreisMonatlich ? cents(product.PreisMonatlich) : null,
    oneOff: product.PreisEinmalig ? cents(product.PreisEinmalig) : null,
    footnote: product.Fussnote ? footnoteNumber(product.Fussnote) : null,
    rewards: (product.Praemien ?? []).filter((reward) => isRewardValid(reward, todayIso())).map((reward) => reward.Wert),
    devices: devicesForTariffCategory[product.Gruppe ?? ""] ?? [],
  };
}
