// A tenant's own settings in the legacy simulator: its configuration, route names, campaigns, and
// the texts and variables it shows on top of the portal's.
import { http, type HttpHandler, HttpResponse } from "msw";
import type { SimulatorKit } from "./kit";

/**
 * The tenants' own texts and variables (content/getlanguagecontent, content/variables): keyed by the
 * portal's text keys, shown on top of the portal's texts. FRIDAY offers German only.
 */
const TENANT_CONTENT: Record<
  string,
  { languages: string[]; texts: Record<string, Record<string, string>>; variables: Record<string, string> }
> = {
  telekom: {
    languages: ["de", "en"],
    texts: {
      de: {
        "home_page.howItWorks": "So einfach geht's",
        "contact.intro": "Schreiben Sie uns, oder rufen Sie an: {{Hotline}}. Felder mit * sind Pflichtfelder.",
      },
      en: { "home_page.howItWorks": "As easy as this", "contact.intro": "Write to us, or call {{Hotline}}. Fields marked * are required." },
    },
    variables: {
      Hotline: "0800 330 1000",
      Servicezeiten: "Mo–Fr 8–20 Uhr",
      KontaktEmail: "empfehlung@telekom.example",
      Anbieter: "Telekom Deutschland GmbH",
    },
  },
  allianz: {
    languages: ["de", "en"],
    texts: {},
    variables: {
      Hotline: "0800 112 2334",
      KontaktEmail: "empfehlung@allianz.example",
      Anbieter: "Allianz Generalvertretung Muster & Partner",
    },
  },
  friday: {
    languages: ["de"],
    texts: { de: { "home_page.howItWorks": "So wirbst du Freunde" } },
    variables: { Hotline: "0800 44 55 66", KontaktEmail: "freunde@friday.example", Anbieter: "FRIDAY Insurance S.A." },
  },
};

/**
 * The telecom's campaign: a draw whose prize and last day it states itself, since a campaign's reply carries no amount or
 * date the portal could show (decision 071); it raises no reward, so no page's amount changes with it.
 */
function campaignsOf(tenantId: string, today: Date) {
  if (tenantId !== "telekom") return [];
  const lastDay = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
  const until = lastDay.toLocaleDateString("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
  return [
    {
      AktionsId: 1,
      Titel: "Monatsverlosung",
      Text: `Wer bis ${until} einen Empfehlungslink erstellt, nimmt an der Verlosung von 10 Einkaufsgutscheinen über je 100 € teil. Ihre Prämie bleibt, wie sie ist.`,
      RechtsText: "Teilnahmebedingungen gelten.",
      abgehakt: false,
      Zustimmung: false,
    },
  ];
}

export function tenantHandlers({ legacy, state, today }: SimulatorKit): HttpHandler[] {
  return [
    http.get(
      "*/api/v1/mandant/:route",
      legacy(({ tenant }) => HttpResponse.json(tenant.config)),
    ),
    http.get(
      "*/api/v1/route/default",
      legacy(() => HttpResponse.json(state().defaultRoutes)),
    ),
    http.get(
      "*/api/v1/aktion/alleAktiven",
      // The standard tenant's backend predates campaigns: the endpoint is missing there.
      legacy(({ tenantId }) =>
        tenantId === "standard" ? new HttpResponse(null, { status: 404 }) : HttpResponse.json(campaignsOf(tenantId, today())),
      ),
    ),
    ...tenantContentHandlers(legacy),
  ];
}

function tenantContentHandlers(legacy: SimulatorKit["legacy"]): HttpHandler[] {
  return [
    http.get(
      "*/api/v1/content/getlanguages",
      legacy(({ tenantId }) => HttpResponse.json(TENANT_CONTENT[tenantId]?.languages ?? ["de", "en"])),
    ),
    http.get(
      "*/api/v1/content/getlanguagecontent/:language",
      legacy(({ params, tenantId }) => HttpResponse.json(TENANT_CONTENT[tenantId]?.texts[params.language] ?? {})),
    ),
    http.get(
      "*/api/v1/content/variables",
      legacy(({ tenantId }) => HttpResponse.json(TENANT_CONTENT[tenantId]?.variables ?? {})),
    ),
    http.post(
      "*/api/v1/content/variables/:page",
      legacy(async ({ request, tenantId }) => {
        const body = (await request.json().catch(() => null)) as { Namen?: unknown } | null;
        const names = Array.isArray(body?.Namen) ? body.Namen.map(String) : [];
        const variables = TENANT_CONTENT[tenantId]?.variables ?? {};
        return HttpResponse.json(Object.fromEntries(names.filter((name) => name in variables).map((name) => [name, variables[name]])));
      }),
    ),
  ];
}
