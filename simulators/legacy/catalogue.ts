// The catalogue in the legacy simulator: rewards, product categories, products (by category, by an
// external id), the highest reward, mobile offers, and stand-in pictures for each.
import { http, type HttpHandler, HttpResponse } from "msw";
import type { SimulatorKit } from "./kit";
import { legacyError, svgReply } from "./replies";
import { isoDay, type SeedTenant } from "./seed";

/** A stand-in product picture: its name on the tenant's colour. */
function catalogueSvg(name: string, size: number, colour: string) {
  // XML text: '&' written as an entity, or the picture would not parse (and not show).
  const text = name
    .replace(/[^\p{L}\d +&-]/gu, "")
    .slice(0, 24)
    .replace(/&/g, "&amp;");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${Math.round(size * 0.6)}" viewBox="0 0 320 192"><rect width="320" height="192" rx="16" fill="${colour}"/><text x="160" y="108" text-anchor="middle" font-family="sans-serif" font-size="26" fill="#fff">${text}</text></svg>`;
}

/** A stand-in reward picture: its value on a gold tile. */
function rewardSvg(value: string, size: number) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size * 2}" height="${size * 2}" viewBox="0 0 200 200"><rect width="200" height="200" rx="24" fill="#f2c94c"/><text x="100" y="115" text-anchor="middle" font-family="sans-serif" font-size="40">${value.replace(/[^\w €]/g, "")}</text></svg>`;
}

/** Whether a reward is offered on that day (`YYYY-MM-DD`). */
export const rewardValidOn = (day: string) => (reward: SeedTenant["rewards"][number]) =>
  reward.Startdatum <= day && (!reward.Enddatum || reward.Enddatum >= day);

export function rewardHandlers({ legacy, today }: SimulatorKit): HttpHandler[] {
  return [
    http.get(
      "*/api/v1/praemie",
      legacy(({ tenant }) => HttpResponse.json(tenant.rewards)),
    ),
    http.get(
      "*/api/v1/praemie/:id/:kind",
      legacy(({ params, tenant }) => {
        const reward = tenant.rewards.find((item) => String(item.Id) === params.id);
        if (!reward || !/^grafik(100|50|50empfehler|50empfaenger)$/.test(params.kind)) return legacyError(404, "PSOF0001");
        return svgReply(rewardSvg(reward.Wert, params.kind === "grafik100" ? 100 : 50));
      }),
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
      legacy(({ tenant }) => HttpResponse.json(tenant.categories)),
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
    ...(["produkt", "produktkategorie"] as const).map((kind) =>
      http.get(
        `*/api/v1/:route/${kind}/:id/:picture`,
        legacy(({ params, tenant }) => {
          const owner = (kind === "produkt" ? tenant.products : tenant.categories).find((item) => String(item.Id) === params.id);
          if (!owner || !["grafik", "sgrafik", "icon"].includes(params.picture)) return legacyError(404, "PSOF0001");
          const size = params.picture === "icon" ? 48 : params.picture === "sgrafik" ? 120 : 320;
          return svgReply(catalogueSvg(owner.Name, size, tenant.config.Farbe ?? "#1f4e79"));
        }),
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
