// The catalogue in the legacy simulator: rewards, product categories, products (by category, by an
// external id), the highest reward and mobile offers; no pictures of them.
import { http, type HttpHandler, HttpResponse } from "msw";
import type { SimulatorKit } from "./kit";
import { legacyError } from "./replies";
import { isoDay, type SeedTenant } from "./seed";

/** Whether a reward is offered on that day (`YYYY-MM-DD`). */
export const rewardValidOn = (day: string) => (reward: SeedTenant["rewards"][number]) =>
  reward.Startdatum <= day && (!reward.Enddatum || reward.Enddatum >= day);

/** English names of the demo's rewards and categories: the backend answers in the language the portal asks for (X-Accept-Language). */
const IN_ENGLISH: Record<string, string> = {
  Geldprämie: "Cash reward",
  Einkaufsgutschein: "Shopping voucher",
  Sommeraktion: "Summer campaign",
  Winterprämie: "Winter reward",
  Festnetz: "Fixed network",
  Mobilfunk: "Mobile",
  Privat: "Private",
  Gewerbe: "Business",
  "Telefon und Internet für zu Hause.": "Phone and internet at home.",
  "Tarife und Smartphones für unterwegs.": "Tariffs and smartphones on the go.",
  "Für Sie und Ihre Familie.": "For you and your family.",
  "Für dich und deine Familie.": "For you and your family.",
  "Für Selbständige und Unternehmen.": "For the self-employed and companies.",
};

/** A reply's names in the language asked for, where the demo has them; German otherwise. */
function inLanguageOf<T extends { Name: string; Beschreibung?: string | null }>(request: Request, items: T[]): T[] {
  if (request.headers.get("x-accept-language") !== "en") return items;
  const english = (text: string) => IN_ENGLISH[text] ?? text;
  return items.map((item) => ({
    ...item,
    Name: english(item.Name),
    ...(item.Beschreibung ? { Beschreibung: english(item.Beschreibung) } : {}),
  }));
}

export function rewardHandlers({ legacy, today }: SimulatorKit): HttpHandler[] {
  return [
    http.get(
      "*/api/v1/praemie",
      legacy(({ request, tenant }) => HttpResponse.json(inLanguageOf(request, tenant.rewards))),
    ),
    http.get(
      "*/api/v1/praemie/:id/:kind",
      // Like many a backend, the demo's has no reward pictures: the portal draws its own (docs/decisions/057).
      legacy(() => legacyError(404, "PSOF0001")),
    ),
    http.get(
      "*/api/v1/:route/produkt/maxpraemiewert",
      legacy(({ tenant }) => {
        const valid = tenant.rewards.filter(rewardValidOn(isoDay(0, today())));
        return HttpResponse.json({ MaxPraemienwertCent: Math.max(0, ...valid.map((reward) => reward.WertCent)) });
      }),
    ),
  ];
}

export function productHandlers({ legacy }: SimulatorKit): HttpHandler[] {
  return [
    http.get(
      "*/api/v1/:route/produktkategorie",
      legacy(({ request, tenant }) => HttpResponse.json(inLanguageOf(request, tenant.categories))),
    ),
    http.get(
      "*/api/v1/:route/produkt",
      legacy(({ request, tenant }) => {
        const category = new URL(request.url).searchParams.get("kategorie");
        return HttpResponse.json(category ? tenant.products.filter((product) => product.Gruppe === category) : tenant.products);
      }),
    ),
    http.get(
      "*/api/v1/:route/produkt/extern/:externeId",
      legacy(({ params, request, tenant }) => {
        if (!new URL(request.url).searchParams.get("quelle")) return legacyError(400, "PSOF0001", "quelle is required");
        const product = tenant.products.find((item) => (item.ExterneId ?? String(item.Id)) === params.externeId);
        return product ? HttpResponse.json(product) : legacyError(404, "PSOF0001", "unknown external product id");
      }),
    ),
    http.get(
      "*/api/v1/:route/produkt/handytarife/:id",
      legacy(({ params, tenant }) => HttpResponse.json(tenant.mobileOffers.filter((offer) => String(offer.TarifId) === params.id))),
    ),
    // Nor product or category pictures.
    ...(["produkt", "produktkategorie"] as const).map((owner) =>
      http.get(
        `*/api/v1/:route/${owner}/:id/:picture`,
        legacy(() => legacyError(404, "PSOF0001")),
      ),
    ),
    http.get(
      "*/api/v1/:route/produkt/:id",
      legacy(({ params, tenant }) => {
        const product = tenant.products.find((item) => String(item.Id) === params.id);
        return product ? HttpResponse.json(product) : legacyError(404, "PSOF0001", "unknown product");
      }),
    ),
  ];
}
