// A recommendation as a recipient's link finds it in the legacy simulator: by number, by the link's
// hex check, by an offline code; a landing counted; the product's own link.
import { http, type HttpHandler, HttpResponse } from "msw";
import type { SimulatorKit } from "./kit";
import { legacyError, noContent } from "./replies";
import { isoDay, type SeedRecommendation, type SeedTenant } from "./seed";

/** The short URL and the full link of a recommendation, on the tenant's own address. */
export function recommendationLinks(tenant: SeedTenant, empfehlungsnummer: string) {
  return {
    KurzURL: `${tenant.config.MandantUrl}/e/${encodeURIComponent(empfehlungsnummer)}`,
    Empfehlungslink: `${tenant.config.MandantUrl}/empfaengerdaten/${encodeURIComponent(empfehlungsnummer)}`,
  };
}

/** Whether a recipient may still follow it: within its 60 days and not cancelled. */
export function followable(recommendation: SeedRecommendation | undefined): recommendation is SeedRecommendation {
  return !!recommendation && recommendation.createdDaysAgo <= 60 && recommendation.status !== "Storniert";
}

export const recommendationIn = (tenant: SeedTenant, empfehlungsnummer: string) =>
  tenant.recommendations.find((item) => item.empfehlungsnummer === empfehlungsnummer);

export function recommendationReply(tenant: SeedTenant, empfehlungsnummer: string, today: Date) {
  const found = recommendationIn(tenant, empfehlungsnummer);
  if (!found) return legacyError(404, "PSOF0219");
  const recommender = found.recommenderName ?? tenant.users.find((user) => user.email === found.recommenderEmail)!;
  return HttpResponse.json({
    Empfehlungsnummer: found.empfehlungsnummer,
    AnteilEmpfehler: found.anteilEmpfehler,
    Empfehler: { Vorname: recommender.vorname, Nachname: recommender.nachname, Email: found.recommenderEmail },
    AgbAkzeptiert: found.agbAccepted,
    ErstelltAm: isoDay(-found.createdDaysAgo, today),
    Produkt: { Id: found.productId, Name: found.productName },
    ...recommendationLinks(tenant, found.empfehlungsnummer),
  });
}

export function recommendationHandlers({ legacy, state, today }: SimulatorKit): HttpHandler[] {
  const byLink = legacy(({ params, tenant }) =>
    Buffer.from(params.id, "utf8").toString("hex") === params.hex.toLowerCase()
      ? recommendationReply(tenant, params.id, today())
      : legacyError(404, "PSOF0219"),
  );
  return [
    http.get(
      "*/api/v1/empfehlen/:no",
      legacy(({ params, tenant }) => recommendationReply(tenant, params.no, today())),
    ),
    http.get("*/api/v1/:route/empfehlen/any/:id/:hex", byLink),
    http.get("*/api/v1/:route/empfehlen/:id/:hex", byLink),
    http.put(
      "*/api/v1/:route/empfehlung/:id",
      legacy(({ params, tenant }) => {
        if (!recommendationIn(tenant, params.id)) return legacyError(404, "PSOF0219");
        state().landings.set(params.id, (state().landings.get(params.id) ?? 0) + 1);
        return noContent();
      }),
    ),
    http.get(
      "*/api/v1/:route/empfehlung/:id/produkt/produktlink",
      legacy(({ params, tenant, request }) => {
        const found = recommendationIn(tenant, params.id);
        if (!found) return legacyError(404, "PSOF0219");
        const channel = new URL(request.url).searchParams.get("channel") ?? "";
        return HttpResponse.json({
          Url: `https://www.${tenant.config.Mandant}.example/produkte/${found.productId}?channel=${encodeURIComponent(channel)}`,
        });
      }),
    ),
    http.get(
      "*/api/v1/:route/empfehlung/empfehlungscode/:code",
      legacy(({ params, tenant }) => {
        const number = tenant.offlineCodes[params.code.toUpperCase()];
        return number ? HttpResponse.json({ Empfehlungsnummer: number }) : legacyError(404, "PSOF0219");
      }),
    ),
  ];
}
